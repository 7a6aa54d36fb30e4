/**
 * An upload's body as the blob route receives it (issue 35 item 6; docs/decisions/media.md "An upload's body goes
 * to a file as it arrives"): written to the pipeline's directory chunk by chunk, so that the server never holds a
 * 3.6 MB photo in its memory (the buffers the collector ran after); in memory, as before, when no file can be made
 * there. Cut at `maxBytes` either way (TOO_BIG).
 */
import type { Readable } from 'node:stream';
import { BodyTooLarge, type SpooledBody } from '@eid/adapter-media-sharp';
import { uploadBodyOf, type UploadBody } from '@eid/domain';
import { HttpError } from '../http-error.js';

/** A received body, and how its file is removed once the upload is answered (nothing to remove in memory). */
export type ReceivedBody = UploadBody & { dispose(): Promise<void> };

export interface BodySpool {
  spool(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<SpooledBody | null>;
}

export async function receiveBody(payload: Readable, declared: number | null, maxBytes: number, spool: BodySpool): Promise<ReceivedBody> {
  // A body cut for its length is not destroyed but read past, unkept: the connection stays for the answer (TOO_BIG).
  const chunks = payload.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>;
  try {
    const spooled = await spool.spool(chunks, maxBytes);
    if (spooled) return spooled;
    return { ...uploadBodyOf(await collect(chunks, declared, maxBytes)), dispose: async () => undefined };
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    payload.resume();
    throw new HttpError(413, 'TOO_BIG');
  }
}

/**
 * The body in memory: the first 1 MiB (at most) reserved before bytes come; past it the chunks kept as they arrive
 * and copied once, into a buffer of the exact length, at the end (nothing reserved for bytes not yet sent).
 */
async function collect(payload: AsyncIterable<Uint8Array>, declared: number | null, maxBytes: number): Promise<Uint8Array> {
  const first = Buffer.allocUnsafe(declared !== null && declared > 0 ? Math.min(declared, 1024 * 1024) : 64 * 1024);
  const rest: Uint8Array[] = [];
  let inFirst = 0;
  let length = 0;
  for await (const chunk of payload) {
    if (length + chunk.length > maxBytes) throw new BodyTooLarge();
    if (rest.length === 0 && inFirst + chunk.length <= first.length) {
      first.set(chunk, inFirst);
      inFirst += chunk.length;
    } else rest.push(chunk);
    length += chunk.length;
  }
  return rest.length === 0 ? first.subarray(0, length) : Buffer.concat([first.subarray(0, inFirst), ...rest], length);
}
