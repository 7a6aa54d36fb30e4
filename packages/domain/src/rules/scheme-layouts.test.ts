import { describe, expect, it } from 'vitest';
import { SCHEME_HEIGHT, SCHEME_WIDTH, schemeLayout, type SchemeLayout, type SchemeShape } from './scheme-layouts.js';
import { SCHEME_TEMPLATE_IDS } from './scheme-templates.js';

/** Whether (x, y) is inside a polygon given as flat points (ray casting). */
function inPolygon(points: readonly number[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 2; i < points.length; j = i, i += 2) {
    const [xi, yi, xj, yj] = [points[i]!, points[i + 1]!, points[j]!, points[j + 1]!];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const covers = (s: SchemeShape, x: number, y: number): boolean =>
  s.kind === 'area' ? x >= s.x && x <= s.x + s.w && y >= s.y && y <= s.y + s.h : s.kind === 'disc' ? Math.hypot(x - s.x, y - s.y) <= s.r : s.kind === 'polygon' ? inPolygon(s.points, x, y) : false;

/** The surface at a point: the last surface drawn over it (shapes are drawn in order), or the verge. */
function surfaceAt(layout: SchemeLayout, x: number, y: number): string {
  let surface = 'verge';
  for (const s of layout.shapes) if ((s.kind === 'area' || s.kind === 'disc' || s.kind === 'polygon') && covers(s, x, y)) surface = s.surface;
  return surface;
}

describe('what each scheme template draws', () => {
  it('[SC3] no two of the 21 templates draw the same road; every one but the blank draws one', () => {
    const roads = SCHEME_TEMPLATE_IDS.map((id) => JSON.stringify(schemeLayout(id).shapes));
    expect(new Set(roads).size).toBe(21);
    for (const id of SCHEME_TEMPLATE_IDS) expect(schemeLayout(id).shapes.length > 0).toBe(id !== 'blank');
  });

  it.each(SCHEME_TEMPLATE_IDS.filter((id) => id !== 'blank'))('[SC3] %s: both vehicles start on the road, apart, inside the drawing', (id) => {
    const layout = schemeLayout(id);
    for (const party of ['A', 'B'] as const) {
      const { x, y, rotation } = layout.starts[party];
      expect(x).toBeGreaterThanOrEqual(60);
      expect(x).toBeLessThanOrEqual(SCHEME_WIDTH - 60);
      expect(y).toBeGreaterThanOrEqual(40);
      expect(y).toBeLessThanOrEqual(SCHEME_HEIGHT - 40);
      expect(Math.abs(rotation)).toBeLessThanOrEqual(180);
      // The vehicle's middle and both ends (90 long) are on asphalt.
      const rad = (rotation * Math.PI) / 180;
      for (const along of [-40, 0, 40]) expect(surfaceAt(layout, x + Math.cos(rad) * along, y + Math.sin(rad) * along), `${id} ${party} at ${along}`).toBe('asphalt');
    }
    const { A, B } = layout.starts;
    expect(Math.hypot(A.x - B.x, A.y - B.y)).toBeGreaterThan(90);
  });

  it('[SC3] what is painted and parked stays inside the drawing', () => {
    for (const id of SCHEME_TEMPLATE_IDS) {
      for (const s of schemeLayout(id).shapes) {
        const xs = 'points' in s ? s.points.filter((_, i) => i % 2 === 0) : [s.x];
        const ys = 'points' in s ? s.points.filter((_, i) => i % 2 === 1) : [s.y];
        for (const x of xs) expect(x >= 0 && x <= SCHEME_WIDTH, `${id} ${s.kind} x ${x}`).toBe(true);
        for (const y of ys) expect(y >= 0 && y <= SCHEME_HEIGHT, `${id} ${s.kind} y ${y}`).toBe(true);
      }
    }
  });

  it('[SC3] the roundabouts are driven anticlockwise and the junctions keep to the right: B on the ring heads round it, A comes up its lane', () => {
    // On screen y grows downwards: anticlockwise round the ring is, south-west of it, down and to the right.
    const b = schemeLayout('ring-enter').starts.B;
    expect(b.x).toBeLessThan(500);
    expect(b.y).toBeGreaterThan(375);
    expect(b.rotation).toBeGreaterThan(0);
    expect(b.rotation).toBeLessThan(90);
    // Coming up from below, the right-hand lane is right of the centre line (x 500).
    for (const id of ['t-right', 'x-right', 'x-left', 'x-cross', 'ring-enter'] as const) {
      const a = schemeLayout(id).starts.A;
      expect(a.rotation).toBe(-90);
      expect(a.x).toBeGreaterThan(500);
    }
  });
});
