/**
 * Where the accident is (declaration-flow §3 coordinates): a position, and why a phone gave none.
 */
import * as v from 'valibot';
import { object } from '../rules/schema.js';

const finite = v.pipe(v.number(), v.finite());

/** A position's accuracy in metres: a phone's worst (a cell tower's) is a few kilometres; past 100 km it is no position. */
export const POSITION_ACCURACY_MAX_M = 100_000;

/** Coordinates (declaration-flow §3): valid only if both latitude and longitude are present. */
export const PositionSchema = object({
  latitude: v.pipe(finite, v.minValue(-90), v.maxValue(90)),
  longitude: v.pipe(finite, v.minValue(-180), v.maxValue(180)),
  accuracy: v.nullable(v.pipe(finite, v.minValue(0), v.maxValue(POSITION_ACCURACY_MAX_M))),
});
export type Position = v.InferOutput<typeof PositionSchema>;

/**
 * Why the phone gave no position (declaration-flow §3 coordinates' errCode and errMessage): the
 * Geolocation API's error (1 denied, 2 unavailable, 3 timeout) or ours (too inaccurate, no API),
 * and the browser's words for it, kept with the declaration.
 */
export const LOCATION_ERROR_CODES = ['DENIED', 'UNAVAILABLE', 'TIMEOUT', 'INACCURATE', 'UNSUPPORTED'] as const;
export const LocationErrorSchema = object({
  errCode: v.picklist(LOCATION_ERROR_CODES),
  errMessage: v.pipe(v.string(), v.maxLength(200)),
});
export type LocationError = v.InferOutput<typeof LocationErrorSchema>;
