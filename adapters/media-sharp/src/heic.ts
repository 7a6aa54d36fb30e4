import type { HeifTiling, HeifTransform } from './libheif.js';
import { decodeTiles, oneAtATime, thread, type HeifLimits } from './heic-threads.js';

/** A turn as sharp makes it: a left-right mirror first when `flop`, then `rotate` degrees clockwise. */
export interface Orientation {
  readonly flop: boolean;
  readonly rotate: 0 | 90 | 180 | 270;
}
/** No turn: as the pixels are. */
export const UPRIGHT: Orientation = { flop: false, rotate: 0 };

/**
 * A HEIC's primary image as pixels: RGB from a grid's tiles as they are coded, with the `orientation` that makes them
 * upright (the file's rotations and mirrors, which the pipeline applies in its own pass: no copy of 36 MB per turn);
 * RGBA decoded whole by libheif, already upright.
 */
export interface HeicPixels {
  readonly width: number;
  readonly height: number;
  readonly channels: 3 | 4;
  readonly data: Uint8Array;
  readonly orientation: Orientation;
}

/**
 * The file's rotations (anticlockwise) and mirrors, in their order, as one Orientation. A mirror after (flop, r):
 * flop ∘ rot(r) ∘ flop^f = rot(−r) ∘ flop^(f+1); a top-bottom mirror is a left-right one turned a half.
 */
export function orientationOf(transforms: readonly HeifTransform[]): Orientation {
  let flop = false;
  let rotate = 0;
  for (const t of transforms) {
    if (t.kind === 'rotate') rotate = (rotate + 360 - t.ccw) % 360;
    else if (t.kind === 'mirror') {
      flop = !flop;
      rotate = (360 - rotate + (t.vertical ? 180 : 0)) % 360;
    }
  }
  return { flop, rotate: rotate as Orientation['rotate'] };
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
 * Decodes a HEIC's primary image with libheif (WebAssembly, on the process's decoding threads: heic-threads.ts), or
 * null when the file holds no image, one of more pixels than `maxPixels`, or a grid no photo is (all checked before
 * its pixels are decoded). A grid (every phone's 12 MP photo) is decoded tile by tile on every thread (its turns
 * and mirrors left to the pipeline: `orientation`); another image, or a grid with transparency or a crop, is decoded
 * whole by libheif, which applies them.
 */
export function decodeHeic(bytes: Uint8Array, maxPixels: number): Promise<HeicPixels | null> {
  const limits: HeifLimits = { maxPixels, maxTiles: MAX_TILES };
  return oneAtATime(async () => {
    // The file once in memory every thread reads.
    const shared = new SharedArrayBuffer(bytes.length);
    new Uint8Array(shared).set(bytes);
    const { inspection: seen } = await thread(0).call({ kind: 'inspect', bytes: shared, limits });
    if (!seen || seen.width < 1 || seen.height < 1 || seen.width * seen.height > maxPixels) return null;
    const { tiling } = seen;
    if (tiling.columns * tiling.rows !== 1) {
      if (!tileable(tiling, maxPixels) || !seen.tilesMatch) return null;
      if (!seen.hasAlpha && seen.transforms.every((t) => t.kind !== 'other')) {
        const data = await decodeTiles(shared, tiling, limits);
        return { width: tiling.width, height: tiling.height, channels: 3, data, orientation: orientationOf(seen.transforms) };
      }
    }
    const { whole } = await thread(0).call({ kind: 'whole', bytes: shared, limits });
    return whole ? { width: whole.width, height: whole.height, channels: 4, data: new Uint8Array(whole.data), orientation: UPRIGHT } : null;
  });
}
