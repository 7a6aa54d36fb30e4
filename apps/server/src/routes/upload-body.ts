/**
 * An upload's body as the blob route receives it (issue 35 item 6; docs/decisions/media.md "An upload's body goes
 * to a file as it arrives"): written by the spool (the pipeline's directory) chunk by chunk, so that the server never
 * holds a 3.6 MB photo in its memory (the buffers the collector ran after); in memory, as before, when nothing can be
 * written there. Cut at `maxBytes` either way (TOO_BIG).
 */
import type { Readable } from 'node:stream';
import { BODY_TOO_LARGE, uploadBodyOf, type ReceivedUploadBody, type UploadBodySpool } from '@eid/domain';
import { HttpError } from '../http-error.js';

/**
 * `take` counts each chunk in the server's budget of bytes in progress (UploadTicket.received); a chunk it refuses
 * cuts the body: SERVER_BUSY, nothing kept.
 */
export async function receiveBody(payload: Readable, declared: number | null, maxBytes: number, spool: UploadBodySpool, take: (bytes: number) => boolean = () => true): Promise<ReceivedUploadBody> {
  // Iterated without being destroyed when left early: see below.
  const chunks = counted(payload.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>, take);
  try {
    const spooled = await spool.spool(chunks, maxBytes);
    return spooled ?? { ...uploadBodyOf(await collect(chunks, declared, maxBytes)), dispose: async () => undefined };
  } catch (error) {
    // Whatever stopped it (too long, a disk that failed), the rest of the body is read past and not kept, so that the
    // answer reaches the phone instead of a connection reset; a body that broke off has nothing left to read.
    if (!payload.destroyed) payload.resume();
    if ((error as { code?: unknown }).code === BODY_TOO_LARGE) throw new HttpError(413, 'TOO_BIG');
    throw error;
  }
}

async function* counted(chunks: AsyncIterable<Uint8Array>, take: (bytes: number) => boolean): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    if (!take(chunk.length)) throw new HttpError(503, 'SERVER_BUSY');
    yield chunk;
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
    if (length + chunk.length > maxBytes) throw new HttpError(413, 'TOO_BIG');
    if (rest.length === 0 && inFirst + chunk.length <= first.length) {
      first.set(chunk, inFirst);
      inFirst += chunk.length;
    } else rest.push(chunk);
    length += chunk.length;
  }
  return rest.length === 0 ? first.subarray(0, length) : Buffer.concat([first.subarray(0, inFirst), ...rest], length);
}
