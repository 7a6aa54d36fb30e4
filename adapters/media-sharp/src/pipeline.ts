import { decodeHeic, UPRIGHT, type Orientation } from './heic.js';
import sharp, { type Sharp } from 'sharp';
import {
  landscapeRotation,
  legendLayout,
  trimBoxOfSamples,
  IMAGE_PIPELINE,
  IMAGE_TRIM_SCAN_STEP,
  type Legend,
  type MediaOutcome,
  type MediaPurpose,
  type ProcessedImage,
} from '@eid/domain';

/** The settings of the pipeline (all plain data: they cross into the pipeline's processes). */
export interface PipelineOptions {
  /** Larger images are refused (decompression bombs): FAILED_CONVERSION. */
  readonly maxInputPixels: number;
  /** JPEGs are resized to fit this many pixels on the long side. */
  readonly jpegMaxSide: number;
  readonly thumbnailSide: number;
  readonly jpegQuality: number;
  /** The font of the legend (Debian's DejaVu has every Lithuanian letter). */
  readonly fontFamily: string;
}

/** One image to process, as sent to a pipeline process. */
export interface PipelineTask {
  readonly bytes: Uint8Array;
  /** From the magic bytes, checked before the task is queued. */
  readonly contentType: string;
  readonly purpose: MediaPurpose;
  readonly legend: Legend | null;
  readonly options: PipelineOptions;
}

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
 * The photo pipeline (declaration-flow §9) on sharp (libvips), run in a child process: HEIC
 * decoded to pixels (libheif in WebAssembly), upright by EXIF then landscape, empty borders
 * trimmed, the legend band of a photo drawn above it, JPEGs resized, a thumbnail made. The output
 * carries no metadata (sharp keeps none unless asked): no EXIF, no GPS leaves the server.
 */
export async function runPipeline(task: PipelineTask): Promise<MediaOutcome> {
  const o = task.options;
  try {
    const source = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
    let open: () => Sharp;
    let jpeg = task.contentType === 'image/jpeg';
    // A HEIC's own turn (its pixels come as coded): applied with the landscape turn, in the same pass.
    let fileTurn: Orientation = UPRIGHT;
    if (task.contentType === 'image/heic' || task.contentType === 'image/heif') {
      // Its pixels go to sharp as they are (issue 35 item 6: encoding them as a JPEG in JavaScript, as heic-convert
      // did, then decoding that, took most of a HEIC's time); a grid's tiles on several threads.
      const pixels = await decodeHeic(task.bytes, o.maxInputPixels);
      if (!pixels) return { ok: false, code: 'FAILED_CONVERSION' };
      const data = Buffer.from(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength);
      fileTurn = pixels.orientation;
      // sharp mirrors before it turns, whatever the order of the calls: the Orientation's own order.
      open = () => {
        const raw = sharp(data, { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels }, limitInputPixels: o.maxInputPixels });
        return fileTurn.flop ? raw.flop() : raw;
      };
      jpeg = true;
    } else {
      open = () => sharp(source, { limitInputPixels: o.maxInputPixels, failOn: 'error' });
    }
    const meta = await open().metadata();
    if (!meta.width || !meta.height) return { ok: false, code: 'FAILED_CONVERSION' };
    // Upright by its EXIF orientation (or a HEIC's own), then landscape (declaration-flow §9).
    const swapped = (meta.orientation ?? 1) >= 5 !== (fileTurn.rotate % 180 === 90);
    const uprightW = swapped ? meta.height : meta.width;
    const uprightH = swapped ? meta.width : meta.height;
    const landscape = landscapeRotation(uprightW, uprightH);
    // One turn for both: the file's own (a HEIC's) and the landscape one.
    const turn = (fileTurn.rotate + landscape) % 360;
    const w = landscape ? uprightH : uprightW;
    const h = landscape ? uprightW : uprightH;

    // A photo goes the one-pass way at the size it is kept: a JPEG is decoded once, shrunk while it
    // is read (issue 35, bench:media); a HEIC's pixels, decoded whole above, are resized. A drawing
    // keeps its size.
    if (jpeg) {
      const fast = await keptPhoto(open, task, w, h, turn);
      if (fast) return fast;
    }
    // Empty borders: pixels sampled every IMAGE_TRIM_SCAN_STEP (a nearest-neighbour shrink).
    const step = IMAGE_TRIM_SCAN_STEP;
    const sample = await open()
      .autoOrient()
      .rotate(turn)
      .resize(Math.max(1, Math.ceil(w / step)), Math.max(1, Math.ceil(h / step)), { kernel: 'nearest', fit: 'fill' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const box = trimBoxOfSamples(rawPixels(sample.data), sample.info.width, sample.info.height, w, h, step);

    // Only JPEGs are resized (declaration-flow §5); drawings keep their size.
    const scale = jpeg ? Math.min(1, o.jpegMaxSide / Math.max(box.width, box.height)) : 1;
    const fw = Math.max(1, Math.round(box.width * scale));
    const fh = Math.max(1, Math.round(box.height * scale));
    let pipeline = open().autoOrient().rotate(turn);
    if (box.width !== w || box.height !== h) pipeline = pipeline.extract(box);
    if (scale < 1) pipeline = pipeline.resize(fw, fh, { fit: 'fill' });
    return await finish(pipeline, task, fw, fh, jpeg);
  } catch {
    return { ok: false, code: 'FAILED_CONVERSION' };
  }
}

const rawPixels = (data: Buffer) => new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

/**
 * The samples of the empty-border scan, every `step` pixels of the upright `w` × `h` image, read
 * from its RGB pixels at the kept size (`fw` × `fh`): the nearest kept pixel of each.
 */
function samplesOfKept(rgb: Buffer, fw: number, fh: number, w: number, h: number, step: number): { data: Uint8Array; width: number; height: number } {
  const width = Math.max(1, Math.ceil(w / step));
  const height = Math.max(1, Math.ceil(h / step));
  const data = new Uint8Array(width * height * 3);
  const xs = Int32Array.from({ length: width }, (_, sx) => Math.min(fw - 1, Math.floor(((sx * step + step / 2) * fw) / w)) * 3);
  let o = 0;
  for (let sy = 0; sy < height; sy++) {
    const row = Math.min(fh - 1, Math.floor(((sy * step + step / 2) * fh) / h)) * fw * 3;
    for (let sx = 0; sx < width; sx++, o += 3) {
      const i = row + xs[sx]!;
      data[o] = rgb[i]!;
      data[o + 1] = rgb[i + 1]!;
      data[o + 2] = rgb[i + 2]!;
    }
  }
  return { data, width, height };
}

/**
 * The photo path: upright and landscape at the kept size (jpegMaxSide on the long side) in one
 * pass, as RGB pixels; the empty-border check samples those, the legend band is put above them as
 * rows of pixels, and the photo and its thumbnail are encoded from the same pixels at once. A photo
 * with borders to trim is left to the full-size path (null): trimmed, it would need more pixels
 * than the kept size holds.
 */
async function keptPhoto(open: () => Sharp, task: PipelineTask, w: number, h: number, turn: number): Promise<MediaOutcome | null> {
  const o = task.options;
  const scale = Math.min(1, o.jpegMaxSide / Math.max(w, h));
  const fw = Math.max(1, Math.round(w * scale));
  const fh = Math.max(1, Math.round(h * scale));
  const base = await open().autoOrient().rotate(turn).resize(fw, fh, { fit: 'fill' }).flatten({ background: '#ffffff' }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  if (base.info.channels !== 3 || base.info.width !== fw || base.info.height !== fh) return null;
  const sample = samplesOfKept(base.data, fw, fh, w, h, IMAGE_TRIM_SCAN_STEP);
  const box = trimBoxOfSamples(sample.data, sample.width, sample.height, w, h, IMAGE_TRIM_SCAN_STEP, undefined, 3);
  if (box.width !== w || box.height !== h) return null;
  let pixels = base.data;
  let outH = fh;
  if (task.purpose === 'photo' && task.legend) {
    const legend = legendSvg(task.legend, fw, o.fontFamily);
    const band = await sharp(legend.svg).flatten({ background: '#ffffff' }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    if (band.info.channels !== 3 || band.info.width !== fw) return null;
    pixels = Buffer.concat([band.data, base.data]);
    outH = fh + band.info.height;
  }
  const raw = { raw: { width: fw, height: outH, channels: 3 as const } };
  const [out, thumb] = await Promise.all([
    sharp(pixels, raw).jpeg({ quality: o.jpegQuality, mozjpeg: false }).toBuffer(),
    sharp(pixels, raw).resize(o.thumbnailSide, o.thumbnailSide, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: IMAGE_PIPELINE.thumbnailQuality }).toBuffer({ resolveWithObject: true }),
  ]);
  return {
    ok: true,
    image: asImage(out, 'image/jpeg', fw, outH),
    thumbnail: asImage(thumb.data, 'image/jpeg', thumb.info.width, thumb.info.height),
  };
}

/** The legend band above a photo, the kept image (JPEG for photos, PNG for drawings) and its thumbnail. */
async function finish(source: Sharp, task: PipelineTask, fw: number, fh: number, jpeg: boolean): Promise<MediaOutcome> {
  const o = task.options;
  let pipeline = source;
  let outH = fh;
  if (task.purpose === 'photo' && task.legend) {
    const legend = legendSvg(task.legend, fw, o.fontFamily);
    outH = fh + legend.height;
    pipeline = pipeline.extend({ top: legend.height, background: { r: 255, g: 255, b: 255, alpha: 1 } }).composite([{ input: legend.svg, top: 0, left: 0 }]);
  }
  const photo = task.purpose === 'photo' || jpeg;
  const out = photo
    ? await pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: o.jpegQuality, mozjpeg: false }).toBuffer()
    : await pipeline.png({ compressionLevel: 6 }).toBuffer();
  const thumb = await sharp(out)
    .resize(o.thumbnailSide, o.thumbnailSide, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: IMAGE_PIPELINE.thumbnailQuality })
    .toBuffer({ resolveWithObject: true });
  return {
    ok: true,
    image: asImage(out, photo ? 'image/jpeg' : 'image/png', fw, outH),
    thumbnail: asImage(thumb.data, 'image/jpeg', thumb.info.width, thumb.info.height),
  };
}

/** One stored JPEG to fit for the declaration document (see MediaProcessorPort.shrinkJpeg). */
export interface ShrinkTask {
  readonly bytes: Uint8Array;
  readonly maxSide: number;
  readonly quality: number;
  readonly maxInputPixels: number;
}

/** Fits a JPEG into maxSide × maxSide at the quality given; null when that would not be smaller. */
export async function shrinkJpeg(task: ShrinkTask): Promise<ProcessedImage | null> {
  const { data, info } = await sharp(task.bytes, { limitInputPixels: task.maxInputPixels })
    .resize({ width: task.maxSide, height: task.maxSide, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: task.quality, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  if (data.byteLength >= task.bytes.byteLength) return null;
  return asImage(data, 'image/jpeg', info.width, info.height);
}
