import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pointInPolygon } from '../rules/geometry.js';
import {
  distanceToLithuaniaBorderM,
  isInLithuania,
  LITHUANIA_BORDER,
  LITHUANIA_BOUNDS,
  LT_BORDER_TOLERANCE_M,
  METRES_PER_DEGREE,
} from './lithuania.js';

const at = (latitude: number, longitude: number) => ({ latitude, longitude });

describe('Lithuania location check', () => {
  it.each([
    ['Vilnius', at(54.6872, 25.2797)],
    ['Kaunas', at(54.8985, 23.9036)],
    ['Klaipėda', at(55.7033, 21.1443)],
    ['Nida, on the Curonian Spit', at(55.3033, 21.0059)],
    ['Palanga', at(55.9175, 21.0686)],
    ['Šiauliai', at(55.9349, 23.3137)],
    ['Panevėžys', at(55.7348, 24.3575)],
    ['Druskininkai', at(54.0167, 23.9667)],
    ['Visaginas', at(55.5976, 26.4313)],
    ['Zarasai', at(55.731, 26.2453)],
    ['Mažeikiai', at(56.3092, 22.3416)],
    ['Lazdijai', at(54.2347, 23.5153)],
    ['Kybartai', at(54.6405, 22.7561)],
    ['Medininkai', at(54.5408, 25.6469)],
  ])('[GEO4] [GEO5] %s is in Lithuania', (_name, position) => {
    expect(isInLithuania(position)).toBe(true);
  });

  it.each([
    ['Riga', at(56.9496, 24.1052)],
    ['Daugavpils', at(55.8714, 26.5161)],
    ['Minsk', at(53.9045, 27.5615)],
    ['Grodno (Hrodna)', at(53.6694, 23.8131)],
    ['Suwałki', at(54.1115, 22.9308)],
    ['Kaliningrad', at(54.7104, 20.4522)],
    ['Sovetsk, south of its centre', at(55.065, 21.87)],
    ['the Russian part of the Curonian Spit', at(55.1586, 20.8672)],
    ['Warsaw', at(52.2297, 21.0122)],
    ['the Baltic Sea west of Palanga', at(55.92, 20.6)],
    ['Liepāja', at(56.5047, 21.0112)],
  ])('[GEO4] [GEO5] %s is not in Lithuania', (_name, position) => {
    expect(isInLithuania(position)).toBe(false);
  });

  it('[GEO4] a point just outside the polygon counts as inside, up to the tolerance', () => {
    expect(LT_BORDER_TOLERANCE_M).toBe(2000);
    // West of Palanga's beach vertex (21.04 E), out at sea.
    const metresWest = (metres: number) =>
      at(55.92, 21.04 - metres / (METRES_PER_DEGREE * Math.cos((55.92 * Math.PI) / 180)));
    for (const [metres, expected] of [
      [500, true],
      [1900, true],
      [2100, false],
      [5000, false],
    ] as const) {
      const position = metresWest(metres);
      expect(pointInPolygon({ x: position.longitude, y: position.latitude }, LITHUANIA_BORDER)).toBe(false);
      expect(distanceToLithuaniaBorderM(position)).toBeCloseTo(metres, -1);
      expect(isInLithuania(position)).toBe(expected);
    }
  });

  it('[GEO4] the price of the tolerance: Sovetsk centre, about 1 km across the Neman, is accepted', () => {
    const sovetsk = at(55.0815, 21.8864);
    expect(pointInPolygon({ x: sovetsk.longitude, y: sovetsk.latitude }, LITHUANIA_BORDER)).toBe(false);
    expect(distanceToLithuaniaBorderM(sovetsk)).toBeLessThan(LT_BORDER_TOLERANCE_M);
    expect(isInLithuania(sovetsk)).toBe(true);
  });

  it.each([
    ['no latitude', at(Number.NaN, 25.28)],
    ['no longitude', at(54.69, Number.NaN)],
    ['an infinite coordinate', at(Number.POSITIVE_INFINITY, 25.28)],
  ])('[GEO4] a position with %s is not in Lithuania', (_name, position) => {
    expect(isInLithuania(position)).toBe(false);
  });

  it('[GEO5] the polygon spans Lithuania’s extreme points and reaches the Spit’s Russian border', () => {
    expect(LITHUANIA_BORDER.length).toBeGreaterThanOrEqual(60);
    expect(LITHUANIA_BORDER.length).toBeLessThanOrEqual(120);
    // 56°27′ N, 53°54′ N, 20°56′ E (the Spit south-west of Nida), 26°51′ E, to within a few km.
    expect(LITHUANIA_BOUNDS.maxLatitude).toBeCloseTo(56.45, 1);
    expect(LITHUANIA_BOUNDS.minLatitude).toBeCloseTo(53.9, 1);
    expect(LITHUANIA_BOUNDS.minLongitude).toBeCloseTo(20.95, 1);
    expect(LITHUANIA_BOUNDS.maxLongitude).toBeCloseTo(26.85, 1);
    // The Spit: Lithuanian 2 km north of the border at 55.28 N, Russian 2 km south of it.
    expect(isInLithuania(at(55.3, 20.99))).toBe(true);
    expect(isInLithuania(at(55.24, 20.93))).toBe(false);
  });

  it('[GEO6] any position more than 50 km outside the bounding box is not in Lithuania', () => {
    const far = 50_000;
    const b = LITHUANIA_BOUNDS;
    const latMargin = far / METRES_PER_DEGREE;
    // A degree of longitude is shortest at the poleward edge of the widened box.
    const lonMargin = far / (METRES_PER_DEGREE * Math.cos(((b.maxLatitude + latMargin) * Math.PI) / 180));
    const latitude = fc.double({ min: -90, max: 90, noNaN: true });
    const longitude = fc.double({ min: -180, max: 180, noNaN: true });
    fc.assert(
      fc.property(latitude, longitude, (lat, lon) => {
        fc.pre(
          lat < b.minLatitude - latMargin ||
            lat > b.maxLatitude + latMargin ||
            lon < b.minLongitude - lonMargin ||
            lon > b.maxLongitude + lonMargin,
        );
        expect(isInLithuania(at(lat, lon))).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('[GEO4] near the box, the answer is the polygon test widened by exactly the tolerance', () => {
    const b = LITHUANIA_BOUNDS;
    const latitude = fc.double({ min: b.minLatitude - 0.1, max: b.maxLatitude + 0.1, noNaN: true });
    const longitude = fc.double({ min: b.minLongitude - 0.1, max: b.maxLongitude + 0.1, noNaN: true });
    fc.assert(
      fc.property(latitude, longitude, (lat, lon) => {
        const position = at(lat, lon);
        const inside = pointInPolygon({ x: lon, y: lat }, LITHUANIA_BORDER);
        const near = distanceToLithuaniaBorderM(position) <= LT_BORDER_TOLERANCE_M;
        expect(isInLithuania(position)).toBe(inside || near);
      }),
      { numRuns: 2000 },
    );
  });
});
