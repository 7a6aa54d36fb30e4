/**
 * OP3 (issue 31 item 3): a full disk loses nothing. When the disk fills in the middle of a
 * declaration, a device gets a typed refusal (STORAGE_FULL, with a wait) and sends again by itself;
 * nothing acknowledged is lost, nothing is corrupted, and the service carries on when space
 * returns. First by fault injection (SQLite's own limit on its size, which makes it answer exactly
 * as on a full disk), then for real on a small filesystem.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { blankPlates } from '@eid/domain';
import { BLOB_PATH, SEAT_HEADERS, WS_PATH } from '@eid/domain/protocol';
import { FileBlobStore } from '@eid/adapter-storage-files';
import { buildTestApp } from '../testing/build-test-app.js';
import { captchaToken } from '../testing/captcha.js';
import { device, online, type Device } from '../testing/device.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

const plates = (own: string, other: string) => ({ A: { ...blankPlates(), plate: own }, B: { ...blankPlates(), plate: other } });
const request = async (app: Ctx['app'], own: string, other: string) => ({
  mode: 'live' as const,
  plates: plates(own, other),
  location: { latitude: 54.6872, longitude: 25.2797, accuracy: 15 },
  fillLang: 'lt' as const,
  oneDevice: false,
  captcha: await captchaToken(app, 'connect'),
});

/** Two drivers in one declaration, on the domain's connection machine over the real socket. */
async function twoDrivers(ctx: Ctx): Promise<{ a: Device; b: Device }> {
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const url = () => `ws://127.0.0.1:${address.port}${WS_PATH}`;
  const a = device(url);
  const b = device(url);
  a.actor.send({ type: 'user.connect', request: await request(ctx.app, 'KLM123', 'HBN512') });
  await online(a.actor);
  b.actor.send({ type: 'user.connect', request: await request(ctx.app, 'HBN512', 'KLM123') });
  const asked = await waitFor(b.actor, (s) => s.hasTag('admitting'));
  await waitFor(a.actor, (s) => s.context.declaration?.joinRequests.some((r) => r.code === asked.context.admission?.code) === true);
  await a.client.call('answer-join', { code: asked.context.admission!.code, accept: true });
  await online(b.actor);
  return { a, b };
}

const integrity = (ctx: Ctx) => ctx.sqlite!.pragma('integrity_check', { simple: true });

/** A comment long enough that each edit needs room of its own in the database. */
const long = (i: number) => `${i}: ${'Stovėjau prie šviesoforo, kai iš dešinės išvažiavo automobilis. '.repeat(30)}`.slice(0, 1900);

describe('a full disk loses nothing (OP3)', () => {
  const cleanup: Array<() => unknown> = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  it('[OP3] the database is full mid-declaration: the edits are refused STORAGE_FULL and kept on the device; once there is room they land in order, and nothing acknowledged is lost or damaged', async () => {
    const ctx = await buildTestApp();
    cleanup.push(() => ctx.close());
    await ctx.listen();
    const { a, b } = await twoDrivers(ctx);
    cleanup.push(() => a.actor.stop(), () => b.actor.stop());
    expect(await a.client.call('eid-comment', { text: 'before' })).toMatchObject({ ok: true });
    const declarationId = a.actor.getSnapshot().context.credentials!.declarationId;

    // The database may not grow by a page: SQLite answers every write that needs one SQLITE_FULL, as on
    // a full disk. Its free pages are taken first (by something else), so that the next edit needs a new one.
    const db = ctx.sqlite!;
    db.exec('CREATE TABLE disk_filler (bytes BLOB)');
    db.pragma(`max_page_count = ${Number(db.pragma('page_count', { simple: true }))}`);
    const fill = db.prepare('INSERT INTO disk_filler (bytes) VALUES (?)');
    try {
      for (;;) fill.run(Buffer.alloc(512, 1));
    } catch (error) {
      expect((error as { code?: string }).code).toBe('SQLITE_FULL');
    }
    const edits = Array.from({ length: 6 }, (_, i) => a.client.call('eid-comment', { text: long(i) }));
    // The device was told to wait: its edits are queued again, none answered yet.
    await waitFor(a.actor, (s) => s.context.queued.some((q) => q.op === 'eid-comment'), { timeout: 10_000 });
    const refused = ctx.logLines.filter((l) => String(l.msg).includes('the disk is full'));
    expect(refused.length).toBe(1);
    expect(integrity(ctx)).toBe('ok');
    // What is stored is what was acknowledged, whole.
    const meanwhile = await ctx.app.declarations.get(declarationId);
    expect(meanwhile?.declaration.parties.A.comment).not.toBe(long(5));

    // Room again: the device sends what it kept, in its order, by itself.
    db.pragma('max_page_count = 1073741823');
    db.exec('DROP TABLE disk_filler');
    const answers = await Promise.all(edits);
    expect(answers.every((r) => r.ok)).toBe(true);
    await waitFor(b.actor, (s) => s.context.declaration?.parties.A.comment === long(5), { timeout: 10_000 });
    expect((await ctx.app.declarations.get(declarationId))?.declaration.parties.A.comment).toBe(long(5));
    expect(integrity(ctx)).toBe('ok');
  }, 60_000);

  it('[OP3] for real: on a small filesystem that fills up, edits and photos are refused STORAGE_FULL and nothing is damaged or half-written; with space back, the service carries on and a restart finds every acknowledged edit', async () => {
    const mountPoint = mkdtempSync(join(tmpdir(), 'eid-smallfs-'));
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=24m,mode=0755', 'tmpfs', mountPoint], { encoding: 'utf8' });
    expect(mounted.status, `mounting a small filesystem: ${mounted.stderr}`).toBe(0);
    cleanup.push(() => {
      spawnSync('umount', ['-l', mountPoint]);
      rmSync(mountPoint, { recursive: true, force: true });
    });
    const ctx = await buildTestApp({}, { dir: mountPoint });
    cleanup.push(() => ctx.stop());
    await ctx.listen();
    const { a, b } = await twoDrivers(ctx);
    cleanup.push(() => a.actor.stop(), () => b.actor.stop());
    expect(await a.client.call('eid-comment', { text: 'before the disk filled' })).toMatchObject({ ok: true });
    const session = a.actor.getSnapshot().context.credentials!;

    // Something else fills the disk to the last byte.
    const filler = join(mountPoint, 'filler');
    const fd = openSync(filler, 'w');
    const chunk = Buffer.alloc(64 * 1024, 7);
    try {
      for (;;) writeSync(fd, chunk);
    } catch (error) {
      expect((error as { code?: string }).code).toBe('ENOSPC');
    }
    try {
      for (;;) writeSync(fd, Buffer.alloc(512, 7));
    } catch {
      // The last bytes are taken too.
    } finally {
      closeSync(fd);
    }

    // A photo: refused typed, and nothing of it is left on the disk.
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a6' } }).jpeg({ quality: 95 }).toBuffer();
    const upload = await ctx.app.inject({
      method: 'POST',
      url: BLOB_PATH,
      headers: { [SEAT_HEADERS.declaration]: session.declarationId, [SEAT_HEADERS.party]: 'A', [SEAT_HEADERS.token]: session.token, 'content-type': 'application/octet-stream' },
      payload: photo,
    });
    expect(upload.statusCode).toBe(507);
    expect(upload.json()).toEqual({ code: 'STORAGE_FULL' });
    const blobs = join(mountPoint, 'data', 'blobs');
    const halfWritten = existsSync(blobs) ? readdirSync(blobs, { recursive: true }).map(String).filter((f) => f.endsWith('.tmp')) : [];
    expect(halfWritten).toEqual([]);

    // Edits: refused while full, kept on the device.
    const edits = Array.from({ length: 8 }, (_, i) => a.client.call('eid-comment', { text: long(i) }));
    await waitFor(a.actor, (s) => s.context.queued.some((q) => q.op === 'eid-comment'), { timeout: 15_000 });
    expect(integrity(ctx)).toBe('ok');

    // Space returns.
    rmSync(filler);
    const answers = await Promise.all(edits);
    expect(answers.every((r) => r.ok)).toBe(true);
    await waitFor(b.actor, (s) => s.context.declaration?.parties.A.comment === long(7), { timeout: 15_000 });
    const again = await ctx.app.inject({
      method: 'POST',
      url: BLOB_PATH,
      headers: { [SEAT_HEADERS.declaration]: session.declarationId, [SEAT_HEADERS.party]: 'A', [SEAT_HEADERS.token]: session.token, 'content-type': 'application/octet-stream' },
      payload: photo,
    });
    expect(again.statusCode).toBe(201);
    expect(integrity(ctx)).toBe('ok');

    // A restart on the same data finds every acknowledged edit.
    a.actor.stop();
    b.actor.stop();
    await ctx.stop();
    const restarted = await buildTestApp({}, { dir: mountPoint });
    cleanup.push(() => restarted.stop());
    const stored = await restarted.app.declarations.get(session.declarationId);
    expect(stored?.declaration.parties.A.comment).toBe(long(7));
    expect(restarted.sqlite!.pragma('integrity_check', { simple: true })).toBe('ok');
  }, 90_000);

  it('[OP3] the binaries\' store on a full disk: a write is refused StorageFullError and leaves no file behind; with room again it writes', async () => {
    const mountPoint = mkdtempSync(join(tmpdir(), 'eid-smallfs-'));
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mountPoint], { encoding: 'utf8' });
    expect(mounted.status, `mounting a small filesystem: ${mounted.stderr}`).toBe(0);
    cleanup.push(() => {
      spawnSync('umount', ['-l', mountPoint]);
      rmSync(mountPoint, { recursive: true, force: true });
    });
    const store = await FileBlobStore.open(join(mountPoint, 'blobs'));
    const big = new Uint8Array(3 * 1024 * 1024).fill(9);
    await expect(store.putAll([{ id: 'photo-full-0001', declarationId: 'decl-full-0001', contentType: 'image/jpeg', bytes: big }])).rejects.toMatchObject({ code: 'STORAGE_FULL' });
    expect(readdirSync(join(mountPoint, 'blobs'), { recursive: true }).map(String).filter((f) => f.includes('.tmp'))).toEqual([]);
    expect(await store.get('photo-full-0001')).toBeNull();
    await store.put({ id: 'photo-fits-0001', declarationId: 'decl-full-0001', contentType: 'image/jpeg', bytes: new Uint8Array(1024).fill(1) });
    expect((await store.get('photo-fits-0001'))?.bytes.byteLength).toBe(1024);
  });
});
