/**
 * Licence plates (declaration-flow §5 "Plates"): normalisation, similarity, the A/B pair rules,
 * sale plates and foreign registrations.
 */
import * as v from 'valibot';
import { DEFAULT_COUNTRY, PLATE_MAX_LENGTH, PLATE_TOLERANCE, VIN_MIN_LENGTH } from './constants.js';
import type { ErrorCode } from './errors.js';
import { codeCheck, codeString, type Rule } from './validation.js';

/**
 * What a plate input keeps of the typed text: letters and digits only, upper case, at most 12.
 * Letters are the basic Latin ones: plates are written in those in every country the product
 * accepts, and this keeps the output inside /^[A-Z0-9]{0,12}$/ whatever is pasted.
 */
export function normalisePlate(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, PLATE_MAX_LENGTH);
}

/** A stored plate must already be in normal form (the server refuses anything else). */
export const plateSchema: Rule = v.pipe(
  codeString(),
  codeCheck((s: string) => s.length <= PLATE_MAX_LENGTH, 'PLATE_TOO_LONG'),
  codeCheck((s: string) => normalisePlate(s) === s, 'INCORRECT'),
);

export type PlateSimilarity = 'SIMILAR' | 'NOT_SIMILAR' | 'UNKNOWN';

/**
 * Compares two plates (after normalisation): UNKNOWN when either is missing, NOT_SIMILAR when the
 * lengths differ, otherwise SIMILAR when they differ in at most `tolerance` positions. Used to tell
 * a recognised plate from a mistyped one.
 */
export function plateSimilarity(
  a: string | null | undefined,
  b: string | null | undefined,
  tolerance: number = PLATE_TOLERANCE,
): PlateSimilarity {
  const x = normalisePlate(a ?? '');
  const y = normalisePlate(b ?? '');
  if (x === '' || y === '') return 'UNKNOWN';
  if (x.length !== y.length) return 'NOT_SIMILAR';
  let differences = 0;
  for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) differences += 1;
  return differences <= tolerance ? 'SIMILAR' : 'NOT_SIMILAR';
}

/** A sale (dealer) plate: the letter P then 4 or 5 digits. */
export function isSalePlate(value: string): boolean {
  return /^P\d{4,5}$/.test(normalisePlate(value));
}

/** Two plates clash when both are non-empty and equal once normalised. */
export function samePlate(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = normalisePlate(a ?? '');
  return x !== '' && x === normalisePlate(b ?? '');
}

/** One side of the plate step (declaration-flow §3 "Plate pair"). */
export interface PlateEntry {
  readonly plate?: string | null;
  readonly trailerPlate?: string | null;
  readonly hasTrailer?: boolean;
  readonly noPlate?: boolean;
  /** Registration country (ISO 3166 alpha-2); empty or LT means registered in Lithuania. */
  readonly country?: string | null;
}

/** What one side of the plate step identifies the vehicle by, as the driver typed it. */
export interface PlateEntryInput {
  readonly plate: string;
  readonly noPlate: boolean;
  readonly vin: string;
  readonly hasTrailer: boolean;
  readonly trailerPlate: string;
}

/** The VIN of a vehicle without a plate: REQUIRED when empty, TOO_SHORT under VIN_MIN_LENGTH. */
export function vinError(vin: string): 'REQUIRED' | 'TOO_SHORT' | null {
  const trimmed = vin.trim();
  if (trimmed === '') return 'REQUIRED';
  return trimmed.length < VIN_MIN_LENGTH ? 'TOO_SHORT' : null;
}

/** The field errors of one side of the plate step: its plate (or VIN without one) and its trailer plate. */
export function plateEntryErrors(e: PlateEntryInput): { plate: 'REQUIRED' | null; vin: 'REQUIRED' | 'TOO_SHORT' | null; trailer: 'REQUIRED' | null } {
  return {
    plate: !e.noPlate && normalisePlate(e.plate) === '' ? 'REQUIRED' : null,
    vin: e.noPlate ? vinError(e.vin) : null,
    trailer: e.hasTrailer && normalisePlate(e.trailerPlate) === '' ? 'REQUIRED' : null,
  };
}

/** A vehicle is foreign when it names a registration country other than Lithuania. */
export function isForeign(entry: PlateEntry): boolean {
  const country = entry.country?.trim().toUpperCase() ?? '';
  return country !== '' && country !== DEFAULT_COUNTRY;
}

/**
 * Every failure of the A/B plate pair, in screen order: the same plate on both vehicles, the same
 * trailer plate on both trailers (a trailer switched off with hasTrailer false keeps its stale
 * plate but is not compared), two foreign vehicles.
 */
export function platePairErrors(a: PlateEntry, b: PlateEntry): ErrorCode[] {
  const errors: ErrorCode[] = [];
  if (samePlate(a.plate, b.plate)) errors.push('PLATES_MUST_DIFFER');
  if (a.hasTrailer !== false && b.hasTrailer !== false && samePlate(a.trailerPlate, b.trailerPlate)) {
    errors.push('TRAILER_PLATES_MUST_DIFFER');
  }
  if (isForeign(a) && isForeign(b)) errors.push('TWO_FOREIGN_VEHICLES');
  return errors;
}
