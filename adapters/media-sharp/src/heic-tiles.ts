/**
 * A grid HEIC's tiles decoded by several threads at once (issue 35 item 6): a phone's 12 MP HEIC is 48 tiles of
 * 512 px, each coded alone, and libheif in WebAssembly decodes one on one thread. This thread decodes its share while
 * helpers (worker threads of this pipeline process, started at its first grid and kept) decode theirs, each into the
 * same shared pixels. A helper that fails, or ends, fails the photo (FAILED_CONVERSION); the next grid starts another.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { HeifFile, HeifTiling } from './libheif.js';

export interface TileJob {
  readonly bytes: Uint8Array;
  readonly tiles: ReadonlyArray<readonly [number, number]>;
  readonly tiling: HeifTiling;
  /** The whole image's RGB rows (width × height × 3), shared by every thread. */
  readonly pixels: SharedArrayBuffer;
  readonly width: number;
  readonly height: number;
}
export type TileAnswer = { readonly ok: true } | { readonly ok: false; readonly error: string };

/** Threads decoding one photo, this one included: one per core, at most 4. */
export const DECODE_THREADS = Math.max(1, Math.min(4, availableParallelism()));

/** The helper's code, compiled: resolves from `src/` (tests) and `dist/` alike, as the pipeline's process does. */
const SCRIPT = fileURLToPath(new URL('../dist/heic-tile-worker.js', import.meta.url));

class Helper {
  private readonly worker = new Worker(SCRIPT);
  private pending: { resolve: () => void; reject: (error: Error) => void } | null = null;
  ended = false;

  constructor() {
    // It does not keep the process alive: the process ends when its pool ends it.
    this.worker.unref();
    this.worker.on('message', (answer: TileAnswer) => {
      const pending = this.pending;
      this.pending = null;
      if (answer.ok) pending?.resolve();
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

  run(job: TileJob): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.postMessage(job);
    });
  }
}

const helpers: Helper[] = [];
const helper = (i: number): Helper => {
  if (!helpers[i] || helpers[i].ended) helpers[i] = new Helper();
  return helpers[i];
};

/** One grid at a time: the helpers take one job each. */
let turn: Promise<unknown> = Promise.resolve();

/**
 * The coded grid of `file` (its `bytes`) as RGB pixels, `width` × `height` (the grid's own size, before any
 * transformation), decoded by up to DECODE_THREADS threads.
 */
export function decodeTiles(file: HeifFile, bytes: Uint8Array, tiling: HeifTiling, width: number, height: number): Promise<Uint8Array> {
  const run = turn.then(async () => {
    const pixels = new SharedArrayBuffer(width * height * 3);
    const all: Array<readonly [number, number]> = [];
    for (let y = 0; y < tiling.rows; y++) for (let x = 0; x < tiling.columns; x++) all.push([x, y]);
    const threads = Math.min(DECODE_THREADS, all.length);
    // Every n-th tile: each thread's share is spread over the whole picture (its parts cost alike).
    const shares = Array.from({ length: threads }, (_, i) => all.filter((_, j) => j % threads === i));
    const theirs = shares.slice(1).map((tiles, i) => helper(i).run({ bytes, tiles, tiling, pixels, width, height }));
    let failed: unknown = null;
    try {
      const out = new Uint8Array(pixels);
      for (const [x, y] of shares[0]!) file.decodeTileInto(x, y, tiling, out, width, height);
    } catch (error) {
      failed = error;
    }
    // Every helper is done before the next grid (or the caller) goes on, whatever happened here.
    const answers = await Promise.allSettled(theirs);
    if (failed) throw failed;
    for (const answer of answers) if (answer.status === 'rejected') throw answer.reason;
    return new Uint8Array(pixels);
  });
  turn = run.catch(() => undefined);
  return run;
}
