/**
 * libheif (libheif-js's WebAssembly module) in the pipeline's decoding threads (heic-thread.ts), both ways in: its
 * JavaScript API, which decodes an image whole, and its C functions, which the module also exports and which decode a
 * grid's tiles one by one (issue 35 item 6: a phone's HEIC is a grid of 512-px tiles, each coded alone, so several
 * threads can decode one photo). Every struct and pointer is the module's own memory; `HeifFile` frees all of it in
 * `close`. The layouts are those of libheif's public header (heif.h; libheif-js 1.23). The module's memory may grow
 * at any call into it, which replaces its views: each is read anew after every call.
 */
import libheif from 'libheif-js/wasm-bundle.js';

/** The module's exports used here (the JavaScript API's typings do not list them). */
interface Raw {
  readonly HEAPU8: Uint8Array;
  readonly HEAP32: Int32Array;
  readonly HEAPU32: Uint32Array;
  _malloc(size: number): number;
  _free(ptr: number): void;
  _heif_get_global_security_limits(): number;
  _heif_context_alloc(): number;
  _heif_context_free(ctx: number): void;
  _heif_context_read_from_memory_without_copy(err: number, ctx: number, data: number, size: number, options: number): void;
  _heif_context_get_primary_image_handle(err: number, ctx: number, handle: number): void;
  _heif_context_get_image_handle(err: number, ctx: number, item: number, handle: number): void;
  _heif_image_handle_release(handle: number): void;
  _heif_image_handle_get_width(handle: number): number;
  _heif_image_handle_get_height(handle: number): number;
  _heif_image_handle_has_alpha_channel(handle: number): number;
  _heif_image_handle_get_item_id(handle: number): number;
  _heif_image_handle_get_image_tiling(err: number, handle: number, processTransformations: number, tiling: number): void;
  _heif_image_handle_get_grid_image_tile_id(err: number, handle: number, processTransformations: number, x: number, y: number, item: number): void;
  _heif_image_handle_decode_image_tile(err: number, handle: number, image: number, colorspace: number, chroma: number, options: number, x: number, y: number): void;
  _heif_decoding_options_alloc(): number;
  _heif_decoding_options_free(options: number): void;
  _heif_image_release(image: number): void;
  _heif_image_get_width(image: number, channel: number): number;
  _heif_image_get_height(image: number, channel: number): number;
  _heif_image_get_plane_readonly2(image: number, channel: number, stride: number): number;
  _heif_item_get_transformation_properties(ctx: number, item: number, ids: number, count: number): number;
  _heif_item_get_property_type(ctx: number, item: number, property: number): number;
  _heif_item_get_property_transform_rotation_ccw(ctx: number, item: number, property: number): number;
  _heif_item_get_property_transform_mirror(ctx: number, item: number, property: number): number;
}

const raw = libheif as unknown as Raw;

const COLORSPACE_RGB = 1;
const CHROMA_INTERLEAVED_RGB = 10;
const CHANNEL_INTERLEAVED = 10;
const fourcc = (s: string) => [...s].reduce((n, c) => (n << 8) | c.charCodeAt(0), 0) >>> 0;
const IROT = fourcc('irot');
const IMIR = fourcc('imir');
/** heif_decoding_options: `uint8_t version` then `uint8_t ignore_transformations`. */
const IGNORE_TRANSFORMATIONS_AT = 1;
/** heif_image_tiling: int version, then num_columns, num_rows, tile_width, tile_height, image_width, image_height (uint32). */
const TILING_BYTES = 128;
/** Transformation properties read: a file has one or two (rotation, mirror); one more is how a longer list is told. */
const MAX_TRANSFORMS = 8;

/** A transformation of the image's item, in the order libheif applies them. */
export type HeifTransform =
  | { readonly kind: 'rotate'; readonly ccw: 90 | 180 | 270 }
  /** `vertical`: top and bottom swap; else left and right. */
  | { readonly kind: 'mirror'; readonly vertical: boolean }
  /** A crop, an unknown one, or more than this code reads: the image is decoded whole, by libheif. */
  | { readonly kind: 'other' };

export interface HeifTiling {
  readonly columns: number;
  readonly rows: number;
  readonly tileWidth: number;
  readonly tileHeight: number;
  /** The image's size as coded (before a rotation). */
  readonly width: number;
  readonly height: number;
}

/**
 * libheif's limits for every file this thread reads (its global `heif_security_limits`, which each new context
 * copies): no image, tile or alpha layer of more than `maxPixels`, no more than `maxTiles` tiles. Written only when
 * the struct reads as this code knows it (version ≥ 1 and libheif's own defaults where they are expected), so a
 * libheif of another layout is left with its defaults rather than written over.
 */
export function limitHeif(maxPixels: number, maxTiles: number): boolean {
  const at = raw._heif_get_global_security_limits();
  const u64 = (offset: number) => raw.HEAPU32[(at + offset) >> 2]! + raw.HEAPU32[(at + offset + 4) >> 2]! * 2 ** 32;
  // heif_security_limits: uint8_t version; then uint64_t max_image_size_pixels (offset 8), max_number_of_tiles (16).
  layoutKnown ??= at !== 0 && raw.HEAPU8[at]! >= 1 && u64(8) === DEFAULT_PIXELS && u64(16) === DEFAULT_TILES;
  if (!layoutKnown) return false;
  const set = (offset: number, value: number) => {
    raw.HEAPU32[(at + offset) >> 2] = value % 2 ** 32;
    raw.HEAPU32[(at + offset + 4) >> 2] = Math.floor(value / 2 ** 32);
  };
  set(8, maxPixels);
  set(16, maxTiles);
  return true;
}
/** libheif's defaults, by which its struct's layout is recognised the first time (32768² pixels, 4096² tiles). */
const DEFAULT_PIXELS = 32768 * 32768;
const DEFAULT_TILES = 4096 * 4096;
let layoutKnown: boolean | undefined;

/** The size of this thread's libheif memory (WebAssembly's grows and never shrinks: a leak shows in it). */
export const heifMemoryBytes = (): number => raw.HEAPU8.byteLength;

export class HeifError extends Error {
  constructor(what: string, code: number, subcode: number) {
    super(`libheif: ${what} failed (${code}/${subcode})`);
    this.name = 'HeifError';
  }
}

/** `_malloc`, or an error when the module's memory cannot grow (0 would be written over its own first bytes). */
function alloc(size: number): number {
  const at = raw._malloc(size);
  if (at === 0) throw new HeifError('allocating memory', -1, size);
  return at;
}

/** A HEIC read by libheif (its bytes copied into the module's memory) and its primary image's handle. */
export class HeifFile {
  private err = 0;
  private slot = 0;
  private ctx = 0;
  private data = 0;
  private handle = 0;
  private closed = false;

  constructor(bytes: Uint8Array) {
    try {
      this.err = alloc(16);
      this.slot = alloc(8);
      this.data = alloc(Math.max(1, bytes.length));
      raw.HEAPU8.set(bytes, this.data);
      this.ctx = raw._heif_context_alloc();
      if (this.ctx === 0) throw new HeifError('making a context', -1, 0);
      raw._heif_context_read_from_memory_without_copy(this.err, this.ctx, this.data, bytes.length, 0);
      this.check('reading the file');
      raw._heif_context_get_primary_image_handle(this.err, this.ctx, this.slot);
      this.check('finding its image');
      this.handle = raw.HEAP32[this.slot >> 2]!;
    } catch (error) {
      this.close();
      throw error;
    }
  }

  private check(what: string): void {
    const code = raw.HEAP32[this.err >> 2]!;
    if (code !== 0) throw new HeifError(what, code, raw.HEAP32[(this.err >> 2) + 1]!);
  }

  get width(): number {
    return raw._heif_image_handle_get_width(this.handle);
  }

  get height(): number {
    return raw._heif_image_handle_get_height(this.handle);
  }

  get hasAlpha(): boolean {
    return raw._heif_image_handle_has_alpha_channel(this.handle) !== 0;
  }

  /** The grid of the image as it is coded (before its transformations); one tile for an image that is not a grid. */
  tiling(): HeifTiling {
    const at = alloc(TILING_BYTES);
    try {
      raw.HEAPU8.fill(0, at, at + TILING_BYTES);
      raw._heif_image_handle_get_image_tiling(this.err, this.handle, 0, at);
      this.check('reading its tiling');
      const t = raw.HEAPU32.slice(at >> 2, (at >> 2) + 7);
      return { columns: t[1]!, rows: t[2]!, tileWidth: t[3]!, tileHeight: t[4]!, width: t[5]!, height: t[6]! };
    } finally {
      raw._free(at);
    }
  }

  /**
   * Is every tile of the grid the size of the first (libheif takes the grid's tile size from it, and a tile decoded
   * alone is held only to its own): read from each tile's item, before any is decoded.
   */
  tilesMatch(tiling: HeifTiling): boolean {
    for (let y = 0; y < tiling.rows; y++) {
      for (let x = 0; x < tiling.columns; x++) {
        raw._heif_image_handle_get_grid_image_tile_id(this.err, this.handle, 0, x, y, this.slot);
        this.check(`finding tile ${x},${y}`);
        raw._heif_context_get_image_handle(this.err, this.ctx, raw.HEAPU32[this.slot >> 2]!, this.slot);
        this.check(`reading tile ${x},${y}`);
        const tile = raw.HEAP32[this.slot >> 2]!;
        const same = raw._heif_image_handle_get_width(tile) === tiling.tileWidth && raw._heif_image_handle_get_height(tile) === tiling.tileHeight;
        raw._heif_image_handle_release(tile);
        if (!same) return false;
      }
    }
    return true;
  }

  /** The image item's transformations (rotation, mirror; anything else `other`), in order. */
  transforms(): HeifTransform[] {
    const item = raw._heif_image_handle_get_item_id(this.handle);
    const ids = alloc(4 * (MAX_TRANSFORMS + 1));
    try {
      const count = raw._heif_item_get_transformation_properties(this.ctx, item, ids, MAX_TRANSFORMS + 1);
      // Copied out before the calls below (which may grow the memory and replace the view).
      const properties = Array.from(raw.HEAPU32.slice(ids >> 2, (ids >> 2) + Math.max(0, count)));
      if (count > MAX_TRANSFORMS) return [{ kind: 'other' }];
      return properties.flatMap((id): HeifTransform[] => {
        const type = raw._heif_item_get_property_type(this.ctx, item, id) >>> 0;
        if (type === IROT) {
          // 0, 90, 180 or 270; anything else (libheif's -1: not read) is not this code's to guess.
          const ccw = raw._heif_item_get_property_transform_rotation_ccw(this.ctx, item, id);
          return ccw === 0 ? [] : ccw === 90 || ccw === 180 || ccw === 270 ? [{ kind: 'rotate', ccw }] : [{ kind: 'other' }];
        }
        // heif_transform_mirror_direction_vertical (0): top and bottom swap (heic.test.ts holds it to libheif's own decoding).
        if (type === IMIR) {
          const direction = raw._heif_item_get_property_transform_mirror(this.ctx, item, id);
          return [direction === 0 || direction === 1 ? { kind: 'mirror', vertical: direction === 0 } : { kind: 'other' }];
        }
        return [{ kind: 'other' }];
      });
    } finally {
      raw._free(ids);
    }
  }

  /**
   * Tile (x, y) of the coded grid decoded as RGB, without the image's transformations, and written into `out` (the
   * whole image's RGB rows, `width` × `height`) where it lies; the last row and column cut at the image's edge. A tile
   * smaller than its place is an error (its place would keep whatever was there).
   */
  decodeTileInto(x: number, y: number, tiling: HeifTiling, out: Uint8Array, width: number, height: number): void {
    const options = raw._heif_decoding_options_alloc();
    if (options === 0) throw new HeifError('allocating options', -1, 0);
    let image = 0;
    try {
      raw.HEAPU8[options + IGNORE_TRANSFORMATIONS_AT] = 1;
      raw._heif_image_handle_decode_image_tile(this.err, this.handle, this.slot, COLORSPACE_RGB, CHROMA_INTERLEAVED_RGB, options, x, y);
      this.check(`decoding tile ${x},${y}`);
      image = raw.HEAP32[this.slot >> 2]!;
      const x0 = x * tiling.tileWidth;
      const y0 = y * tiling.tileHeight;
      const w = Math.min(tiling.tileWidth, width - x0);
      const h = Math.min(tiling.tileHeight, height - y0);
      if (w <= 0 || h <= 0) return;
      if (raw._heif_image_get_width(image, CHANNEL_INTERLEAVED) < w || raw._heif_image_get_height(image, CHANNEL_INTERLEAVED) < h) throw new HeifError(`tile ${x},${y} smaller than its place`, -1, 0);
      const plane = raw._heif_image_get_plane_readonly2(image, CHANNEL_INTERLEAVED, this.slot + 4);
      if (plane === 0) throw new HeifError(`reading tile ${x},${y}`, -1, 0);
      const stride = raw.HEAPU32[(this.slot + 4) >> 2]!;
      const heap = raw.HEAPU8;
      for (let row = 0; row < h; row++) out.set(heap.subarray(plane + row * stride, plane + row * stride + w * 3), ((y0 + row) * width + x0) * 3);
    } finally {
      if (image) raw._heif_image_release(image);
      raw._heif_decoding_options_free(options);
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.handle) raw._heif_image_handle_release(this.handle);
    if (this.ctx) raw._heif_context_free(this.ctx);
    for (const at of [this.data, this.slot, this.err]) if (at) raw._free(at);
  }
}

/**
 * The primary image decoded whole by libheif's JavaScript API: RGBA, its transformations applied; null when the file
 * holds none or one of more than `maxPixels` (checked before its pixels are decoded).
 */
export async function decodeWhole(bytes: Uint8Array, maxPixels: number): Promise<{ width: number; height: number; data: Uint8Array } | null> {
  const decoder = new libheif.HeifDecoder();
  let images: libheif.HeifImage[] = [];
  try {
    images = decoder.decode(bytes);
    // The primary image, the one looked over before (heic.ts): the first of the list need not be it.
    const first = images.find((image) => image.is_primary());
    if (!first) return null;
    const width = first.get_width();
    const height = first.get_height();
    if (width < 1 || height < 1 || width * height > maxPixels) return null;
    const data = await new Promise<Uint8ClampedArray>((resolve, reject) => {
      first.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, (shown) => (shown ? resolve(shown.data) : reject(new Error('libheif could not decode the image'))));
    });
    return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  } finally {
    for (const image of images) image.free();
    if (decoder.decoder) libheif.heif_context_free(decoder.decoder);
  }
}
