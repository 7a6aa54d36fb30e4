import libheif from 'libheif-js/wasm-bundle.js';

/** A HEIC's first image as RGBA pixels, upright (libheif applies the file's rotation and mirroring). */
export interface HeicPixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

/**
 * Decodes a HEIC's first image with libheif (WebAssembly), or null when the file holds no image or
 * one of more pixels than `maxPixels` (checked before its pixels are decoded). Every libheif object
 * made is freed on every path: heic-decode, which did this before, kept the parsed file in the
 * module's memory when it held no image, so a stream of such files grew the pipeline's process.
 */
export async function decodeHeic(bytes: Uint8Array, maxPixels: number): Promise<HeicPixels | null> {
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
    return { width, height, data };
  } finally {
    for (const image of images) image.free();
    if (decoder.decoder) libheif.heif_context_free(decoder.decoder);
  }
}
