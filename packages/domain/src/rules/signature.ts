/**
 * The "too abstract" check of an on-screen signature (declaration-flow §8 "Signature: too
 * abstract"). The spec names the check, not its measure; a signature is judged by what was drawn:
 * enough points, and a trace that spans the pad rather than a dot, a tick or a flat line. The
 * device sends the measures with the image; the hub judges them with this same function.
 */
import * as v from 'valibot';
import { object } from './schema.js';

/** Points drawn, at least (a written name has hundreds; a tick about ten). */
export const SIGNATURE_MIN_POINTS = 20;
/** The trace's bounding box as a share of the pad, at least this wide and this tall. */
export const SIGNATURE_MIN_WIDTH = 0.2;
export const SIGNATURE_MIN_HEIGHT = 0.06;

export const SignatureMeasuresSchema = object({
  dataPoints: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
  strokes: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000)),
  /** Bounding box width and height as shares (0 to 1) of the pad's. */
  width: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
  height: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
});
export type SignatureMeasures = v.InferOutput<typeof SignatureMeasuresSchema>;

export function isSignatureDecent(m: SignatureMeasures): boolean {
  return m.strokes > 0 && m.dataPoints >= SIGNATURE_MIN_POINTS && m.width >= SIGNATURE_MIN_WIDTH && m.height >= SIGNATURE_MIN_HEIGHT;
}

/** The measures of strokes drawn on a pad of the given size (points in pad pixels). */
export function measureSignature(
  strokes: ReadonlyArray<ReadonlyArray<{ readonly x: number; readonly y: number }>>,
  padWidth: number,
  padHeight: number,
): SignatureMeasures {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let points = 0;
  for (const stroke of strokes) {
    for (const p of stroke) {
      points += 1;
      minX = Math.min(minX, p.x);
      maxX = Math.max(maxX, p.x);
      minY = Math.min(minY, p.y);
      maxY = Math.max(maxY, p.y);
    }
  }
  const share = (extent: number, size: number) => (size > 0 && Number.isFinite(extent) ? Math.min(1, Math.max(0, extent / size)) : 0);
  return {
    dataPoints: points,
    strokes: strokes.filter((s) => s.length > 0).length,
    width: points ? share(maxX - minX, padWidth) : 0,
    height: points ? share(maxY - minY, padHeight) : 0,
  };
}
