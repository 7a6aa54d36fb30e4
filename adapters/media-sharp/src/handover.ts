/**
 * Photos cross to the pipeline's processes, and their results back, as files in a private directory instead of
 * through the process pipe (issue 35 item 6; docs/decisions/media.md "A photo crosses to the pipeline as a file").
 * Sent through the pipe, a 3.6 MB photo was serialised on the server's event loop (10-14 ms at a time, and again
 * for the results); a file is written and read by libuv's threads. Whatever cannot be written (a full disk) goes
 * through the pipe as before: a file is a faster way, never the only one.
 *
 * The directory is the server's own (mode 0700, named with its process id, under the server's data directory) and
 * removed when the pool closes; one left by a server that died is removed by the next server started there. Every
 * file is removed once its image has been read back or given up.
 */
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { BODY_TOO_LARGE, UPLOAD_BODY_HEAD_BYTES, type MediaOutcome, type ProcessedImage, type ReceivedUploadBody, type UploadBody } from '@eid/domain';

const PREFIX = 'eid-media-';
const OWNED = /^eid-media-(\d+)-/;

/** A processed image as a pipeline process answers it: its bytes in the answer, or in a file beside the photo's. */
export type HandedImage = Omit<ProcessedImage, 'bytes'> & ({ readonly bytes: Uint8Array } | { readonly file: string });
export type HandedOutcome = { readonly ok: true; readonly image: HandedImage; readonly thumbnail: HandedImage } | Extract<MediaOutcome, { ok: false }>;

/** The directories this process made (a second pool in the same process must not take them for abandoned ones). */
const made = new Set<string>();
/** When this process started: a directory with its id made before then is an earlier process's. */
const STARTED = Date.now() - process.uptime() * 1000;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user has that id; its directory is not ours to judge.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the directories of servers that are no longer running (a crash leaves its photos behind): this user's
 * directories whose process has ended, or that carry this process's id from before it started. What cannot be
 * removed is left (it never stops the server from starting).
 */
function removeAbandoned(root: string): void {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = OWNED.exec(name)?.[1];
    const dir = join(root, name);
    if (pid === undefined || made.has(dir)) continue;
    try {
      const stat = lstatSync(dir);
      if (!stat.isDirectory() || stat.uid !== process.getuid?.()) continue;
      const abandoned = Number(pid) === process.pid ? stat.mtimeMs < STARTED : !alive(Number(pid));
      if (abandoned) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another's, or gone meanwhile: left as it is.
    }
  }
}

/** An upload's body longer than it may be: the part received is removed, the rest not read. */
export class BodyTooLarge extends Error {
  readonly code = BODY_TOO_LARGE;

  constructor() {
    super('the body is longer than allowed');
    this.name = 'BodyTooLarge';
  }
}

/**
 * An upload's body written to the server's directory as it arrived (issue 35 item 6): the server never holds it
 * whole, and the pipeline's process reads it where it lies. Its file is removed by `dispose` once the upload is
 * answered.
 */
export class SpooledBody implements ReceivedUploadBody {
  constructor(
    readonly file: string,
    readonly length: number,
    readonly head: Uint8Array,
  ) {}

  async bytes(): Promise<Uint8Array> {
    const bytes = await readFile(this.file);
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  async dispose(): Promise<void> {
    await rm(this.file, { force: true });
  }
}

export class Handover {
  private next = 0;

  private constructor(readonly dir: string) {}

  private newFile(): string {
    return join(this.dir, `${(this.next++).toString(36)}`);
  }

  /**
   * An upload's body written to a file of its own as its chunks arrive, at most `maxBytes` of it (more: BodyTooLarge,
   * nothing kept). Null when no file can be made (the caller keeps the body in memory); a body that breaks off, or a
   * write that fails, leaves no file behind and is thrown.
   */
  async spool(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<SpooledBody | null> {
    const file = this.newFile();
    let handle;
    try {
      handle = await open(file, 'wx', 0o600);
    } catch {
      return null;
    }
    const head = new Uint8Array(UPLOAD_BODY_HEAD_BYTES);
    let inHead = 0;
    let length = 0;
    try {
      for await (const chunk of source) {
        length += chunk.length;
        if (length > maxBytes) throw new BodyTooLarge();
        if (inHead < head.length) {
          const part = chunk.subarray(0, head.length - inHead);
          head.set(part, inHead);
          inHead += part.length;
        }
        for (let written = 0; written < chunk.length; ) written += (await handle.write(chunk, written)).bytesWritten;
      }
      await handle.close();
      return new SpooledBody(file, length, head.subarray(0, inHead));
    } catch (error) {
      await handle.close().catch(() => undefined);
      await rm(file, { force: true });
      throw error;
    }
  }

  /** Is this a body this directory holds (the pipeline's process may read it where it lies)? */
  holds(body: UploadBody): body is SpooledBody {
    return body instanceof SpooledBody && dirname(body.file) === this.dir;
  }

  /** The server's directory, under `root` (made if missing; the system's temporary directory by default). */
  static create(root: string = tmpdir()): Handover {
    mkdirSync(root, { recursive: true, mode: 0o700 });
    removeAbandoned(root);
    const dir = mkdtempSync(join(root, `${PREFIX}${process.pid}-`));
    made.add(dir);
    return new Handover(dir);
  }

  /** The photo written to a file of its own; null when it cannot be (it then goes through the pipe). */
  async put(bytes: Uint8Array): Promise<string | null> {
    const file = this.newFile();
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

  /**
   * Removes the photo's results' files (after they were read, or when the photo was given up) and, unless it is an
   * upload's body (removed when the upload is answered), the photo's.
   */
  async drop(file: string, withPhoto = true): Promise<void> {
    await Promise.all([...(withPhoto ? [file] : []), imageFile(file), thumbnailFile(file)].map((f) => rm(f, { force: true })));
  }

  /**
   * Removes a given-up photo's files now and once more after `laterMs`: a process whose time ran out may still
   * write its results until the pool has ended it.
   */
  async dropGivenUp(file: string, laterMs: number, withPhoto = true): Promise<void> {
    await this.drop(file, withPhoto);
    setTimeout(() => void this.drop(file, withPhoto).catch(() => undefined), laterMs).unref();
  }

  /** Removes the directory (the pool is closing). */
  close(): void {
    made.delete(this.dir);
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
