/**
 * Photos cross to the pipeline's processes, and their results back, as files in a private directory instead of
 * through the process pipe (issue 35 item 6; docs/decisions/media.md "A photo crosses to the pipeline as a file").
 * Sent through the pipe, a 3.6 MB photo was serialised on the server's event loop (10-14 ms at a time, and again
 * for the results); a file is written and read by libuv's threads. Whatever cannot be written (a full disk) goes
 * through the pipe as before: a file is a faster way, never the only one.
 *
 * The directory is the server's own (mode 0700, named with its process id) and removed when the pool closes; one
 * left by a server that died is removed by the next server started on the machine. Every file is removed once its
 * image has been read back or given up.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaOutcome, ProcessedImage } from '@eid/domain';

const PREFIX = 'eid-media-';
const OWNED = /^eid-media-(\d+)-/;

/** A processed image as a pipeline process answers it: its bytes in the answer, or in a file beside the photo's. */
export type HandedImage = Omit<ProcessedImage, 'bytes'> & ({ readonly bytes: Uint8Array } | { readonly file: string });
export type HandedOutcome = { readonly ok: true; readonly image: HandedImage; readonly thumbnail: HandedImage } | Extract<MediaOutcome, { ok: false }>;

const alive = (pid: number): boolean => {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user has that id; its directory is not ours to judge.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Removes the directories of servers that are no longer running (a crash leaves its photos behind). */
function removeAbandoned(root: string): void {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = OWNED.exec(name)?.[1];
    if (pid !== undefined && !alive(Number(pid))) rmSync(join(root, name), { recursive: true, force: true });
  }
}

export class Handover {
  private next = 0;

  private constructor(readonly dir: string) {}

  /** The server's directory, under `root` (the system's temporary directory by default). */
  static create(root: string = tmpdir()): Handover {
    removeAbandoned(root);
    return new Handover(mkdtempSync(join(root, `${PREFIX}${process.pid}-`)));
  }

  /** The photo written to a file of its own; null when it cannot be (it then goes through the pipe). */
  async put(bytes: Uint8Array): Promise<string | null> {
    const file = join(this.dir, `${(this.next++).toString(36)}`);
    try {
      await writeFile(file, bytes, { mode: 0o600 });
      return file;
    } catch {
      await rm(file, { force: true });
      return null;
    }
  }

  /** The outcome with every image's bytes read back from its file. */
  async take(outcome: HandedOutcome): Promise<MediaOutcome> {
    if (!outcome.ok) return outcome;
    const [image, thumbnail] = await Promise.all([read(outcome.image), read(outcome.thumbnail)]);
    return { ok: true, image, thumbnail };
  }

  /** Removes the photo's file and its results' (after they were read, or when the photo was given up). */
  async drop(file: string): Promise<void> {
    await Promise.all([file, imageFile(file), thumbnailFile(file)].map((f) => rm(f, { force: true })));
  }

  /** Removes the directory (the pool is closing). */
  close(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

async function read(image: HandedImage): Promise<ProcessedImage> {
  if ('bytes' in image) return image;
  const { file, ...rest } = image;
  const bytes = await readFile(file);
  return { ...rest, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}

export const imageFile = (photo: string): string => `${photo}.image`;
export const thumbnailFile = (photo: string): string => `${photo}.thumbnail`;

/** In a pipeline process: the results written beside the photo; the bytes in the answer if a file cannot be written. */
export async function handBack(outcome: MediaOutcome, photo: string): Promise<HandedOutcome> {
  if (!outcome.ok) return outcome;
  const write = async (image: ProcessedImage, file: string): Promise<HandedImage> => {
    try {
      await writeFile(file, image.bytes, { mode: 0o600 });
      const { bytes: _written, ...rest } = image;
      return { ...rest, file };
    } catch {
      return { ...image, bytes: new Uint8Array(image.bytes) };
    }
  };
  const [image, thumbnail] = await Promise.all([write(outcome.image, imageFile(photo)), write(outcome.thumbnail, thumbnailFile(photo))]);
  return { ok: true, image, thumbnail };
}
