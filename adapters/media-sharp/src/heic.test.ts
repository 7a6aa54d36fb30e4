import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import sharp from 'sharp';
import { mediaFixture, type MediaFixture } from '@eid/test-fixtures';
import { decodeHeic, orientationOf, tileable, type HeicPixels } from './heic.js';
import { decodingThreadsMemory, stopDecodingThreads, testing } from './heic-threads.js';
import { HeifFile, decodeWhole, limitHeif, type HeifTransform } from './libheif.js';

afterAll(() => stopDecodingThreads());

/** A file that claims to be a HEIC (its `ftyp` box says heic) and holds no image: `size` bytes of it. */
function imagelessHeic(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0, 0, 0, 24, ...new TextEncoder().encode('ftypheic'), 0, 0, 0, 0, ...new TextEncoder().encode('mif1heic')]);
  for (let i = 24; i < size; i++) bytes[i] = (i * 7919) % 251;
  return bytes;
}

/** `bytes` with 4 MiB more after them (a `free` box, which a reader skips): each decoding copies the whole file. */
function padded(bytes: Uint8Array): Uint8Array {
  const padding = new Uint8Array(4 * 1024 * 1024);
  new DataView(padding.buffer).setUint32(0, padding.length);
  padding.set(new TextEncoder().encode('free'), 4);
  return new Uint8Array([...bytes, ...padding]);
}

/** The pixels made upright as the pipeline makes them: mirrored, then turned (sharp's order), RGB. */
async function upright(p: HeicPixels): Promise<{ width: number; height: number; data: Buffer }> {
  const raw = sharp(p.data, { raw: { width: p.width, height: p.height, channels: p.channels } });
  const { data, info } = await (p.orientation.flop ? raw.flop() : raw).rotate(p.orientation.rotate).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** How much each decoding thread's libheif memory grew while `work` ran (WebAssembly's memory never shrinks). */
async function growthMiB(work: () => Promise<void>): Promise<number> {
  const before = await decodingThreadsMemory();
  await work();
  const after = await decodingThreadsMemory();
  return Math.max(...after.map((bytes, i) => (bytes - before[i]!) / 1024 / 1024));
}

describe('HEIC decoding (libheif)', () => {
  it('[IMG5] a HEIC that is one image is decoded whole: RGBA, at its size', async () => {
    const pixels = await decodeHeic(mediaFixture('sample.heic'), 50_000_000);
    expect([pixels!.width, pixels!.height, pixels!.channels, pixels!.data.length]).toEqual([640, 480, 4, 640 * 480 * 4]);
  });

  // A phone's HEIC is a grid of tiles (issue 35 item 6): decoded tile by tile on several threads, then turned and
  // mirrored by this code — it must give what libheif gives decoding it whole, pixel for pixel.
  it.each<[MediaFixture, number, number]>([
    ['grid.heic', 1000, 700],
    ['grid-irot1.heic', 700, 1000],
    ['grid-irot3-imir0.heic', 700, 1000],
    ['grid-imir1.heic', 1000, 700],
    ['grid-imir0-irot1.heic', 700, 1000],
  ])('[IMG5] a phone\'s grid HEIC (%s) is decoded tile by tile as libheif decodes it whole, turned and mirrored as its file says', async (name, width, height) => {
    const bytes = mediaFixture(name);
    const decoded = await decodeHeic(bytes, 50_000_000);
    expect(decoded!.channels).toBe(3);
    const tiled = await upright(decoded!);
    // The reference: libheif's JavaScript API on this thread, RGBA.
    const whole = await decodeWhole(bytes, 50_000_000);
    expect([tiled.width, tiled.height]).toEqual([width, height]);
    expect([whole!.width, whole!.height]).toEqual([width, height]);
    let differing = 0;
    for (let i = 0; i < width * height; i++) for (let c = 0; c < 3; c++) if (tiled.data[i * 3 + c] !== whole!.data[i * 4 + c]) differing++;
    expect(differing).toBe(0);
    // The picture's red block is at the top left of the upright image only when it is the plain grid.
    const red = (x: number, y: number) => tiled.data[(y * width + x) * 3]! > 200 && tiled.data[(y * width + x) * 3 + 2]! < 60;
    expect(red(5, 5)).toBe(name === 'grid.heic');
  });

  it('[IMG5] any sequence of a file\'s turns and mirrors is one mirror and one turn, as sharp applies them', async () => {
    // A 3 × 2 picture of six different pixels: every turn and mirror of it differs.
    const picture = Buffer.from(Array.from({ length: 18 }, (_, i) => i * 13));
    const step = (p: { data: Buffer; width: number; height: number }, t: HeifTransform) => {
      const raw = sharp(p.data, { raw: { width: p.width, height: p.height, channels: 3 } });
      const op = t.kind === 'rotate' ? raw.rotate(360 - t.ccw) : t.kind === 'mirror' && t.vertical ? raw.flip() : raw.flop();
      return op.raw().toBuffer({ resolveWithObject: true }).then(({ data, info }) => ({ data, width: info.width, height: info.height }));
    };
    const transform = fc.oneof(
      fc.constantFrom(90, 180, 270).map((ccw): HeifTransform => ({ kind: 'rotate', ccw: ccw as 90 | 180 | 270 })),
      fc.boolean().map((vertical): HeifTransform => ({ kind: 'mirror', vertical })),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(transform, { maxLength: 5 }), async (transforms) => {
        let stepwise = { data: picture, width: 3, height: 2 };
        for (const t of transforms) stepwise = await step(stepwise, t);
        const once = await upright({ width: 3, height: 2, channels: 3, data: picture, orientation: orientationOf(transforms) });
        expect([once.width, once.height, [...once.data]]).toEqual([stepwise.width, stepwise.height, [...stepwise.data]]);
      }),
      { numRuns: 60 },
    );
  });

  // What a file says of its grid decides what the threads are given: a grid no photo is, is refused.
  const iphone = { columns: 8, rows: 6, tileWidth: 512, tileHeight: 512, width: 4032, height: 3024 };
  it.each([
    ['an iPhone\'s 12 MP grid', true, iphone],
    ['one tile', false, { ...iphone, columns: 1, rows: 1, width: 512, height: 512 }],
    ['a column of tiles wholly outside the image', false, { ...iphone, columns: 9 }],
    ['tiles that do not cover the image', false, { ...iphone, rows: 5 }],
    ['a tile of more pixels than allowed', false, { columns: 1, rows: 2, tileWidth: 8000, tileHeight: 8000, width: 4000, height: 8001 }],
    ['more tiles than a photo has', false, { columns: 4097, rows: 1, tileWidth: 1, tileHeight: 1, width: 4097, height: 1 }],
    ['an image of more pixels than allowed', false, { ...iphone, columns: 16, rows: 12, width: 8192, height: 6144 }],
    ['tiles of 50 MP each over a wide, flat image (200 G pixels to decode)', false, { columns: 4096, rows: 1, tileWidth: 4096, tileHeight: 12207, width: 16_770_000, height: 2 }],
    ['no tile size', false, { ...iphone, tileWidth: 0 }],
  ])('[IMG5] %s: decoded tile by tile %s', (_name, expected, tiling) => {
    expect(tileable(tiling, 50_000_000)).toBe(expected);
  });

  it('[IMG5] a grid of more pixels than allowed, or with a tile that says it is larger than the others, gives nothing', async () => {
    expect(await decodeHeic(mediaFixture('grid.heic'), 1000 * 700 - 1)).toBeNull();
    expect(await decodeHeic(mediaFixture('grid-odd-tile.heic'), 50_000_000)).toBeNull();
    expect((await decodeHeic(mediaFixture('grid.heic'), 1000 * 700))!.width).toBe(1000);
  });

  it('[IMG5] libheif\'s own limits are those of the file: a tile or an image over them is refused by libheif itself', async () => {
    const grid = mediaFixture('grid.heic');
    try {
      expect(limitHeif(1000, 4096)).toBe(true);
      const file = new HeifFile(grid);
      try {
        const tiling = file.tiling();
        expect(() => file.decodeTileInto(0, 0, tiling, new Uint8Array(tiling.width * tiling.height * 3), tiling.width, tiling.height)).toThrow(/decoding tile 0,0/);
      } finally {
        file.close();
      }
      await expect(decodeWhole(grid, 50_000_000)).rejects.toThrow();
    } finally {
      limitHeif(50_000_000, 4096);
    }
    expect((await decodeWhole(grid, 50_000_000))!.width).toBe(1000);
  });

  it('[IMG5] a grid whose tiles are cut off fails, and the next grid still decodes', async () => {
    const grid = mediaFixture('grid.heic');
    // The file without its last tiles' data (a phone's upload broken off): libheif cannot read them.
    await expect(decodeHeic(grid.slice(0, grid.length - 600), 50_000_000)).rejects.toThrow();
    expect((await decodeHeic(grid, 50_000_000))!.channels).toBe(3);
  });

  it('[IMG5] decoding threads ended while idle or in the middle of a grid are replaced: the grid in progress fails, the next decodes', async () => {
    const grid = mediaFixture('grid.heic');
    expect((await decodeHeic(grid, 50_000_000))!.width).toBe(1000);
    await stopDecodingThreads();
    expect((await decodeHeic(grid, 50_000_000))!.width).toBe(1000);
    // Ended once the grid's tiles are given to them.
    let stopped: Promise<void> | null = null;
    testing.afterTilesPosted = () => {
      stopped = stopDecodingThreads();
    };
    try {
      await expect(decodeHeic(padded(grid), 50_000_000)).rejects.toThrow(/ended/);
    } finally {
      testing.afterTilesPosted = null;
    }
    expect(stopped).not.toBeNull();
    await stopped;
    expect((await decodeHeic(grid, 50_000_000))!.width).toBe(1000);
  });

  it('[IMG5] a HEIC of more pixels than allowed, or without an image, gives nothing', async () => {
    expect(await decodeHeic(mediaFixture('large-12mp.heic'), 1_000_000)).toBeNull();
    expect(await decodeHeic(imagelessHeic(4096), 50_000_000)).toBeNull();
  });

  it('[IMG5] grids decoded again and again leave nothing behind in the decoding threads\' memory', async () => {
    const file = padded(mediaFixture('grid.heic'));
    for (let i = 0; i < 3; i++) await decodeHeic(file, 50_000_000);
    // Kept, thirty files would be 120 MiB more in each thread.
    const grown = await growthMiB(async () => {
      for (let i = 0; i < 30; i++) expect((await decodeHeic(file, 50_000_000))!.width).toBe(1000);
    });
    expect(grown).toBeLessThan(8);
  });

  it('[IMG5] files without an image, and images decoded whole, leave nothing behind in the decoding threads\' memory', async () => {
    const junk = imagelessHeic(4 * 1024 * 1024);
    const single = padded(mediaFixture('sample.heic'));
    for (let i = 0; i < 3; i++) await Promise.all([decodeHeic(junk, 50_000_000), decodeHeic(single, 50_000_000)]);
    const grown = await growthMiB(async () => {
      for (let i = 0; i < 30; i++) {
        expect(await decodeHeic(junk, 50_000_000)).toBeNull();
        expect((await decodeHeic(single, 50_000_000))!.channels).toBe(4);
      }
    });
    expect(grown).toBeLessThan(8);
  });
});
