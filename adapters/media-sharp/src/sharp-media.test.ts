import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { legendLayout, MAX_PHOTO_BYTES } from '@eid/domain';
import { hasGpsExif, mediaFixture } from '@eid/test-fixtures';
import { SharpMediaProcessor } from './sharp-media.adapter.js';
import { decodeWhole } from './libheif.js';

const media = new SharpMediaProcessor({ processes: 1 });
afterAll(() => media.close());

async function pixel(bytes: Uint8Array, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(Buffer.from(bytes)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}
const near = (p: [number, number, number], q: [number, number, number]) => p.every((v, i) => Math.abs(v - q[i]!) < 60);

function ok(outcome: Awaited<ReturnType<SharpMediaProcessor['process']>>) {
  if (!outcome.ok) throw new Error(`refused: ${outcome.code}`);
  return outcome;
}

describe('photo pipeline (sharp)', () => {
  it('[IMG5] [IMG1] a portrait phone photo is turned by its EXIF orientation, then to landscape; its EXIF and GPS are gone', async () => {
    const input = mediaFixture('portrait-exif-gps.jpg');
    expect(hasGpsExif(input)).toBe(true);
    const out = ok(await media.process({ bytes: input, purpose: 'photo', legend: null }));
    expect(out.image.contentType).toBe('image/jpeg');
    // Upright 600 × 800 with red at its top left and blue along its bottom; turned clockwise.
    expect([out.image.width, out.image.height]).toEqual([800, 600]);
    const meta = await sharp(Buffer.from(out.image.bytes)).metadata();
    expect([meta.width, meta.height]).toEqual([800, 600]);
    expect(meta.exif).toBeUndefined();
    expect(hasGpsExif(out.image.bytes)).toBe(false);
    expect(near(await pixel(out.image.bytes, 790, 10), [255, 0, 0])).toBe(true);
    expect(near(await pixel(out.image.bytes, 20, 300), [0, 0, 255])).toBe(true);
    expect(near(await pixel(out.image.bytes, 400, 300), [0x6b, 0x8e, 0x23])).toBe(true);
  });

  it('[IMG2] transparent borders are trimmed to the drawing with its 10 px margin', async () => {
    const out = ok(await media.process({ bytes: mediaFixture('transparent-borders.png'), purpose: 'scheme', legend: null }));
    expect(out.image.contentType).toBe('image/png');
    const meta = await sharp(Buffer.from(out.image.bytes)).metadata();
    // The 100 × 50 drawing plus 10 px each side, give or take one scan step.
    expect(Math.abs(meta.width! - 120)).toBeLessThanOrEqual(6);
    expect(Math.abs(meta.height! - 70)).toBeLessThanOrEqual(6);
    expect(near(await pixel(out.image.bytes, Math.floor(meta.width! / 2), Math.floor(meta.height! / 2)), [20, 40, 200])).toBe(true);
  });

  it('[IMG3] a photo gets the legend band above it: two bold lines, the photo below unchanged', async () => {
    const out = ok(await media.process({ bytes: mediaFixture('scene.jpg'), purpose: 'photo', legend: { title: 'Įvykio vieta – A', detail: 'KLM123 · 2026-11-22 09:15' } }));
    const band = out.image.height - 480;
    expect(out.image.width).toBe(640);
    expect(band).toBeGreaterThan(40);
    const { data, info } = await sharp(Buffer.from(out.image.bytes)).greyscale().raw().toBuffer({ resolveWithObject: true });
    let dark = 0;
    for (let y = 0; y < band; y++) for (let x = 0; x < info.width; x++) if (data[y * info.width + x]! < 80) dark++;
    // Text was drawn in the band, on white.
    expect(dark).toBeGreaterThan(300);
    expect(data[2 * info.width + 2]!).toBeGreaterThan(240);
    // Below the band, the scene: sky and road.
    expect(near(await pixel(out.image.bytes, 320, band + 50), [0x87, 0xce, 0xeb])).toBe(true);
    expect(near(await pixel(out.image.bytes, 320, band + 450), [0x55, 0x55, 0x55])).toBe(true);
  });

  it('[IMG5] a HEIC photo is decoded (in the pipeline process) to a JPEG', async () => {
    const out = ok(await media.process({ bytes: mediaFixture('sample.heic'), purpose: 'photo', legend: null }));
    expect(out.image.contentType).toBe('image/jpeg');
    expect([out.image.width, out.image.height]).toEqual([640, 480]);
    expect(near(await pixel(out.image.bytes, 320, 100), [0x87, 0xce, 0xeb])).toBe(true);
  });

  it('[IMG5] a phone\'s grid HEIC is decoded by the pipeline process\'s threads; one the file turns upright is then made landscape', async () => {
    const plain = ok(await media.process({ bytes: mediaFixture('grid.heic'), purpose: 'photo', legend: null }));
    expect([plain.image.contentType, plain.image.width, plain.image.height]).toEqual(['image/jpeg', 1000, 700]);
    // The picture's red block at its top left, its blue band along its bottom.
    expect(near(await pixel(plain.image.bytes, 20, 20), [0xff, 0, 0])).toBe(true);
    expect(near(await pixel(plain.image.bytes, 500, 680), [0, 0, 0xff])).toBe(true);
    // Turned and mirrored by its file, it is 700 × 1000 upright, and a photo is kept landscape (turned a quarter
    // clockwise): what libheif's own decoding gives, turned so.
    const bytes = mediaFixture('grid-irot3-imir0.heic');
    const turned = ok(await media.process({ bytes, purpose: 'photo', legend: null }));
    expect([turned.image.width, turned.image.height]).toEqual([1000, 700]);
    const whole = (await decodeWhole(bytes, 50_000_000))!;
    const expected = await sharp(whole.data, { raw: { width: whole.width, height: whole.height, channels: 4 } }).rotate(90).png().toBuffer();
    for (const [x, y] of [[20, 20], [980, 20], [20, 680], [980, 680], [500, 350], [350, 230]] as const) expect(near(await pixel(turned.image.bytes, x, y), await pixel(expected, x, y))).toBe(true);
    // The red block is somewhere in a corner of it, not at its top left.
    expect(near(await pixel(turned.image.bytes, 20, 20), [0xff, 0, 0])).toBe(false);
  });

  it('[IMG5] a 12 MP HEIC is kept as a photo: 2048 px on its long side, the legend band above it, a thumbnail of the whole', async () => {
    const out = ok(await media.process({ bytes: mediaFixture('large-12mp.heic'), purpose: 'photo', legend: { title: 'Įvykio vieta – A', detail: 'KLM123' } }));
    expect(out.image.contentType).toBe('image/jpeg');
    expect(out.image.width).toBe(2048);
    const band = out.image.height - 1536;
    expect(band).toBe(legendLayout(2048).bandHeight);
    const meta = await sharp(Buffer.from(out.image.bytes)).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([2048, 1536 + band, undefined]);
    // The thumbnail is the kept image (band included) at 400 px.
    expect(out.thumbnail.width).toBe(400);
    expect(Math.abs(out.thumbnail.height - Math.round((400 * out.image.height) / 2048))).toBeLessThanOrEqual(1);
  });

  it('[IMG5] a HEIC with more pixels than allowed is refused before its pixels are decoded', async () => {
    const strict = new SharpMediaProcessor({ processes: 1, maxInputPixels: 1_000_000 });
    try {
      expect(await strict.process({ bytes: mediaFixture('large-12mp.heic'), purpose: 'photo', legend: null })).toEqual({ ok: false, code: 'FAILED_CONVERSION' });
      expect((await strict.process({ bytes: mediaFixture('sample.heic'), purpose: 'photo', legend: null })).ok).toBe(true);
    } finally {
      await strict.close();
    }
  });

  it('[IMG5] a grey and a CMYK JPEG come out as colour JPEGs with their colours', async () => {
    const grey = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#808080' } }).toColourspace('b-w').jpeg().toBuffer();
    expect((await sharp(grey).metadata()).channels).toBe(1);
    const greyOut = ok(await media.process({ bytes: new Uint8Array(grey), purpose: 'photo', legend: { title: 'A', detail: 'B' } }));
    expect(greyOut.image.width).toBe(2048);
    expect(near(await pixel(greyOut.image.bytes, 1000, greyOut.image.height - 100), [128, 128, 128])).toBe(true);
    const cmyk = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c03030' } }).toColourspace('cmyk').jpeg().toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    const cmykOut = ok(await media.process({ bytes: new Uint8Array(cmyk), purpose: 'photo', legend: null }));
    expect([cmykOut.image.width, cmykOut.image.height]).toEqual([2048, 1365]);
    expect(near(await pixel(cmykOut.image.bytes, 1000, 600), [0xc0, 0x30, 0x30])).toBe(true);
  });

  it('[IMG2] a large JPEG with empty (white) borders is trimmed at full size, not from its kept size (issue 35: the one-decode path leaves it)', async () => {
    const dark = await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#203040' } }).png().toBuffer();
    const scan = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#ffffff' } })
      .composite([{ input: dark, left: 1500, top: 1100 }])
      .jpeg({ quality: 90 })
      .toBuffer();
    const out = ok(await media.process({ bytes: new Uint8Array(scan), purpose: 'photo', legend: null }));
    // The 1000 × 800 content and its margin, give or take a scan step: kept at full size, not shrunk with the page.
    expect(Math.abs(out.image.width - 1020)).toBeLessThanOrEqual(12);
    expect(Math.abs(out.image.height - 820)).toBeLessThanOrEqual(12);
    expect(near(await pixel(out.image.bytes, Math.floor(out.image.width / 2), Math.floor(out.image.height / 2)), [0x20, 0x30, 0x40])).toBe(true);
  });

  it('[IMG5] large JPEGs are resized to 2048 px on the long side; every image gets a thumbnail of at most 400 px', async () => {
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#335577' } }).jpeg().toBuffer();
    const out = ok(await media.process({ bytes: new Uint8Array(big), purpose: 'photo', legend: null }));
    expect([out.image.width, out.image.height]).toEqual([2048, 1536]);
    expect(Math.max(out.thumbnail.width, out.thumbnail.height)).toBe(400);
    const png = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#123456' } }).png().toBuffer();
    const drawing = ok(await media.process({ bytes: new Uint8Array(png), purpose: 'scheme', legend: null }));
    // Only JPEGs are resized (declaration-flow §5).
    expect(drawing.image.width).toBe(3000);
  });

  it('[IMG5] each bad file gets its code and the pipeline goes on working', async () => {
    expect(await media.process({ bytes: mediaFixture('policy-not-a-photo.jpg'), purpose: 'photo', legend: null })).toEqual({ ok: false, code: 'BAD_EXT' });
    const tooBig = new Uint8Array(MAX_PHOTO_BYTES + 1);
    tooBig.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(await media.process({ bytes: tooBig, purpose: 'photo', legend: null })).toEqual({ ok: false, code: 'TOO_BIG' });
    const scene = mediaFixture('scene.jpg');
    const truncated = scene.slice(0, 200);
    expect(await media.process({ bytes: truncated, purpose: 'photo', legend: null })).toEqual({ ok: false, code: 'FAILED_CONVERSION' });
    const garbage = new Uint8Array(4096).map((_, i) => (i < 4 ? [0xff, 0xd8, 0xff, 0xe0][i]! : (i * 7919) % 251));
    expect(await media.process({ bytes: garbage, purpose: 'photo', legend: null })).toEqual({ ok: false, code: 'FAILED_CONVERSION' });
    const heicGarbage = mediaFixture('sample.heic').slice(0, 60);
    expect(await media.process({ bytes: heicGarbage, purpose: 'photo', legend: null })).toEqual({ ok: false, code: 'FAILED_CONVERSION' });
    // A decompression bomb: more pixels than allowed.
    const bomb = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(await media.process({ bytes: new Uint8Array(bomb), purpose: 'photo', legend: null })).toEqual({ ok: false, code: 'FAILED_CONVERSION' });
    // And a good photo still goes through.
    expect((await media.process({ bytes: scene, purpose: 'photo', legend: null })).ok).toBe(true);
  });

  it('[IMG5] an image that outlasts its time is given up alone: its process is replaced and the next image goes through', async () => {
    const impatient = new SharpMediaProcessor({ processes: 1, timeoutMs: 1 });
    try {
      // No 12 MP HEIC decodes in 1 ms: the process is killed mid-work.
      expect(await impatient.process({ bytes: mediaFixture('large-12mp.heic'), purpose: 'photo', legend: null })).toEqual({ ok: false, code: 'FAILED_CONVERSION' });
      // The same pool, now with time: a new process takes the next image.
      (impatient as unknown as { timeoutMs: number }).timeoutMs = 60_000;
      expect((await impatient.process({ bytes: mediaFixture('scene.jpg'), purpose: 'photo', legend: null })).ok).toBe(true);
    } finally {
      await impatient.close();
    }
  });
});

describe('photos fitted for the declaration document', () => {
  const noisy = async (width: number, height: number) => {
    const raw = Buffer.alloc(width * height * 3);
    let seed = 11;
    for (let i = 0; i < raw.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      raw[i] = (i % 255) ^ (seed >> 20);
    }
    return new Uint8Array(await sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 82 }).toBuffer());
  };

  it('a stored 2048 px photo is fitted into 1400 px, smaller in bytes, still a JPEG without metadata', async () => {
    const stored = await noisy(2048, 1536);
    const fitted = await media.shrinkJpeg(stored, 1400, 78);
    expect(fitted).not.toBeNull();
    expect(fitted!.contentType).toBe('image/jpeg');
    expect([fitted!.width, fitted!.height]).toEqual([1400, 1050]);
    expect(fitted!.bytes.byteLength).toBeLessThan(stored.byteLength);
    const meta = await sharp(fitted!.bytes).metadata();
    expect([meta.format, meta.width, meta.exif]).toEqual(['jpeg', 1400, undefined]);
  });

  it('a PNG or bytes that are not an image are left as they are (null); a small photo is never enlarged nor made heavier', async () => {
    const png = new Uint8Array(await sharp({ create: { width: 800, height: 600, channels: 3, background: '#fff' } }).png().toBuffer());
    expect(await media.shrinkJpeg(png, 1400, 78)).toBeNull();
    const small = await noisy(320, 240);
    const fitted = await media.shrinkJpeg(small, 1400, 78);
    if (fitted) {
      expect([fitted.width, fitted.height]).toEqual([320, 240]);
      expect(fitted.bytes.byteLength).toBeLessThan(small.byteLength);
    }
    expect(await media.shrinkJpeg(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), 1400, 78)).toBeNull();
  });
});
