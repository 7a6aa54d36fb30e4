import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isSignatureDecent, measureSignature, SIGNATURE_MIN_POINTS } from './signature.js';

const line = (from: [number, number], to: [number, number], n: number) =>
  Array.from({ length: n }, (_, i) => ({ x: from[0] + ((to[0] - from[0]) * i) / (n - 1), y: from[1] + ((to[1] - from[1]) * i) / (n - 1) }));

describe('signature check', () => {
  it('[SG1] a written name spanning the pad is decent; a dot, a tick or a flat line is too abstract', () => {
    const name = [line([20, 80], [120, 30], 40), line([120, 30], [300, 100], 60)];
    expect(isSignatureDecent(measureSignature(name, 400, 200))).toBe(true);
    expect(isSignatureDecent(measureSignature([[{ x: 10, y: 10 }]], 400, 200))).toBe(false);
    expect(isSignatureDecent(measureSignature([line([10, 10], [30, 30], 12)], 400, 200))).toBe(false);
    expect(isSignatureDecent(measureSignature([line([10, 100], [390, 101], 200)], 400, 200))).toBe(false);
    expect(isSignatureDecent(measureSignature([], 400, 200))).toBe(false);
  });

  it('[SG1] measures are shares of the pad between 0 and 1, points counted over strokes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.record({ x: fc.double({ min: -50, max: 500, noNaN: true }), y: fc.double({ min: -50, max: 300, noNaN: true }) }), { maxLength: 30 }), { maxLength: 6 }),
        (strokes) => {
          const m = measureSignature(strokes, 400, 200);
          expect(m.dataPoints).toBe(strokes.reduce((n, s) => n + s.length, 0));
          expect(m.width).toBeGreaterThanOrEqual(0);
          expect(m.width).toBeLessThanOrEqual(1);
          expect(m.height).toBeGreaterThanOrEqual(0);
          expect(m.height).toBeLessThanOrEqual(1);
          if (m.dataPoints < SIGNATURE_MIN_POINTS) expect(isSignatureDecent(m)).toBe(false);
        },
      ),
    );
  });
});
