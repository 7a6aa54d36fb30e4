import { afterEach, describe, expect, it } from 'vitest';
import { BLOB_PATH, MAX_BLOB_BYTES, SEAT_HEADERS, type Declaration, type Session } from '@eid/domain';
import { buildTestApp } from '../testing/build-test-app.js';
import { value, WsDriver } from '../testing/ws-driver.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/** The first bytes of a real JPEG (SOI + APP0 JFIF) padded out: enough for sniffing. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(500, 7)]);
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');

describe('POST /serveris/blob', () => {
  const open: Ctx[] = [];
  const drivers: WsDriver[] = [];

  async function seat() {
    const ctx = await buildTestApp();
    await ctx.listen();
    open.push(ctx);
    const a = await WsDriver.open(ctx.app);
    drivers.push(a);
    const s = value<Session<Declaration>>(await a.connect('KLM123', 'HBN512'));
    const headers = { [SEAT_HEADERS.declaration]: s.declarationId, [SEAT_HEADERS.party]: s.party, [SEAT_HEADERS.token]: s.token };
    return { ctx, a, s, headers };
  }

  const upload = (ctx: Ctx, headers: Record<string, string>, payload: Buffer, type = 'application/octet-stream') =>
    ctx.app.inject({ method: 'POST', url: BLOB_PATH, headers: { ...headers, 'content-type': type }, payload });

  afterEach(async () => {
    for (const d of drivers.splice(0)) await d.close();
    for (const c of open.splice(0)) await c.close();
  });

  it('[HB13] the seat holder uploads a photo, gets an id, and add-foto refers to it; the other device can fetch it', async () => {
    const { ctx, a, headers } = await seat();
    const res = await upload(ctx, headers, JPEG, 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: string; contentType: string; bytes: number }>();
    expect(body).toMatchObject({ contentType: 'image/jpeg', bytes: JPEG.length });
    expect(body.id).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    value(await a.call('add-foto', { id: body.id, set: 2, filename: 'damage.jpg' }));
    const foto = value<{ imageBase64: string; contentType: string }>(await a.call('get-foto', { id: body.id }));
    expect(Buffer.from(foto.imageBase64, 'base64').equals(JPEG)).toBe(true);
  });

  it('[HB13] the content type comes from the bytes: a PDF named and declared as a JPEG is BAD_EXT', async () => {
    const { ctx, headers } = await seat();
    const res = await upload(ctx, headers, PDF, 'image/jpeg');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 'BAD_EXT' });
  });

  it('[HB13] a wrong token, another party or no seat cannot upload', async () => {
    const { ctx, headers } = await seat();
    const wrong = await upload(ctx, { ...headers, [SEAT_HEADERS.token]: 'x'.repeat(32) }, JPEG);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ code: 'NOT_ALLOWED' });
    const otherParty = await upload(ctx, { ...headers, [SEAT_HEADERS.party]: 'B' }, JPEG);
    expect(otherParty.statusCode).toBe(403);
    const none = await upload(ctx, {}, JPEG);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'DATA_ERROR' });
  });

  it('[HB13] an upload over 20 MB is TOO_BIG and an empty one DATA_ERROR; the server goes on', async () => {
    const { ctx, headers } = await seat();
    const big = await upload(ctx, headers, Buffer.concat([JPEG, Buffer.alloc(MAX_BLOB_BYTES)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ code: 'TOO_BIG' });
    const empty = await upload(ctx, headers, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const ok = await upload(ctx, headers, JPEG);
    expect(ok.statusCode).toBe(201);
  });
});
