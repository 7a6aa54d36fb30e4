/**
 * The decoding threads of a pipeline process (issue 35 item 6): libheif in WebAssembly decodes one image on one
 * thread, and a phone's 12 MP HEIC is a grid of 48 tiles of 512 px, each coded alone — so each thread decodes every
 * n-th tile into the same shared pixels. One thread per core (at most 4), started at the first HEIC and kept, at the
 * process's low priority (they inherit it). libheif never runs on the process's own thread (heic-thread.ts).
 *
 * A thread that fails answers its failure (the photo: FAILED_CONVERSION); one that ends, or aborts (and then ends),
 * fails what it was doing and is replaced at the next HEIC; one that hangs is ended with its process by the pool's time
 * limit. With one process per core, a machine may run cores × cores of them: each holds libheif's memory for a tile
 * or two at a time (a few MB; an image decoded whole, the first thread's, its whole pixels).
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { HeifTiling, HeifTransform } from './libheif.js';

/** What a decoding thread tells of a HEIC before anything is decoded. */
export interface Inspection {
  /** After its transformations (a turned image's width is its coded height). */
  readonly width: number;
  readonly height: number;
  readonly hasAlpha: boolean;
  readonly tiling: HeifTiling;
  readonly transforms: readonly HeifTransform[];
  /** Every tile of its grid is the size of the first (true for an image that is not a grid). */
  readonly tilesMatch: boolean;
}

/** What libheif may decode of a file: no image, tile or alpha layer over `maxPixels`, no more than `maxTiles` tiles. */
export interface HeifLimits {
  readonly maxPixels: number;
  readonly maxTiles: number;
}

export type ThreadJob =
  | { readonly kind: 'inspect'; readonly bytes: SharedArrayBuffer; readonly limits: HeifLimits }
  | {
      readonly kind: 'tiles';
      readonly bytes: SharedArrayBuffer;
      readonly limits: HeifLimits;
      readonly tiles: ReadonlyArray<readonly [number, number]>;
      readonly tiling: HeifTiling;
      /** The whole coded image's RGB rows (tiling.width × tiling.height × 3), shared by every thread. */
      readonly pixels: SharedArrayBuffer;
    }
  | { readonly kind: 'whole'; readonly bytes: SharedArrayBuffer; readonly limits: HeifLimits }
  | { readonly kind: 'memory' };

export type ThreadAnswer =
  /** `fatal`: libheif aborted, and the thread ends. */
  | { readonly ok: false; readonly error: string; readonly fatal?: boolean }
  | { readonly ok: true; readonly inspection?: Inspection | null; readonly whole?: { width: number; height: number; data: ArrayBuffer } | null; readonly memory?: number };

/** Decoding threads: one per core, at most 4. */
export const DECODE_THREADS = Math.max(1, Math.min(4, availableParallelism()));

/** The thread's code, compiled: resolves from `src/` (tests) and `dist/` alike, as the pipeline's process does. */
const SCRIPT = fileURLToPath(new URL('../dist/heic-thread.js', import.meta.url));

class DecodingThread {
  private readonly worker = new Worker(SCRIPT);
  private pending: { resolve: (answer: ThreadAnswer & { ok: true }) => void; reject: (error: Error) => void } | null = null;
  ended = false;

  constructor() {
    // It does not keep the process alive: the process ends when its pool ends it.
    this.worker.unref();
    this.worker.on('message', (answer: ThreadAnswer) => {
      const pending = this.pending;
      this.pending = null;
      if (!answer.ok && answer.fatal) {
        // Nothing more is sent to it (it ends itself; ended here at once, not at its exit, which comes later).
        this.ended = true;
        void this.worker.terminate();
      }
      if (answer.ok) pending?.resolve(answer);
      else pending?.reject(new Error(answer.error));
    });
    const end = (error: Error) => {
      this.ended = true;
      this.pending?.reject(error);
      this.pending = null;
    };
    this.worker.on('error', end);
    this.worker.on('exit', (code) => end(new Error(`a HEIC decoding thread ended (${code})`)));
  }

  call(job: ThreadJob): Promise<ThreadAnswer & { ok: true }> {
    return new Promise((resolve, reject) => {
      if (this.ended) return reject(new Error('a HEIC decoding thread ended'));
      // One job at a time (oneAtATime): a second would take the first's answer.
      if (this.pending) return reject(new Error('a HEIC decoding thread is busy'));
      this.pending = { resolve, reject };
      this.worker.postMessage(job);
    });
  }

  stop(): Promise<number> {
    return this.worker.terminate();
  }
}

const threads: DecodingThread[] = [];
/** Thread i, started anew if it has ended. */
export const thread = (i: number): DecodingThread => {
  if (!threads[i] || threads[i].ended) threads[i] = new DecodingThread();
  return threads[i];
};

/** One HEIC at a time: each thread takes one job at a time. */
let turn: Promise<unknown> = Promise.resolve();
export function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = turn.then(work);
  turn = run.catch(() => undefined);
  return run;
}

/**
 * The coded grid of the file (`bytes`, shared) as RGB pixels, tiling.width × tiling.height (before any
 * transformation), decoded by up to DECODE_THREADS threads; every thread done, whatever happened, before it answers.
 */
export async function decodeTiles(bytes: SharedArrayBuffer, tiling: HeifTiling, limits: HeifLimits): Promise<Uint8Array> {
  const pixels = new SharedArrayBuffer(tiling.width * tiling.height * 3);
  const all: Array<readonly [number, number]> = [];
  for (let y = 0; y < tiling.rows; y++) for (let x = 0; x < tiling.columns; x++) all.push([x, y]);
  const count = Math.min(DECODE_THREADS, all.length);
  // Every n-th tile: each thread's share is spread over the whole picture (its parts cost alike).
  const shares = Array.from({ length: count }, (_, i) => all.filter((_, j) => j % count === i));
  const calls = shares.map((tiles, i) => thread(i).call({ kind: 'tiles', bytes, limits, tiles, tiling, pixels }));
  testing.afterTilesPosted?.();
  const answers = await Promise.allSettled(calls);
  for (const answer of answers) if (answer.status === 'rejected') throw answer.reason;
  return new Uint8Array(pixels);
}

/** The decoding threads' libheif memory, each (for the tests: it grows by whatever a thread leaves behind). */
export function decodingThreadsMemory(): Promise<number[]> {
  return oneAtATime(() => Promise.all(Array.from({ length: DECODE_THREADS }, async (_, i) => (await thread(i).call({ kind: 'memory' })).memory ?? 0)));
}

/** For the tests: called once a grid's tiles are given to the threads (to end them in the middle of it). */
export const testing: { afterTilesPosted: (() => void) | null } = { afterTilesPosted: null };

/** Ends every decoding thread (the next HEIC starts them anew). */
export async function stopDecodingThreads(): Promise<void> {
  await Promise.all(threads.splice(0).map((t) => t.stop()));
}
