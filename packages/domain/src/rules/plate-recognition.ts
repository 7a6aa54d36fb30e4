/**
 * Plate recognition (declaration-flow §4, §8): the text an OCR engine reads from the plate photo is
 * turned into a Lithuanian plate, and compared with the declaration. The engine sits behind the
 * PlateReaderPort; these rules are what makes its raw text a plate and its plate a status.
 */
import type { PlateRecognitionStatus } from './errors.js';
import { normalisePlate, plateSimilarity } from './plates.js';

/**
 * Lithuanian plate formats, by character class (L letter, D digit): cars ABC123, motorcycles 123ABC
 * and 12ABC, trailers AB123, sale plates P1234 / P12345, taxis T12345, and older cars AB1234 ... The
 * list orders the longer, more specific formats first.
 */
export const LT_PLATE_FORMATS = ['LLLDDD', 'DDDLLL', 'LDDDDD', 'LDDDD', 'LLDDD', 'DDLLL', 'LLDDDD'] as const;

const TO_LETTER: Readonly<Record<string, string>> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B', '4': 'A', '7': 'T' };
const TO_DIGIT: Readonly<Record<string, string>> = { O: '0', Q: '0', D: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', B: '8', A: '4', T: '7' };

/** Reads `text` as `format`, fixing look-alike characters by position; null when it cannot be. */
function asFormat(text: string, format: string): string | null {
  if (text.length !== format.length) return null;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const want = format[i]!;
    if (want === 'L') {
      const letter = /[A-Z]/.test(c) ? c : TO_LETTER[c];
      if (!letter) return null;
      out += letter;
    } else {
      const digit = /[0-9]/.test(c) ? c : TO_DIGIT[c];
      if (!digit) return null;
      out += digit;
    }
  }
  return out;
}

/** At most this many look-alike characters are fixed in one reading. */
export const MAX_CORRECTIONS = 1;

/** Corrections (look-alike swaps) a reading needed: fewer is more believable. */
function corrections(raw: string, plate: string): number {
  let n = 0;
  for (let i = 0; i < raw.length; i++) if (raw[i] !== plate[i]) n += 1;
  return n;
}

/**
 * The plates an OCR text may hold, best first: every window of the normalised text that fits a
 * Lithuanian format (look-alikes fixed), preferring fewer fixes and longer formats. The country
 * mark "LT" of the EU band is skipped when it runs into the plate.
 */
export function plateCandidates(ocrText: string): string[] {
  const lines = ocrText.toUpperCase().split(/\n+/);
  const found = new Map<string, number>();
  for (const line of lines) {
    const compact = normalisePlate(line.replace(/\bLT\b/g, ' '));
    for (const format of LT_PLATE_FORMATS) {
      for (let start = 0; start + format.length <= compact.length; start++) {
        const raw = compact.slice(start, start + format.length);
        const plate = asFormat(raw, format);
        // One look-alike fixed is an OCR slip; more is reading a plate into any text.
        if (!plate || corrections(raw, plate) > MAX_CORRECTIONS) continue;
        // Whole-line matches and exact readings rank first.
        const score = corrections(raw, plate) * 10 + (compact.length - format.length) + LT_PLATE_FORMATS.indexOf(format);
        const previous = found.get(plate);
        if (previous === undefined || score < previous) found.set(plate, score);
      }
    }
  }
  return [...found.entries()].sort((a, b) => a[1] - b[1]).map(([plate]) => plate);
}

/**
 * The status of a reading against the declaration: OK when it is this vehicle's plate;
 * ERROR_WRONG_PLATE when it is the other vehicle's (the photo was taken of the wrong car);
 * ERROR_NOT_IN_EID when it is neither (a mistyped plate, or another car); NOT_FOUND when nothing
 * was read.
 */
export function plateRecognitionStatus(read: string | null, own: string, other: string): PlateRecognitionStatus {
  if (read === null || read === '') return 'NOT_FOUND';
  const plate = normalisePlate(read);
  if (plate === normalisePlate(own)) return 'OK';
  if (other !== '' && plate === normalisePlate(other)) return 'ERROR_WRONG_PLATE';
  return 'ERROR_NOT_IN_EID';
}

/** Of several readings, the one for this vehicle if any, else the most similar to it, else the first. */
export function bestReading(candidates: readonly string[], own: string): string | null {
  if (candidates.length === 0) return null;
  const exact = candidates.find((c) => c === normalisePlate(own));
  if (exact) return exact;
  return candidates.find((c) => plateSimilarity(c, own) === 'SIMILAR') ?? candidates[0]!;
}

/** What the driver did about a mismatch (logged): retake, switch the plate, ignore, or it failed. */
export const PLATE_RECOGNITION_OUTCOMES = ['REFOTO', 'SWITCH', 'NOTHING', 'ERROR'] as const;
export type PlateRecognitionOutcome = (typeof PLATE_RECOGNITION_OUTCOMES)[number];
