// The reading itself, run in the plate reader's own low-priority process (plate-process.ts): the
// plate located in the photo (its white background), cut from the EU band, read twice with
// different preparation by tesseract.js (LSTM, English model, A-Z and 0-9 only), the readings voted.
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { plateCandidates, type PlateReading } from '@eid/domain';

const require = createRequire(import.meta.url);
/** The English model from the npm package: nothing is downloaded at run time. */
const ENG = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };

const PLATE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A plate's white background is at least this bright (0-255) in the greyscale photo. */
const PLATE_WHITE = 215;
/** The EU band with the country mark takes the left eighth of a plate. */
const EU_BAND_SHARE = 0.12;

/**
 * The plate in a photo: the box of its bright background (sampled every 2 px), without the EU
 * band, slightly inside its black frame. Null when nothing plate-sized is bright enough.
 */
async function locatePlate(photo: Buffer): Promise<{ left: number; top: number; width: number; height: number } | null> {
  const { data, info } = await sharp(photo, { limitInputPixels: 50_000_000, failOn: 'error' })
    .autoOrient()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < info.height; y += 2) {
    for (let x = 0; x < info.width; x += 2) {
      if (data[y * info.width + x]! <= PLATE_WHITE) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  const w = maxX - minX;
  const h = maxY - minY;
  // A plate is wide and not tiny; anything else is not a plate we can find this way.
  if (maxX < 0 || w < 60 || h < 15 || w < h * 2) return null;
  const left = minX + Math.round(w * EU_BAND_SHARE);
  const inset = Math.max(2, Math.round(h * 0.04));
  return { left, top: minY + inset, width: Math.max(1, maxX - left - inset), height: Math.max(1, h - 2 * inset) };
}

/**
 * Two readings of the plate (greyscale with stretched contrast, and black-and-white at a fixed
 * letter height): each engine slip is usually in one of them only. Without a plate found, the
 * whole photo is read.
 */
async function prepare(photo: Buffer): Promise<Buffer[]> {
  const box = await locatePlate(photo);
  const base = () => {
    const s = sharp(photo, { limitInputPixels: 50_000_000 }).autoOrient();
    return box ? s.extract(box) : s;
  };
  const pad = { top: 24, bottom: 24, left: 24, right: 24, background: '#ffffff' };
  return Promise.all([
    base().greyscale().normalise().extend(pad).png().toBuffer(),
    base().greyscale().normalise().resize({ height: 72 }).threshold(140).extend(pad).png().toBuffer(),
  ]);
}

/**
 * The plates of several readings, best first: a plate that a reading puts first counts that
 * reading's confidence; one it lists lower counts a little.
 */
function vote(results: ReadonlyArray<{ text: string; confidence: number }>): string[] {
  const weight = new Map<string, number>();
  for (const r of results) {
    plateCandidates(r.text).forEach((plate, rank) => {
      weight.set(plate, (weight.get(plate) ?? 0) + (rank === 0 ? r.confidence + 1 : 0.1));
    });
  }
  return [...weight.entries()].sort((a, b) => b[1] - a[1]).map(([plate]) => plate);
}

/** What `read` is told besides the photo. */
export interface PlateReadOptions {
  /** Rows at the top to leave out (the legend band, which names the declared plate). */
  readonly skipTop?: number;
}

/** The tesseract.js engine (made at the first reading) and the steps of a reading. */
export class PlateEngine {
  private worker: Promise<Worker> | null = null;

  private engine(): Promise<Worker> {
    this.worker ??= (async () => {
      const w = await createWorker('eng', OEM.LSTM_ONLY, { langPath: ENG.langPath, gzip: ENG.gzip, cacheMethod: 'none' });
      await w.setParameters({ tessedit_char_whitelist: PLATE_CHARS, tessedit_pageseg_mode: PSM.SINGLE_LINE });
      return w;
    })();
    return this.worker;
  }

  async read(image: Uint8Array, options: PlateReadOptions = {}): Promise<PlateReading> {
    let variants: Buffer[];
    try {
      let photo = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
      const skip = Math.max(0, Math.round(options.skipTop ?? 0));
      if (skip > 0) {
        const meta = await sharp(photo).metadata();
        if (!meta.width || !meta.height || meta.height <= skip) return { status: 'ERROR_IO' };
        photo = await sharp(photo).extract({ left: 0, top: skip, width: meta.width, height: meta.height - skip }).png().toBuffer();
      }
      variants = await prepare(photo);
    } catch {
      return { status: 'ERROR_IO' };
    }
    try {
      const worker = await this.engine();
      const results: Array<{ text: string; confidence: number }> = [];
      for (const v of variants) {
        const r = await worker.recognize(v);
        results.push({ text: r.data.text, confidence: r.data.confidence });
      }
      const candidates = vote(results);
      return candidates.length ? { status: 'OK', candidates } : { status: 'NOT_FOUND' };
    } catch {
      return { status: 'ERROR_PROCESS' };
    }
  }
}
