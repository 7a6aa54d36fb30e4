/**
 * Is a position on Lithuanian territory? The location check behind GPS_NOT_LT (declaration-flow §8):
 * digital declaring only applies to accidents in Lithuania.
 */
import { pointInPolygon, type Point } from '../rules/geometry.js';

export interface GeoPosition {
  readonly latitude: number;
  readonly longitude: number;
}

/**
 * A position outside the border polygon but at most this far from it still counts as in Lithuania.
 * A false rejection strands a driver at a Lithuanian roadside without the digital declaration, while a
 * false acceptance only lets someone just across the border start one; and the polygon below is an
 * approximation that GPS error adds to. 2 km absorbs a poor fix and most of the approximation.
 */
export const LT_BORDER_TOLERANCE_M = 2000;

/**
 * Lithuania's border as [longitude, latitude], drawn by hand from geographic knowledge (no surveyed
 * data may be shipped or fetched here): about 120 vertices, a few kilometres off the real line in
 * places. Clockwise from the Baltic coast at the Latvian border. The Lithuanian part of the Curonian
 * Lagoon lies inside, which joins the Curonian Spit to the mainland in one ring; coastal vertices sit
 * a little out at sea, in Lithuanian territorial waters, so a fix on the beach is never cut off.
 */
const BORDER_LON_LAT: readonly (readonly [number, number])[] = [
  // Latvia, west to east: north of Skuodas and Mažeikiai, south of Auce and Bauska, the Nemunėlis
  // bulge with the northernmost point (56°27′ N, north-west of Aspariškiai), then south-east past
  // Subate and north of Zarasai to the tripoint.
  [21.058, 56.07],
  [21.17, 56.085],
  [21.3, 56.13],
  [21.42, 56.22],
  [21.52, 56.3],
  [21.7, 56.36],
  [21.9, 56.38],
  [22.12, 56.42],
  [22.4, 56.39],
  [22.65, 56.38],
  [22.9, 56.41],
  [23.3, 56.385],
  [23.55, 56.37],
  [23.78, 56.37],
  [24.0, 56.3],
  [24.45, 56.27],
  [24.6, 56.35],
  [24.75, 56.42],
  [24.88, 56.45],
  [25.1, 56.3],
  [25.3, 56.17],
  [25.75, 56.12],
  [25.95, 55.98],
  [26.1, 55.93],
  [26.25, 55.87],
  [26.36, 55.79],
  [26.46, 55.71],
  // Belarus, north to south: the Latvia-Belarus tripoint (55°40′50″ N 26°37′48″ E), across Lake
  // Drūkšiai, west of Vidzy, the salient east of Adutiškis with the easternmost point (26°51′ E),
  // north of Lyntupy, east of Pabradė, Šumskas, Kena and Medininkai, round the Dieveniškės
  // appendix, south of Šalčininkai and Eišiškės, the southernmost point (53°54′ N, south-east of
  // Kabeliai), across the Neman south of Druskininkai.
  [26.63, 55.681],
  [26.665, 55.62],
  [26.69, 55.565],
  [26.66, 55.5],
  [26.62, 55.46],
  [26.6, 55.4],
  [26.62, 55.36],
  [26.72, 55.33],
  [26.85, 55.27],
  [26.78, 55.2],
  [26.62, 55.165],
  [26.5, 55.12],
  [26.35, 55.1],
  [26.22, 55.05],
  [26.1, 54.98],
  [25.98, 54.9],
  [25.92, 54.78],
  [25.88, 54.68],
  [25.86, 54.62],
  [25.77, 54.62],
  [25.72, 54.575],
  [25.7, 54.54],
  [25.665, 54.505],
  [25.64, 54.45],
  [25.6, 54.38],
  [25.7, 54.32],
  [25.8, 54.23],
  [25.76, 54.13],
  [25.64, 54.09],
  [25.55, 54.15],
  [25.5, 54.24],
  [25.4, 54.26],
  [25.25, 54.22],
  [25.08, 54.15],
  [24.95, 54.12],
  [24.8, 54.05],
  [24.6, 53.98],
  [24.4, 53.97],
  [24.2, 53.895],
  [24.05, 53.92],
  [23.95, 53.94],
  [23.65, 53.92],
  // Poland, south-east to north-west: from the Belarus tripoint west of Lazdijai, round the Puńsk
  // bulge, south of Kalvarija.
  [23.511, 53.897],
  [23.49, 54.0],
  [23.44, 54.1],
  [23.47, 54.17],
  [23.43, 54.215],
  [23.33, 54.24],
  [23.25, 54.28],
  [23.19, 54.33],
  [23.14, 54.37],
  [23.0, 54.38],
  [22.88, 54.37],
  // Russia's Kaliningrad region: from the Poland tripoint (54°21′48″ N 22°47′31″ E) through Lake
  // Vištytis, up the Liepona past Kybartai, the Širvinta to Kudirkos Naumiestis, down the Šešupė,
  // overland to the Neman at Smalininkai, then down the Neman past Sovetsk and along the Skirvytė.
  [22.792, 54.363],
  [22.765, 54.39],
  [22.72, 54.425],
  [22.7, 54.455],
  [22.735, 54.58],
  [22.738, 54.635],
  [22.79, 54.67],
  [22.845, 54.73],
  [22.855, 54.78],
  [22.78, 54.83],
  [22.7, 54.88],
  [22.62, 54.94],
  [22.57, 54.99],
  [22.57, 55.065],
  [22.45, 55.07],
  [22.15, 55.06],
  [22.03, 55.055],
  [21.95, 55.075],
  [21.905, 55.086],
  [21.86, 55.1],
  [21.75, 55.14],
  [21.55, 55.24],
  [21.45, 55.275],
  [21.38, 55.28],
  [21.3, 55.265],
  [21.23, 55.26],
  // Across the Curonian Lagoon to the Spit south of Nida (55°16′49″ N 20°57′35″ E on the sea shore).
  [21.1, 55.27],
  [20.99, 55.281],
  [20.955, 55.2803],
  // The Spit's sea shore north to the Klaipėda strait, then the mainland coast past Palanga and
  // Šventoji back to the Latvian border.
  [20.965, 55.32],
  [20.99, 55.38],
  [21.02, 55.45],
  [21.07, 55.61],
  [21.085, 55.69],
  [21.085, 55.72],
  [21.07, 55.76],
  [21.04, 55.92],
  [21.05, 55.98],
  [21.058, 56.03],
];

/** The border polygon in the GEO1 convention: x = longitude, y = latitude. */
export const LITHUANIA_BORDER: readonly Point[] = BORDER_LON_LAT.map(([x, y]) => ({ x, y }));

export interface GeoBounds {
  readonly minLatitude: number;
  readonly maxLatitude: number;
  readonly minLongitude: number;
  readonly maxLongitude: number;
}

/** The bounding box of LITHUANIA_BORDER. */
export const LITHUANIA_BOUNDS: GeoBounds = {
  minLatitude: Math.min(...LITHUANIA_BORDER.map((p) => p.y)),
  maxLatitude: Math.max(...LITHUANIA_BORDER.map((p) => p.y)),
  minLongitude: Math.min(...LITHUANIA_BORDER.map((p) => p.x)),
  maxLongitude: Math.max(...LITHUANIA_BORDER.map((p) => p.x)),
};

/** Metres per degree of latitude (and of longitude at the equator), on the mean Earth radius. */
export const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;

const cosDeg = (degrees: number) => Math.cos((degrees * Math.PI) / 180);

/**
 * Metres from a position to the nearest edge of LITHUANIA_BORDER, whichever side it is on. Each
 * edge is projected onto a plane tangent at the position (equirectangular): over the few kilometres
 * that the tolerance is about, that is accurate to well under a metre.
 */
export function distanceToLithuaniaBorderM(position: GeoPosition): number {
  const kx = METRES_PER_DEGREE * cosDeg(position.latitude);
  const ky = METRES_PER_DEGREE;
  let best = Infinity;
  for (let i = 0, j = LITHUANIA_BORDER.length - 1; i < LITHUANIA_BORDER.length; j = i, i += 1) {
    const a = LITHUANIA_BORDER[j];
    const b = LITHUANIA_BORDER[i];
    if (!a || !b) continue;
    const ax = (a.x - position.longitude) * kx;
    const ay = (a.y - position.latitude) * ky;
    const dx = (b.x - position.longitude) * kx - ax;
    const dy = (b.y - position.latitude) * ky - ay;
    const lengthSquared = dx * dx + dy * dy;
    const t = lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / lengthSquared));
    best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}

/** Whether a position lies beyond the bounding box by more than `metres` (a cheap early answer). */
function isFarOutsideBounds(position: GeoPosition, metres: number): boolean {
  const b = LITHUANIA_BOUNDS;
  const latMargin = metres / METRES_PER_DEGREE;
  // Degrees of longitude are shortest at the box's poleward edge, so the margin is taken there.
  const lonMargin = metres / (METRES_PER_DEGREE * cosDeg(b.maxLatitude + latMargin));
  return (
    position.latitude < b.minLatitude - latMargin ||
    position.latitude > b.maxLatitude + latMargin ||
    position.longitude < b.minLongitude - lonMargin ||
    position.longitude > b.maxLongitude + lonMargin
  );
}

/**
 * Whether a position is on Lithuanian territory: inside the border polygon, or outside it by at most
 * LT_BORDER_TOLERANCE_M. A position without finite coordinates is not.
 */
export function isInLithuania(position: GeoPosition): boolean {
  const { latitude, longitude } = position;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return false;
  if (isFarOutsideBounds(position, LT_BORDER_TOLERANCE_M)) return false;
  if (pointInPolygon({ x: longitude, y: latitude }, LITHUANIA_BORDER)) return true;
  return distanceToLithuaniaBorderM(position) <= LT_BORDER_TOLERANCE_M;
}
