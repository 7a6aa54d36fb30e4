import { describe, expect, it } from 'vitest';
import { mediaFixture } from '@eid/test-fixtures';
import { decodeHeic } from './heic.js';

/** A file that claims to be a HEIC (its `ftyp` box says heic) and holds no image: `size` bytes of it. */
function imagelessHeic(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0, 0, 0, 24, ...new TextEncoder().encode('ftypheic'), 0, 0, 0, 0, ...new TextEncoder().encode('mif1heic')]);
  for (let i = 24; i < size; i++) bytes[i] = (i * 7919) % 251;
  return bytes;
}

describe('HEIC decoding (libheif)', () => {
  it('[IMG5] a HEIC gives its pixels, RGBA, at its size', async () => {
    const pixels = await decodeHeic(mediaFixture('sample.heic'), 50_000_000);
    expect(pixels).not.toBeNull();
    expect([pixels!.width, pixels!.height, pixels!.data.length]).toEqual([640, 480, 640 * 480 * 4]);
  });

  it('[IMG5] a HEIC of more pixels than allowed, or without an image, gives nothing', async () => {
    expect(await decodeHeic(mediaFixture('large-12mp.heic'), 1_000_000)).toBeNull();
    expect(await decodeHeic(imagelessHeic(4096), 50_000_000)).toBeNull();
  });

  it('[IMG5] files without an image do not pile up in the decoder\'s memory (each is freed)', async () => {
    const junk = imagelessHeic(4 * 1024 * 1024);
    // The first few let the module's memory grow to what one such file needs.
    for (let i = 0; i < 3; i++) await decodeHeic(junk, 50_000_000);
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 30; i++) expect(await decodeHeic(junk, 50_000_000)).toBeNull();
    // Kept, thirty 4 MiB files would be 120 MiB more.
    expect((process.memoryUsage().rss - before) / 1024 / 1024).toBeLessThan(40);
  });
});
