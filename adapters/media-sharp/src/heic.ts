import sharp from 'sharp';
import type { HeifTiling, HeifTransform } from './libheif.js';
import { decodeTiles, oneAtATime, thread } from './heic-threads.js';

/** A HEIC's first image as pixels (RGB from a grid's tiles, RGBA decoded whole), upright (its rotation and mirror applied). */
export interface HeicPixels {
  readonly width: number;
  readonly height: number;
  readonly channels: 3 | 4;
  readonly data: Uint8Array;
}

/** More tiles than this is not a photo's grid (a 12 MP phone photo has 48). */
export const MAX_TILES = 4096;
/** The tiles' pixels, all counted, at most this many times the pixel limit (a phone's grid: 1.03 times its image). */
const MAX_TILED_AREA = 1.5;

/**
 * Is this grid one a photo can be: tiles that cover the image and none wholly outside it, no more of them than a
 * photo has, no tile nor image over the pixel limit, and all the tiles' pixels together not far over it (a grid may
 * name one small tile again and again: each is decoded). The sizes are the file's word: a grid that is not is
 * refused before anything of it is decoded.
 */
export const tileable = (t: HeifTiling, maxPixels: number): boolean =>
  t.columns * t.rows >= 2 &&
  t.columns * t.rows <= MAX_TILES &&
  t.tileWidth > 0 &&
  t.tileHeight > 0 &&
  t.tileWidth * t.tileHeight <= maxPixels &&
  t.width * t.height <= maxPixels &&
  t.columns * t.rows * t.tileWidth * t.tileHeight <= MAX_TILED_AREA * maxPixels &&
  t.columns * t.tileWidth >= t.width &&
  t.rows * t.tileHeight >= t.height &&
  (t.columns - 1) * t.tileWidth < t.width &&
  (t.rows - 1) * t.tileHeight < t.height;

/**
 * Decodes a HEIC's first image with libheif (WebAssembly, on the process's decoding threads: heic-threads.ts), or
 * null when the file holds no image, one of more pixels than `maxPixels`, or a grid no photo is (all checked before
 * its pixels are decoded). A grid (every phone's 12 MP photo) is decoded tile by tile on every thread, then turned
 * and mirrored as the file says; another image, or a grid with transparency or a crop, is decoded whole by libheif,
 * which applies them.
 */
export function decodeHeic(bytes: Uint8Array, maxPixels: number): Promise<HeicPixels | null> {
  return oneAtATime(async () => {
    // The file once in memory every thread reads.
    const shared = new SharedArrayBuffer(bytes.length);
    new Uint8Array(shared).set(bytes);
    const { inspection: seen } = await thread(0).call({ kind: 'inspect', bytes: shared, maxTiles: MAX_TILES });
    if (!seen || seen.width < 1 || seen.height < 1 || seen.width * seen.height > maxPixels) return null;
    const { tiling } = seen;
    if (tiling.columns * tiling.rows !== 1) {
      if (!tileable(tiling, maxPixels) || !seen.tilesMatch) return null;
      if (!seen.hasAlpha && seen.transforms.every((t) => t.kind !== 'other')) {
        const coded = await decodeTiles(shared, tiling);
        return transformed({ width: tiling.width, height: tiling.height, channels: 3, data: coded }, seen.transforms);
      }
    }
    const { whole } = await thread(0).call({ kind: 'whole', bytes: shared, maxPixels });
    return whole ? { width: whole.width, height: whole.height, channels: 4, data: new Uint8Array(whole.data) } : null;
  });
}

/** The coded pixels turned and mirrored in the file's order (libheif's: as its properties are listed). */
async function transformed(pixels: HeicPixels, transforms: readonly HeifTransform[]): Promise<HeicPixels> {
  let current = pixels;
  for (const t of transforms) {
    const source = sharp(current.data, { raw: { width: current.width, height: current.height, channels: current.channels } });
    // sharp turns clockwise; a file's rotation is anticlockwise.
    const step = t.kind === 'rotate' ? source.rotate(360 - t.ccw) : t.kind === 'mirror' && t.vertical ? source.flip() : source.flop();
    const { data, info } = await step.raw().toBuffer({ resolveWithObject: true });
    current = { width: info.width, height: info.height, channels: current.channels, data };
  }
  return current;
}
