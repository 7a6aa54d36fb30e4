import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POLYGON_FAR_X } from './constants.js';
import { isLocationValid, largeArcFlag, pointInPolygon, type Point } from './geometry.js';

const square: Point[] = [
  { x: 0, y: 0 },
  { x: 10, y: 0 },
  { x: 10, y: 10 },
  { x: 0, y: 10 },
];
const lShape: Point[] = [
  { x: 0, y: 0 },
  { x: 20, y: 0 },
  { x: 20, y: 10 },
  { x: 10, y: 10 },
  { x: 10, y: 20 },
  { x: 0, y: 20 },
];

describe('geometry', () => {
  it.each([
    [square, { x: 5, y: 5 }, true],
    [square, { x: 15, y: 5 }, false],
    [square, { x: -1, y: 5 }, false],
    [square, { x: 5, y: 10 }, false],
    [square, { x: 5, y: 0 }, true],
    [lShape, { x: 5, y: 15 }, true],
    [lShape, { x: 15, y: 15 }, false],
    [lShape, { x: 15, y: 5 }, true],
    [[], { x: 0, y: 0 }, false],
  ])('[GEO1] in polygon %#: %j inside is %s', (polygon, point, expected) => {
    expect(pointInPolygon(point, polygon)).toBe(expected);
  });

  it('[GEO1] the ray stops at the far point x 9999: edges beyond it are not crossed', () => {
    expect(POLYGON_FAR_X).toBe(9999);
    const wide: Point[] = [
      { x: 0, y: 0 },
      { x: 20000, y: 0 },
      { x: 20000, y: 10 },
      { x: 0, y: 10 },
    ];
    expect(pointInPolygon({ x: 5000, y: 5 }, wide)).toBe(false);
    const nearFar: Point[] = [
      { x: 9000, y: 0 },
      { x: 9999, y: 0 },
      { x: 9999, y: 10 },
      { x: 9000, y: 10 },
    ];
    expect(pointInPolygon({ x: 9500, y: 5 }, nearFar)).toBe(true);
  });

  it('[GEO1] for any rectangle on the canvas, the test agrees with the bounds', () => {
    const coord = fc.integer({ min: 0, max: 2000 });
    fc.assert(
      fc.property(coord, coord, coord, coord, coord, coord, (x1, x2, y1, y2, px, py) => {
        fc.pre(x1 !== x2 && y1 !== y2);
        const [left, right] = [Math.min(x1, x2), Math.max(x1, x2)];
        const [top, bottom] = [Math.min(y1, y2), Math.max(y1, y2)];
        const rect = [
          { x: left, y: top },
          { x: right, y: top },
          { x: right, y: bottom },
          { x: left, y: bottom },
        ];
        const strictlyInside = px > left && px < right && py > top && py < bottom;
        const outside = px < left || px > right || py < top || py > bottom;
        if (strictlyInside) expect(pointInPolygon({ x: px, y: py }, rect)).toBe(true);
        if (outside) expect(pointInPolygon({ x: px, y: py }, rect)).toBe(false);
      }),
    );
  });

  it.each([
    [0, 90, 0],
    [0, 180, 0],
    [0, 180.5, 1],
    [0, 270, 1],
    [270, 0, 1],
    [45, 200, 0],
  ])('[GEO2] an arc from %i to %i degrees has large-arc flag %i', (start, end, flag) => {
    expect(largeArcFlag(start, end)).toBe(flag);
  });

  it('[GEO2] the flag is set exactly when the span exceeds 180 degrees', () => {
    fc.assert(
      fc.property(fc.double({ min: -720, max: 720, noNaN: true }), fc.double({ min: -720, max: 720, noNaN: true }), (a, b) => {
        expect(largeArcFlag(a, b)).toBe(Math.abs(b - a) > 180 ? 1 : 0);
      }),
    );
  });

  it.each([
    [{ latitude: 54.69, longitude: 25.28 }, true],
    [{ latitude: 0, longitude: 0 }, true],
    [{ latitude: 54.69 }, false],
    [{ longitude: 25.28 }, false],
    [{ latitude: null, longitude: 25.28 }, false],
    [{ latitude: Number.NaN, longitude: 25.28 }, false],
    [null, false],
  ])('[GEO3] location %j is valid: %s', (location, expected) => {
    expect(isLocationValid(location)).toBe(expected);
  });
});
