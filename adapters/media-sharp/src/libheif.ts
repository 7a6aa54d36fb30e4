/**
 * libheif's C functions as libheif-js's WebAssembly module exports them, for what its JavaScript API does not offer:
 * a grid image's tiles decoded one by one (issue 35 item 6: a phone's HEIC is a grid of 512-px tiles, each coded
 * alone, so several threads can decode one photo). Every struct and pointer is this module's own memory; `HeifFile`
 * frees all of it in `close`. The layouts are those of libheif's public header (heif.h; libheif-js 1.23).
 */
import libheif from 'libheif-js/wasm-bundle.js';

/** The module's exports used here (the JavaScript API's typings do not list them). */
interface Raw {
  readonly HEAPU8: Uint8Array;
  readonly HEAP32: Int32Array;
  readonly HEAPU32: Uint32Array;
  _malloc(size: number): number;
  _free(ptr: number): void;
  _heif_context_alloc(): number;
  _heif_context_free(ctx: number): void;
  _heif_context_read_from_memory_without_copy(err: number, ctx: number, data: number, size: number, options: number): void;
  _heif_context_get_primary_image_handle(err: number, ctx: number, handle: number): void;
  _heif_image_handle_release(handle: number): void;
  _heif_image_handle_get_width(handle: number): number;
  _heif_image_handle_get_height(handle: number): number;
  _heif_image_handle_has_alpha_channel(handle: number): number;
  _heif_image_handle_get_item_id(handle: number): number;
  _heif_image_handle_get_image_tiling(err: number, handle: number, processTransformations: number, tiling: number): void;
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
/** At most this many transformation properties are read (a file has one or two: rotation, mirror). */
const MAX_TRANSFORMS = 8;

/** A transformation of the image's item, in the order libheif applies them. */
export type HeifTransform =
  | { readonly kind: 'rotate'; readonly ccw: number }
  /** `vertical`: top and bottom swap; else left and right. */
  | { readonly kind: 'mirror'; readonly vertical: boolean }
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

/** The size of this thread's libheif memory (WebAssembly's grows and never shrinks: a leak shows in it). */
export const heifMemoryBytes = (): number => raw.HEAPU8.byteLength;

export class HeifError extends Error {
  constructor(what: string, code: number, subcode: number) {
    super(`libheif: ${what} failed (${code}/${subcode})`);
    this.name = 'HeifError';
  }
}

/** A HEIC read by libheif (its bytes copied into the module's memory) and its primary image's handle. */
export class HeifFile {
  private readonly err: number;
  private readonly ctx: number;
  private readonly data: number;
  private readonly slot: number;
  private handle = 0;
  private closed = false;

  constructor(bytes: Uint8Array) {
    this.err = raw._malloc(16);
    this.slot = raw._malloc(8);
    this.ctx = raw._heif_context_alloc();
    this.data = raw._malloc(Math.max(1, bytes.length));
    try {
      raw.HEAPU8.set(bytes, this.data);
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

  /** The grid of the image as it is coded (before its transformations). */
  tiling(): HeifTiling {
    const at = raw._malloc(TILING_BYTES);
    try {
      raw.HEAPU8.fill(0, at, at + TILING_BYTES);
      raw._heif_image_handle_get_image_tiling(this.err, this.handle, 0, at);
      this.check('reading its tiling');
      const t = raw.HEAPU32.subarray(at >> 2, (at >> 2) + 7);
      return { columns: t[1]!, rows: t[2]!, tileWidth: t[3]!, tileHeight: t[4]!, width: t[5]!, height: t[6]! };
    } finally {
      raw._free(at);
    }
  }

  /** The image item's transformations (rotation, mirror; a crop or another is `other`), in order. */
  transforms(): HeifTransform[] {
    const item = raw._heif_image_handle_get_item_id(this.handle);
    const ids = raw._malloc(4 * MAX_TRANSFORMS);
    try {
      const count = raw._heif_item_get_transformation_properties(this.ctx, item, ids, MAX_TRANSFORMS);
      return Array.from(raw.HEAPU32.subarray(ids >> 2, (ids >> 2) + count), (id): HeifTransform => {
        const type = raw._heif_item_get_property_type(this.ctx, item, id) >>> 0;
        if (type === IROT) return { kind: 'rotate', ccw: raw._heif_item_get_property_transform_rotation_ccw(this.ctx, item, id) };
        // heif_transform_mirror_direction_vertical (0): top and bottom swap (`imir` axis 0; heic.test.ts holds it to libheif's own decoding).
        if (type === IMIR) return { kind: 'mirror', vertical: raw._heif_item_get_property_transform_mirror(this.ctx, item, id) === 0 };
        return { kind: 'other' };
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
    raw._heif_context_free(this.ctx);
    raw._free(this.data);
    raw._free(this.slot);
    raw._free(this.err);
  }
}
