import { Readable } from 'node:stream';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { BODY_TOO_LARGE, type UploadBodySpool } from '@eid/domain';
import { HttpError } from '../http-error.js';
import { receiveBody } from './upload-body.js';

/** A spool with nowhere to write (the pipeline's directory gone): the body is kept in memory. */
const nowhere: UploadBodySpool = { spool: async () => null };
const pieces = (...sizes: number[]) => sizes.map((size, i) => Buffer.alloc(size, i + 1));
const ended = (stream: Readable) => (stream.readableEnded ? Promise.resolve() : once(stream, 'end'));

describe('an upload\'s body as the blob route receives it', () => {
  it('is kept in memory when no file can be made: every byte, its length and first bytes, declared or not', async () => {
    const parts = pieces(10, 1024 * 1024, 3);
    const whole = Buffer.concat(parts);
    for (const declared of [whole.length, null, 5]) {
      const body = await receiveBody(Readable.from(parts), declared, 2 * 1024 * 1024, nowhere);
      expect(body.length).toBe(whole.length);
      expect(Buffer.from(body.head).equals(whole.subarray(0, 64))).toBe(true);
      expect(Buffer.from(await body.bytes()).equals(whole)).toBe(true);
      await body.dispose();
    }
  });

  it('is cut past its limit with TOO_BIG, and the rest is read past (not kept) so that the answer reaches the phone', async () => {
    const payload = Readable.from(pieces(600, 600, 600));
    const refused = await receiveBody(payload, null, 1000, nowhere).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 413, code: 'TOO_BIG' });
    await ended(payload);
    // The same from a spool that writes files.
    const tooLong: UploadBodySpool = { spool: async () => Promise.reject(Object.assign(new Error('too long'), { code: BODY_TOO_LARGE })) };
    const spooled = Readable.from(pieces(600, 600));
    expect(await receiveBody(spooled, null, 1000, tooLong).catch((error: unknown) => error)).toMatchObject({ statusCode: 413, code: 'TOO_BIG' });
    await ended(spooled);
  });

  it('passes a failed write on (a full disk is answered as such) and reads past the rest of the body', async () => {
    const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    const failing: UploadBodySpool = { spool: async () => Promise.reject(full) };
    const payload = Readable.from(pieces(100, 100));
    await expect(receiveBody(payload, null, 1000, failing)).rejects.toBe(full);
    await ended(payload);
  });

  it('is cut when the server\'s budget of bytes in progress refuses a chunk: SERVER_BUSY, the rest read past, nothing kept', async () => {
    let taken = 0;
    const take = (bytes: number) => {
      if (taken + bytes > 1000) return false;
      taken += bytes;
      return true;
    };
    const payload = Readable.from(pieces(600, 600, 600));
    expect(await receiveBody(payload, null, 10_000, nowhere, take).catch((error: unknown) => error)).toMatchObject({ statusCode: 503, code: 'SERVER_BUSY' });
    expect(taken).toBe(600);
    await ended(payload);
    // Every chunk is counted.
    const counted: number[] = [];
    const body = await receiveBody(Readable.from(pieces(10, 20, 30)), null, 10_000, nowhere, (bytes) => counted.push(bytes) > 0);
    expect(counted).toEqual([10, 20, 30]);
    expect(body.length).toBe(60);
  });
});
