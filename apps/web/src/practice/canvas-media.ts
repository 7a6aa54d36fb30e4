/**
 * The image pipeline of declaration-flow §9 in the page, for the practice mode's upload use case:
 * the same steps and settings as the server's sharp adapter (IMAGE_PIPELINE), drawn on the
 * browser's canvas: the content checked by its bytes, upright by its EXIF orientation, turned to
 * landscape, empty borders trimmed, the legend band of a photo drawn above it, JPEGs resized, a
 * thumbnail made; the output is re-encoded, so it carries no metadata. A picture the browser cannot
 * decode is refused as the server refuses it (FAILED_CONVERSION), except HEIC, which the server
 * converts and most browsers cannot: kept as given (practice stores nothing beyond the page).
 */
import {
  IMAGE_PIPELINE,
  IMAGE_TRIM_SCAN_STEP,
  landscapeRotation,
  legendLayout,
  MAX_PHOTO_BYTES,
  mediaBytes,
  mediaHead,
  sniffContentType,
  trimBoxOfSamples,
  type Legend,
  type MediaInput,
  type MediaOutcome,
  type MediaProcessorPort,
  type ProcessedImage,
} from '@eid/domain';
import { whileFramesRun } from '../ui/canvas-blob';

type Canvas = OffscreenCanvas;

function canvas(width: number, height: number): { canvas: Canvas; g: OffscreenCanvasRenderingContext2D } {
  const c = new OffscreenCanvas(width, height);
  const g = c.getContext('2d');
  if (!g) throw new Error('no 2d canvas');
  return { canvas: c, g };
}

async function encode(c: Canvas, contentType: 'image/jpeg' | 'image/png', quality: number): Promise<ProcessedImage> {
  const blob = await whileFramesRun(c.convertToBlob({ type: contentType, quality: quality / 100 }));
  return { contentType, bytes: new Uint8Array(await blob.arrayBuffer()), width: c.width, height: c.height };
}

/** The picture upright (EXIF) and turned to landscape. */
function landscape(bitmap: ImageBitmap): Canvas {
  const turn = landscapeRotation(bitmap.width, bitmap.height);
  const w = turn ? bitmap.height : bitmap.width;
  const h = turn ? bitmap.width : bitmap.height;
  const { canvas: c, g } = canvas(w, h);
  if (turn) {
    g.translate(w, 0);
    g.rotate((turn * Math.PI) / 180);
  }
  g.drawImage(bitmap, 0, 0);
  return c;
}

/** Its empty borders, from pixels sampled every IMAGE_TRIM_SCAN_STEP (a nearest-neighbour shrink, as on the server). */
function trimBox(source: Canvas) {
  const step = IMAGE_TRIM_SCAN_STEP;
  const sw = Math.max(1, Math.ceil(source.width / step));
  const sh = Math.max(1, Math.ceil(source.height / step));
  const { g } = canvas(sw, sh);
  g.imageSmoothingEnabled = false;
  g.drawImage(source, 0, 0, sw, sh);
  const px = g.getImageData(0, 0, sw, sh).data;
  return trimBoxOfSamples(new Uint8Array(px.buffer, px.byteOffset, px.byteLength), sw, sh, source.width, source.height, step);
}

function drawLegend(g: OffscreenCanvasRenderingContext2D, legend: Legend, width: number): void {
  const l = legendLayout(width);
  g.fillStyle = '#fff';
  g.fillRect(0, 0, width, l.bandHeight);
  g.fillStyle = '#000';
  g.font = `bold ${l.fontSize}px "DejaVu Sans", sans-serif`;
  g.textBaseline = 'alphabetic';
  [legend.title, legend.detail].forEach((text, i) => g.fillText(text, l.padding, l.padding + i * l.lineHeight + Math.round(l.fontSize * 0.95)));
}

export class CanvasMediaProcessor implements MediaProcessorPort {
  async process(input: MediaInput): Promise<MediaOutcome> {
    if (mediaHead(input).length > MAX_PHOTO_BYTES) return { ok: false, code: 'TOO_BIG' };
    const bytes = await mediaBytes(input);
    const sniffed = sniffContentType(bytes);
    if (!sniffed || sniffed.kind !== 'image') return { ok: false, code: 'BAD_EXT' };
    const heic = sniffed.contentType === 'image/heic' || sniffed.contentType === 'image/heif';
    let bitmap: ImageBitmap;
    try {
      bitmap = await createImageBitmap(new Blob([bytes.slice()], { type: sniffed.contentType }), { imageOrientation: 'from-image' });
    } catch {
      if (!heic) return { ok: false, code: 'FAILED_CONVERSION' };
      const asGiven: ProcessedImage = { contentType: sniffed.contentType, bytes, width: 0, height: 0 };
      return { ok: true, image: asGiven, thumbnail: asGiven };
    }
    try {
      if (bitmap.width * bitmap.height > IMAGE_PIPELINE.maxInputPixels) return { ok: false, code: 'FAILED_CONVERSION' };
      const jpeg = sniffed.contentType === 'image/jpeg' || heic;
      const upright = landscape(bitmap);
      const box = trimBox(upright);
      // Only JPEGs are resized (declaration-flow §5); drawings keep their size.
      const scale = jpeg ? Math.min(1, IMAGE_PIPELINE.jpegMaxSide / Math.max(box.width, box.height)) : 1;
      const fw = Math.max(1, Math.round(box.width * scale));
      const fh = Math.max(1, Math.round(box.height * scale));
      const legend = input.purpose === 'photo' && input.legend ? input.legend : null;
      const band = legend ? legendLayout(fw).bandHeight : 0;
      const photo = input.purpose === 'photo' || jpeg;
      const { canvas: out, g } = canvas(fw, fh + band);
      if (photo) {
        // Flattened on white, as a JPEG has no transparency.
        g.fillStyle = '#fff';
        g.fillRect(0, 0, fw, fh + band);
      }
      if (legend) drawLegend(g, legend, fw);
      g.drawImage(upright, box.left, box.top, box.width, box.height, 0, band, fw, fh);
      const image = await encode(out, photo ? 'image/jpeg' : 'image/png', IMAGE_PIPELINE.jpegQuality);

      const fit = Math.min(1, IMAGE_PIPELINE.thumbnailSide / Math.max(out.width, out.height));
      const thumb = canvas(Math.max(1, Math.round(out.width * fit)), Math.max(1, Math.round(out.height * fit)));
      thumb.g.fillStyle = '#fff';
      thumb.g.fillRect(0, 0, thumb.canvas.width, thumb.canvas.height);
      thumb.g.drawImage(out, 0, 0, thumb.canvas.width, thumb.canvas.height);
      return { ok: true, image, thumbnail: await encode(thumb.canvas, 'image/jpeg', IMAGE_PIPELINE.thumbnailQuality) };
    } catch {
      return { ok: false, code: 'FAILED_CONVERSION' };
    } finally {
      bitmap.close();
    }
  }

  /** The declaration document is never made in practice. */
  async shrinkJpeg(): Promise<ProcessedImage | null> {
    return null;
  }
}
