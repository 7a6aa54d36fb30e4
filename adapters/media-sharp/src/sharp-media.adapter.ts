import { Piscina } from 'piscina';
import sharp from 'sharp';
import {
  isEmptyPixel,
  landscapeRotation,
  legendLayout,
  MAX_PHOTO_BYTES,
  sniffContentType,
  trimBox,
  IMAGE_TRIM_SCAN_STEP,
  type Legend,
  type MediaInput,
  type MediaOutcome,
  type MediaProcessorPort,
  type ProcessedImage,
} from '@eid/domain';

export interface SharpMediaOptions {
  /** Larger images are refused (decompression bombs): FAILED_CONVERSION. */
  readonly maxInputPixels?: number;
  /** JPEGs are resized to fit this many pixels on the long side. */
  readonly jpegMaxSide?: number;
  readonly thumbnailSide?: number;
  readonly jpegQuality?: number;
  /** Worker threads decoding HEIC. */
  readonly heicThreads?: number;
  /** The font of the legend (Debian's DejaVu has every Lithuanian letter). */
  readonly fontFamily?: string;
}

const DEFAULTS = {
  maxInputPixels: 50_000_000,
  jpegMaxSide: 2048,
  thumbnailSide: 400,
  jpegQuality: 82,
  heicThreads: 2,
  fontFamily: 'DejaVu Sans',
} as const;

const xml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function legendSvg(legend: Legend, width: number, fontFamily: string): { svg: Buffer; height: number } {
  const l = legendLayout(width);
  const line = (text: string, i: number) =>
    `<text x="${l.padding}" y="${l.padding + i * l.lineHeight + Math.round(l.fontSize * 0.95)}" font-family="${xml(fontFamily)}" font-weight="bold" font-size="${l.fontSize}" fill="#000">${xml(text)}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${l.bandHeight}"><rect width="100%" height="100%" fill="#fff"/>${line(legend.title, 0)}${line(legend.detail, 1)}</svg>`;
  return { svg: Buffer.from(svg), height: l.bandHeight };
}

const asImage = (bytes: Buffer, contentType: string, width: number, height: number): ProcessedImage => ({
  contentType,
  bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  width,
  height,
});

/**
 * The photo pipeline on sharp (libvips): every heavy step runs on libuv's thread pool or, for
 * HEIC, in worker threads, never on the event loop. Output carries no metadata (no EXIF, no GPS).
 */
export class SharpMediaProcessor implements MediaProcessorPort {
  private readonly o: Required<SharpMediaOptions>;
  private readonly heic: Piscina;

  constructor(options: SharpMediaOptions = {}) {
    this.o = { ...DEFAULTS, ...options };
    this.heic = new Piscina({
      filename: new URL('../worker/heic-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: this.o.heicThreads,
      idleTimeout: 30_000,
    });
  }

  async process(input: MediaInput): Promise<MediaOutcome> {
    if (input.bytes.length > MAX_PHOTO_BYTES) return { ok: false, code: 'TOO_BIG' };
    const sniffed = sniffContentType(input.bytes);
    if (!sniffed || sniffed.kind !== 'image') return { ok: false, code: 'BAD_EXT' };
    try {
      let source = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
      let jpeg = sniffed.contentType === 'image/jpeg';
      if (sniffed.contentType === 'image/heic' || sniffed.contentType === 'image/heif') {
        source = Buffer.from((await this.heic.run(source)) as Uint8Array);
        jpeg = true;
      }
      return await this.pipeline(source, jpeg, input);
    } catch {
      return { ok: false, code: 'FAILED_CONVERSION' };
    }
  }

  private open(source: Buffer) {
    return sharp(source, { limitInputPixels: this.o.maxInputPixels, failOn: 'error' });
  }

  private async pipeline(source: Buffer, jpeg: boolean, input: MediaInput): Promise<MediaOutcome> {
    const meta = await this.open(source).metadata();
    if (!meta.width || !meta.height) return { ok: false, code: 'FAILED_CONVERSION' };
    // Upright by its EXIF orientation, then landscape (declaration-flow §9).
    const swapped = (meta.orientation ?? 1) >= 5;
    const uprightW = swapped ? meta.height : meta.width;
    const uprightH = swapped ? meta.width : meta.height;
    const turn = landscapeRotation(uprightW, uprightH);
    const w = turn ? uprightH : uprightW;
    const h = turn ? uprightW : uprightH;

    // Empty borders: pixels sampled every IMAGE_TRIM_SCAN_STEP (a nearest-neighbour shrink).
    const step = IMAGE_TRIM_SCAN_STEP;
    const sample = await this.open(source)
      .autoOrient()
      .rotate(turn)
      .resize(Math.max(1, Math.ceil(w / step)), Math.max(1, Math.ceil(h / step)), { kernel: 'nearest', fit: 'fill' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const sw = sample.info.width;
    const px = sample.data;
    const box = trimBox(w, h, (x, y) => {
      const i = (Math.min(sample.info.height - 1, Math.floor(y / step)) * sw + Math.min(sw - 1, Math.floor(x / step))) * 4;
      return isEmptyPixel(px[i]!, px[i + 1]!, px[i + 2]!, px[i + 3]!);
    });

    // Only JPEGs are resized (declaration-flow §5); drawings keep their size.
    const scale = jpeg ? Math.min(1, this.o.jpegMaxSide / Math.max(box.width, box.height)) : 1;
    const fw = Math.max(1, Math.round(box.width * scale));
    const fh = Math.max(1, Math.round(box.height * scale));
    let pipeline = this.open(source).autoOrient().rotate(turn);
    if (box.width !== w || box.height !== h) pipeline = pipeline.extract(box);
    if (scale < 1) pipeline = pipeline.resize(fw, fh, { fit: 'fill' });
    let outH = fh;
    if (input.purpose === 'photo' && input.legend) {
      const legend = legendSvg(input.legend, fw, this.o.fontFamily);
      outH = fh + legend.height;
      pipeline = pipeline
        .extend({ top: legend.height, background: { r: 255, g: 255, b: 255, alpha: 1 } })
        .composite([{ input: legend.svg, top: 0, left: 0 }]);
    }
    const photo = input.purpose === 'photo' || jpeg;
    // sharp keeps no metadata unless asked: no EXIF, no GPS leaves the server.
    const out = photo
      ? await pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: this.o.jpegQuality, mozjpeg: false }).toBuffer()
      : await pipeline.png({ compressionLevel: 6 }).toBuffer();
    const thumb = await sharp(out)
      .resize(this.o.thumbnailSide, this.o.thumbnailSide, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 70 })
      .toBuffer({ resolveWithObject: true });
    return {
      ok: true,
      image: asImage(out, photo ? 'image/jpeg' : 'image/png', fw, outH),
      thumbnail: asImage(thumb.data, 'image/jpeg', thumb.info.width, thumb.info.height),
    };
  }

  /** Stops the worker threads (server shutdown, tests). */
  async close(): Promise<void> {
    await this.heic.destroy();
  }
}
