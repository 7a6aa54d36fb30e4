/**
 * Geometry of the scheme and of locations (declaration-flow §3, §9): the polygon inside-test, the
 * SVG large-arc flag, and location validity.
 */
import { LARGE_ARC_THRESHOLD_DEGREES, POLYGON_FAR_X } from './constants.js';

export interface Point {
  readonly x: number;
  readonly y: number;
}

/**
 * Whether a point lies inside a polygon, by casting a horizontal ray from the point to a far point
 * at x = 9999 and counting the edges it crosses (odd = inside). Scheme coordinates stay well below
 * 9999, so the far point is outside every drawable polygon. Each edge is half-open in y, so a ray
 * through a vertex counts once, and a point exactly on a right-hand edge counts as outside.
 */
export function pointInPolygon(point: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const a = polygon[i];
    const b = polygon[j];
    if (!a || !b) continue;
    if (a.y > point.y === b.y > point.y) continue;
    const crossX = a.x + ((point.y - a.y) * (b.x - a.x)) / (b.y - a.y);
    if (crossX > point.x && crossX <= POLYGON_FAR_X) inside = !inside;
  }
  return inside;
}

/**
 * The SVG large-arc flag of an arc from one angle to another (degrees): 1 when the span is over
 * 180 degrees, else 0. The span is the plain difference, as the scheme draws arcs from the smaller
 * to the larger angle.
 */
export function largeArcFlag(startDegrees: number, endDegrees: number): 0 | 1 {
  return Math.abs(endDegrees - startDegrees) > LARGE_ARC_THRESHOLD_DEGREES ? 1 : 0;
}

export interface Coordinates {
  readonly latitude?: number | null;
  readonly longitude?: number | null;
  readonly accuracy?: number | null;
}

/** A location is valid only if both latitude and longitude are present (0 is a coordinate). */
export function isLocationValid(location: Coordinates | null | undefined): boolean {
  return (
    !!location &&
    typeof location.latitude === 'number' &&
    Number.isFinite(location.latitude) &&
    typeof location.longitude === 'number' &&
    Number.isFinite(location.longitude)
  );
}
