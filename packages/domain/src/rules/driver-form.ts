/**
 * A driver's own data as the driver step asks it (SPEC DI1–DI5, declaration-flow §2 step 11): name,
 * surname, code, birth date and address, each required and each checked by the driver's country.
 * One rule for the screen (each field's first failure, to show where) and for the service (the
 * preview refuses to go on while any field fails: PREVIEW_DRIVER_DATA).
 */
import type { Address } from './address.js';
import { BIRTH_DATE_MIN } from './constants.js';
import { birthDateSchema } from './dates.js';
import { driverAddressError, driverBirthDateMatches, driverCodeError } from './driver-identity.js';
import type { ErrorCode } from './errors.js';
import { requiredNameError } from './general-rules.js';
import { validate } from './validation.js';

export interface DriverFormInput {
  readonly name: string;
  readonly surname: string;
  readonly code: string;
  /** The birth date, YYYY-MM-DD, or empty. */
  readonly dob: string;
  readonly address: Address | null;
  readonly country: string;
}

export type DriverFormErrors = { readonly [K in Exclude<keyof DriverFormInput, 'country'>]: ErrorCode | null };

/**
 * The other driver's personal code as a device sees it (VW1): never the code, only whether it is
 * valid and matches the birth date.
 */
export interface HiddenCode {
  readonly valid: boolean;
  readonly matchesBirthDate: boolean;
}

/**
 * Each field's first failure, or null. For the other driver's part, `hiddenCode` stands for the
 * code the device does not have; `today` null leaves the birth date's range unchecked (a view with
 * no clock: the progress of a step). `today` (YYYY-MM-DD, Vilnius) bounds the birth date: from
 * BIRTH_DATE_MIN to today, and for a Lithuanian personal code the date the code says.
 */
export function driverFormErrors(f: DriverFormInput, today: string | null, hiddenCode?: HiddenCode): DriverFormErrors {
  const inRange = (dob: string) => (today === null ? null : validate(birthDateSchema({ min: BIRTH_DATE_MIN, max: today }), dob));
  const matches = hiddenCode ? hiddenCode.matchesBirthDate : driverBirthDateMatches(f.code, f.dob, f.country);
  return {
    name: requiredNameError(f.name),
    surname: requiredNameError(f.surname),
    code: hiddenCode ? (hiddenCode.valid ? null : 'PERSONAL_CODE_INVALID') : f.code.trim() === '' ? 'REQUIRED' : driverCodeError(f.code.trim(), f.country),
    dob: f.dob === '' ? 'REQUIRED' : (inRange(f.dob) ?? (matches ? null : 'BIRTH_DATE_MISMATCH')),
    address: f.address === null ? 'REQUIRED' : driverAddressError(f.address, f.country),
  };
}

/** Is every field of the driver's data as the driver step requires? */
export function isDriverFormComplete(f: DriverFormInput, today: string): boolean {
  return Object.values(driverFormErrors(f, today)).every((e) => e === null);
}
