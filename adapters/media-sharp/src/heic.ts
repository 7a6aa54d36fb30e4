import sharp from 'sharp';
import libheif from 'libheif-js/wasm-bundle.js';
import { HeifFile, type HeifTiling, type HeifTransform } from './libheif.js';
import { decodeTiles } from './heic-tiles.js';

/** A HEIC's first image as pixels (RGB, or RGBA when it is not a grid), upright (its rotation and mirror applied). */
export interface HeicPixels {
  readonly width: number;
  readonly height: number;
  readonly channels: 3 | 4;
  readonly data: Uint8Array;
}

/** More tiles than this is not a photo's grid (a 12 MP phone photo has 48): decoded whole, by libheif alone. */
const MAX_TILES = 4096;

/**
 * Can this grid be decoded tile by tile: tiles that cover the image and none wholly outside it, no more of them than a
 * photo has, and no tile or image of more pixels than allowed (a tile's size is the file's word, like the image's).
 */
export const tileable = (t: HeifTiling, maxPixels: number): boolean =>
  t.columns * t.rows >= 2 &&
  t.columns * t.rows <= MAX_TILES &&
  t.tileWidth > 0 &&
  t.tileHeight > 0 &&
  t.tileWidth * t.tileHeight <= maxPixels &&
  t.width * t.height <= maxPixels &&
  t.columns * t.tileWidth >= t.width &&
  t.rows * t.tileHeight >= t.height &&
  (t.columns - 1) * t.tileWidth < t.width &&
  (t.rows - 1) * t.tileHeight < t.height;

/**
 * Decodes a HEIC's first image with libheif (WebAssembly), or null when the file holds no image or one of more
 * pixels than `maxPixels` (checked before its pixels are decoded). A grid (every phone's 12 MP photo) is decoded tile
 * by tile on several threads (heic-tiles.ts), then turned and mirrored as the file says; another image, or a grid
 * with transparency or a crop, is decoded whole by libheif, which applies them. Every libheif object made is freed
 * on every path: heic-decode, which did this before, kept the parsed file in the module's memory when it held no
 * image, so a stream of such files grew the pipeline's process.
 */
export async function decodeHeic(bytes: Uint8Array, maxPixels: number): Promise<HeicPixels | null> {
  let file: HeifFile;
  try {
    file = new HeifFile(bytes);
  } catch {
    return null;
  }
  try {
    const { width, height } = file;
    if (width < 1 || height < 1 || width * height > maxPixels) return null;
    const tiling = file.tiling();
    const transforms = file.transforms();
    if (tileable(tiling, maxPixels) && !file.hasAlpha && transforms.every((t) => t.kind !== 'other')) {
      const coded = await decodeTiles(file, bytes, tiling, tiling.width, tiling.height);
      return await transformed({ width: tiling.width, height: tiling.height, channels: 3, data: coded }, transforms);
    }
  } finally {
    file.close();
  }
  return decodeWhole(bytes, maxPixels);
}

/** The coded pixels turned and mirrored in the file's order (HEIF: the rotation, then the mirror). */
async function transformed(pixels: HeicPixels, transforms: readonly HeifTransform[]): Promise<HeicPixels> {
  let current = pixels;
  for (const t of transforms) {
    const source = sharp(current.data, { raw: { width: current.width, height: current.height, channels: current.channels } });
    // sharp turns clockwise; a file's rotation is anticlockwise.
    const step = t.kind === 'rotate' ? source.rotate((360 - t.ccw) % 360) : t.kind === 'mirror' && t.vertical ? source.flip() : source.flop();
    const { data, info } = await step.raw().toBuffer({ resolveWithObject: true });
    current = { width: info.width, height: info.height, channels: current.channels, data };
  }
  return current;
}

/** The first image decoded whole by libheif's JavaScript API (RGBA, its transformations applied). */
async function decodeWhole(bytes: Uint8Array, maxPixels: number): Promise<HeicPixels | null> {
  const decoder = new libheif.HeifDecoder();
  let images: libheif.HeifImage[] = [];
  try {
    images = decoder.decode(bytes);
    const first = images[0];
    if (!first) return null;
    const width = first.get_width();
    const height = first.get_height();
    if (width < 1 || height < 1 || width * height > maxPixels) return null;
    const data = await new Promise<Uint8ClampedArray>((resolve, reject) => {
      first.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, (shown) => (shown ? resolve(shown.data) : reject(new Error('libheif could not decode the image'))));
    });
    return { width, height, channels: 4, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  } finally {
    for (const image of images) image.free();
    if (decoder.decoder) libheif.heif_context_free(decoder.decoder);
  }
}

/** For the tests: the image decoded whole by libheif (the reference a grid's tiles must give). */
export const decodeHeicWhole = decodeWhole;
