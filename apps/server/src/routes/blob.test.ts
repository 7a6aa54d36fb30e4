import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { type Declaration } from '@eid/domain';
import { BLOB_PATH, MAX_BLOB_BYTES, SEAT_HEADERS, UPLOAD_HEADERS, type Session } from '@eid/domain/protocol';
import { hasGpsExif, mediaFixture, plateFixture } from '@eid/test-fixtures';
import { buildTestApp } from '../testing/build-test-app.js';
import { UPLOADS_PER_SEAT } from '@eid/hub';
import { plates, value, WsDriver } from '../testing/ws-driver.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(200, 1)]);

describe('POST /serveris/blob', () => {
  const open: Ctx[] = [];
  const drivers: WsDriver[] = [];

  async function seat() {
    const ctx = await buildTestApp();
    await ctx.listen();
    open.push(ctx);
    const a = await WsDriver.open(ctx.app);
    const b = await WsDriver.open(ctx.app);
    drivers.push(a, b);
    const s = value<Session<Declaration>>(await a.connect('KLM123', 'HBN512'));
    value(await b.joinConfirmedBy(a, plates('HBN512'), 'KLM123'));
    const headers = { [SEAT_HEADERS.declaration]: s.declarationId, [SEAT_HEADERS.party]: s.party, [SEAT_HEADERS.token]: s.token };
    return { ctx, a, b, s, headers };
  }

  const upload = (ctx: Ctx, headers: Record<string, string>, payload: Buffer | Uint8Array, extra: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: BLOB_PATH, headers: { ...headers, 'content-type': 'application/octet-stream', ...extra }, payload: Buffer.from(payload) });

  afterEach(async () => {
    for (const d of drivers.splice(0)) await d.close();
    for (const c of open.splice(0)) await c.close();
  });

  it('[HB13] [IMG5] a photo goes through the pipeline: stored turned, without its GPS, with its legend and a thumbnail; the other device fetches it', async () => {
    const { ctx, a, b, headers } = await seat();
    const photo = mediaFixture('portrait-exif-gps.jpg');
    const res = await upload(ctx, headers, photo, { [UPLOAD_HEADERS.purpose]: 'photo', [UPLOAD_HEADERS.set]: '2' });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: string; contentType: string; width: number; height: number }>();
    expect(body.id).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(body).toMatchObject({ contentType: 'image/jpeg', width: 800 });
    // 600 px of photo under the legend band.
    expect(body.height).toBeGreaterThan(600);
    value(await a.call('add-foto', { id: body.id, set: 2, filename: 'damage.jpg' }));
    const full = value<{ imageBase64: string }>(await b.call('get-foto', { id: body.id }));
    const bytes = Buffer.from(full.imageBase64, 'base64');
    expect(hasGpsExif(bytes)).toBe(false);
    expect((await sharp(bytes).metadata()).width).toBe(800);
    const thumb = value<{ imageBase64: string }>(await b.call('get-foto', { id: body.id, thumb: true }));
    const tm = await sharp(Buffer.from(thumb.imageBase64, 'base64')).metadata();
    expect(Math.max(tm.width!, tm.height!)).toBeLessThanOrEqual(400);
  });

  it('[HB13] the content type comes from the bytes: a PDF named and declared as a JPEG is BAD_EXT; a broken JPEG FAILED_CONVERSION', async () => {
    const { ctx, headers } = await seat();
    const pdf = await upload(ctx, headers, mediaFixture('policy-not-a-photo.jpg'), { 'content-type': 'image/jpeg' });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toEqual({ code: 'BAD_EXT' });
    const broken = await upload(ctx, headers, mediaFixture('scene.jpg').slice(0, 300));
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toEqual({ code: 'FAILED_CONVERSION' });
    const heic = await upload(ctx, headers, mediaFixture('sample.heic'));
    expect(heic.statusCode).toBe(201);
    expect(heic.json()).toMatchObject({ contentType: 'image/jpeg', width: 640 });
  });

  it('[HB13] a wrong token, another party or no seat cannot upload', async () => {
    const { ctx, headers } = await seat();
    const jpeg = mediaFixture('scene.jpg');
    const wrong = await upload(ctx, { ...headers, [SEAT_HEADERS.token]: 'x'.repeat(32) }, jpeg);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ code: 'NOT_ALLOWED' });
    const otherParty = await upload(ctx, { ...headers, [SEAT_HEADERS.party]: 'B' }, jpeg);
    expect(otherParty.statusCode).toBe(403);
    const none = await upload(ctx, {}, jpeg);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'DATA_ERROR' });
    const badMeta = await upload(ctx, headers, jpeg, { [UPLOAD_HEADERS.set]: '9' });
    expect(badMeta.statusCode).toBe(400);
  });

  /**
   * Sends the headers of a 20 MB upload and one kilobyte of it; resolves the status the server
   * answers with while the rest is not sent. An upload the server took (it waits for the rest) is
   * given up after `giveUpMs` and rejects: its place is freed, and a poll asks again.
   */
  function headersOnly(ctx: Ctx, headers: Record<string, string>, giveUpMs = 2_000): Promise<{ status: number; body: string }> {
    const address = ctx.app.server.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        req.destroy();
        reject(new Error('the server took the upload and waits for its body'));
      }, giveUpMs);
      const req = request(
        { host: '127.0.0.1', port: address.port, method: 'POST', path: BLOB_PATH, headers: { ...headers, 'content-type': 'application/octet-stream', 'content-length': String(MAX_BLOB_BYTES) } },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => {
            clearTimeout(timer);
            resolve({ status: res.statusCode ?? 0, body });
            req.destroy();
          });
        },
      );
      req.on('error', reject);
      req.write(Buffer.alloc(1024));
    });
  }

  it('[FU5] an upload without a seat, or past the seat’s uploads in progress, is refused from its headers: the server answers before the body is sent', async () => {
    const { ctx, headers } = await seat();
    expect(await headersOnly(ctx, { ...headers, [SEAT_HEADERS.token]: 'x'.repeat(32) })).toEqual({ status: 403, body: JSON.stringify({ code: 'NOT_ALLOWED' }) });
    // Three uploads of the seat in progress (their bodies still coming): a fourth waits its turn.
    // Asked only once the server has admitted all three (on a busy machine they arrive in their own
    // time; a probe sent earlier would take a place itself and turn the third one away).
    const admit = vi.spyOn(ctx.app.uploads, 'admit');
    const held = Array.from({ length: UPLOADS_PER_SEAT }, () => {
      const address = ctx.app.server.address() as AddressInfo;
      const req = request({ host: '127.0.0.1', port: address.port, method: 'POST', path: BLOB_PATH, headers: { ...headers, 'content-type': 'application/octet-stream', 'content-length': String(4 * 1024 * 1024) } });
      req.on('error', () => undefined);
      req.write(Buffer.alloc(1024));
      return req;
    });
    await vi.waitFor(() => expect(admit.mock.settledResults.filter((r) => r.type === 'fulfilled')).toHaveLength(UPLOADS_PER_SEAT), { timeout: 20_000, interval: 50 });
    expect(await headersOnly(ctx, headers)).toEqual({ status: 429, body: JSON.stringify({ code: 'RATE_LIMITED' }) });
    for (const req of held) req.destroy();
    // Given up, their places are free again.
    await vi.waitFor(async () => expect((await upload(ctx, headers, WEBM, { [UPLOAD_HEADERS.purpose]: 'audio' })).statusCode).toBe(201), { timeout: 10_000, interval: 100 });
  });

  it('[HB13] a 21 MB photo is TOO_BIG and an empty upload DATA_ERROR; a voice note is stored as it is; the server goes on', async () => {
    const { ctx, headers } = await seat();
    // A real JPEG padded to 21 MB, made here rather than committed.
    const padded = Buffer.concat([Buffer.from(mediaFixture('scene.jpg')), Buffer.alloc(21 * 1024 * 1024 - mediaFixture('scene.jpg').length)]);
    expect(padded.length).toBeGreaterThan(MAX_BLOB_BYTES);
    const big = await upload(ctx, headers, padded);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ code: 'TOO_BIG' });
    const empty = await upload(ctx, headers, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const audio = await upload(ctx, headers, WEBM, { [UPLOAD_HEADERS.purpose]: 'audio' });
    expect(audio.statusCode).toBe(201);
    expect(audio.json()).toMatchObject({ contentType: 'audio/webm', bytes: WEBM.length });
    // Long bodies, in one piece and in pieces, with and without their length declared: each written to its file as it
    // arrives and stored whole, byte for byte (kept in memory instead, upload-body.test.ts).
    const long = Buffer.concat([WEBM.subarray(0, 4), Buffer.from(Array.from({ length: 3 * 1024 * 1024 + 17 }, (_, i) => (i * 31) % 256))]);
    const declared = await upload(ctx, headers, long, { [UPLOAD_HEADERS.purpose]: 'audio' });
    expect(declared.statusCode).toBe(201);
    const pieces = await ctx.app.inject({
      method: 'POST',
      url: BLOB_PATH,
      headers: { ...headers, 'content-type': 'application/octet-stream', [UPLOAD_HEADERS.purpose]: 'audio' },
      payload: Readable.from([long.subarray(0, 700_000), long.subarray(700_000, 2_500_000), long.subarray(2_500_000)]),
    });
    expect(pieces.statusCode).toBe(201);
    const declaredPieces = await ctx.app.inject({
      method: 'POST',
      url: BLOB_PATH,
      headers: { ...headers, 'content-type': 'application/octet-stream', 'content-length': String(long.length), [UPLOAD_HEADERS.purpose]: 'audio' },
      payload: Readable.from([long.subarray(0, 300_000), long.subarray(300_000, 1_500_000), long.subarray(1_500_000, 1_500_001), long.subarray(1_500_001)]),
    });
    expect(declaredPieces.statusCode).toBe(201);
    for (const res of [declared, pieces, declaredPieces]) {
      const { id } = res.json<{ id: string }>();
      expect(Buffer.from((await ctx.app.blobStore.get(id))!.bytes).equals(long)).toBe(true);
    }
    // A photo declared as audio, or audio as a photo, is refused.
    expect((await upload(ctx, headers, mediaFixture('scene.jpg'), { [UPLOAD_HEADERS.purpose]: 'audio' })).statusCode).toBe(415);
    expect((await upload(ctx, headers, mediaFixture('scene.jpg'))).statusCode).toBe(201);
  });

  it('[IMG5] a body goes to a file as it arrives, and none is left once it is answered: processed, refused, cut for its length, broken off', async () => {
    const { ctx, headers } = await seat();
    const spoolRoot = join(ctx.config.dataDir, 'photos-in-progress');
    const [own] = readdirSync(spoolRoot);
    const files = () => readdirSync(join(spoolRoot, own!));
    const spool = vi.spyOn(ctx.app.media, 'spool');
    expect((await upload(ctx, headers, mediaFixture('scene.jpg'), { [UPLOAD_HEADERS.purpose]: 'photo', [UPLOAD_HEADERS.set]: '2' })).statusCode).toBe(201);
    // It was written to a file, not kept in memory.
    expect(await spool.mock.results[0]!.value).not.toBeNull();
    expect(files()).toEqual([]);
    expect((await upload(ctx, headers, mediaFixture('policy-not-a-photo.jpg'))).statusCode).toBe(415);
    expect((await upload(ctx, headers, WEBM, { [UPLOAD_HEADERS.purpose]: 'audio' })).statusCode).toBe(201);
    expect(files()).toEqual([]);
    // Past the limit in pieces, its length not declared: cut, TOO_BIG, the part received removed.
    const piece = Buffer.alloc(1024 * 1024, 7);
    const tooLong = await ctx.app.inject({
      method: 'POST',
      url: BLOB_PATH,
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: Readable.from(Array.from({ length: 21 }, () => piece)),
    });
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json()).toEqual({ code: 'TOO_BIG' });
    expect(files()).toEqual([]);
    // A phone that loses its connection half-way: the part written is removed.
    const address = ctx.app.server.address() as AddressInfo;
    const req = request({ host: '127.0.0.1', port: address.port, method: 'POST', path: BLOB_PATH, headers: { ...headers, 'content-type': 'application/octet-stream', 'content-length': String(4 * 1024 * 1024) } });
    req.on('error', () => undefined);
    req.write(Buffer.concat([Buffer.from(mediaFixture('scene.jpg').subarray(0, 16)), piece]));
    await vi.waitFor(() => expect(files()).toHaveLength(1), { timeout: 10_000, interval: 20 });
    req.destroy();
    await vi.waitFor(() => expect(files()).toEqual([]), { timeout: 10_000, interval: 20 });
    // The server goes on.
    expect((await upload(ctx, headers, mediaFixture('scene.jpg'))).statusCode).toBe(201);
  });

  it('[FU5] an upload whose phone is gone while its photo is processed gives its place and its bytes back at once', async () => {
    const { ctx, headers } = await seat();
    const uploads = ctx.app.uploads;
    const admit = uploads.admit.bind(uploads);
    const released: Array<() => void> = [];
    vi.spyOn(uploads, 'admit').mockImplementation(async (...args) => {
      const ticket = await admit(...args);
      released.push(vi.spyOn(ticket, 'release') as unknown as () => void);
      return ticket;
    });
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const process = ctx.app.media.process.bind(ctx.app.media);
    const processing = vi.spyOn(ctx.app.media, 'process').mockImplementation(async (input) => {
      await gate;
      return process(input);
    });
    const photo = Buffer.from(mediaFixture('scene.jpg'));
    const address = ctx.app.server.address() as AddressInfo;
    const req = request({ host: '127.0.0.1', port: address.port, method: 'POST', path: BLOB_PATH, headers: { ...headers, 'content-type': 'application/octet-stream', 'content-length': String(photo.length) } });
    req.on('error', () => undefined);
    req.end(photo);
    await vi.waitFor(() => expect(processing).toHaveBeenCalledTimes(1), { timeout: 10_000, interval: 20 });
    expect(released[0]).not.toHaveBeenCalled();
    // The phone loses its connection while the server works on the photo: its place is free before the work ends.
    req.destroy();
    await vi.waitFor(() => expect(released[0]).toHaveBeenCalled(), { timeout: 10_000, interval: 20 });
    open();
    await vi.waitFor(async () => expect((await upload(ctx, headers, WEBM, { [UPLOAD_HEADERS.purpose]: 'audio' })).statusCode).toBe(201), { timeout: 10_000, interval: 100 });
  });

  it('[FU5] a body is taken as bytes whatever type it names (no JSON or text parsed), and one cut for its length is answered TOO_BIG on the connection', async () => {
    const { ctx, headers } = await seat();
    const spool = vi.spyOn(ctx.app.media, 'spool');
    for (const type of ['application/json', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded']) {
      const res = await upload(ctx, headers, mediaFixture('scene.jpg'), { 'content-type': type });
      expect(res.statusCode, type).toBe(201);
    }
    expect(spool).toHaveBeenCalledTimes(3);
    // Over a real connection, its length not declared: the server reads past the rest and the phone gets the answer.
    const address = ctx.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: address.port, method: 'POST', path: BLOB_PATH, headers: { ...headers, 'content-type': 'application/octet-stream' } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end(Buffer.alloc(MAX_BLOB_BYTES + 1024 * 1024, 7));
    });
    expect(answer).toEqual({ status: 413, body: JSON.stringify({ code: 'TOO_BIG' }) });
  });

  it('[HB16] a declaration may store at most its quota of binaries', async () => {
    const { ctx, headers, s } = await seat();
    // Fill the quota directly, as many retakes would.
    for (let i = 0; i < 119; i++) await ctx.app.blobStore.put({ id: `filler-${String(i).padStart(4, '0')}`, declarationId: s.declarationId, contentType: 'image/jpeg', bytes: new Uint8Array(4) });
    const res = await upload(ctx, headers, mediaFixture('scene.jpg'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'TOO_MANY' });
  });

  it('[OCR2] a plate photo is read: its own plate OK, the other vehicle\'s ERROR_WRONG_PLATE, another plate ERROR_NOT_IN_EID, which SWITCH makes the declared plate', async () => {
    const { ctx, a, b, headers } = await seat();
    const plate = (p: 'KLM123' | 'HBN512' | 'LRA908') => upload(ctx, headers, plateFixture(p), { [UPLOAD_HEADERS.purpose]: 'photo', [UPLOAD_HEADERS.set]: '1' });
    // Issue 35: the upload answers at once; the phone asks read-plate for what recognition read.
    const reading = async (p: 'KLM123' | 'HBN512' | 'LRA908') => {
      const res = await plate(p);
      expect(res.json()).toMatchObject({ readingPlate: true });
      await ctx.app.uploads.readingsDone();
      return value(await a.call('read-plate', { id: (res.json() as { id: string }).id }));
    };
    expect(await reading('KLM123')).toEqual({ status: 'OK', plate: 'KLM123' });
    expect(await reading('HBN512')).toEqual({ status: 'ERROR_WRONG_PLATE', plate: 'HBN512' });
    expect(await reading('LRA908')).toEqual({ status: 'ERROR_NOT_IN_EID', plate: 'LRA908' });
    // SWITCH: the declaration takes the plate the photo shows, checked with the registry.
    value(await a.call('switch-plate', { plate: 'LRA908' }));
    expect(a.view?.parties.A.vehicle).toMatchObject({ plate: 'LRA908', make: 'Škoda', result: 'OK' });
    await b.waitFor((m) => m.t === 'changed' && m.kind === 'VEHICLE');
    expect(b.view?.parties.A.vehicle).toMatchObject({ plate: 'LRA908', make: 'Škoda', result: 'OK' });
    expect(await a.call('switch-plate', { plate: 'HBN512' })).toMatchObject({ ok: false, code: 'PLATES_MUST_DIFFER' });
    expect(await a.call('switch-plate', { plate: 'CHE881' })).toMatchObject({ ok: false, code: 'PLATE_UNREGISTERED' });
  }, 60_000);
});
