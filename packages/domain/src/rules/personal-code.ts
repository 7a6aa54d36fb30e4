/**
 * Lithuanian personal code and driver's licence number (declaration-flow §5), and the preview
 * password derived from them (§9).
 *
 * A personal code is 11 digits G YYMMDD NNN K: G gives century and sex (3 man / 4 woman born in the
 * 1900s, 5 / 6 in the 2000s), YYMMDD the birth date, K a control digit. A field that takes "personal
 * code or licence" decides by length: 8 characters is a licence, 11 a personal code, anything else
 * matches neither Lithuanian template.
 */
import * as v from 'valibot';
import { PREVIEW_PASSWORD_LENGTH } from './constants.js';
import type { ErrorCode } from './errors.js';
import { isCalendarDate } from './dates.js';
import { codeRule, codeString, type Rule } from './validation.js';

export const PERSONAL_CODE_LENGTH = 11;
export const DRIVER_LICENCE_LENGTH = 8;

const FIRST_WEIGHTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1] as const;
const SECOND_WEIGHTS = [3, 4, 5, 6, 7, 8, 9, 1, 2, 3] as const;

function weightedRemainder(digits: readonly number[], weights: readonly number[]): number {
  return digits.reduce((sum, digit, i) => sum + digit * (weights[i] ?? 0), 0) % 11;
}

/**
 * The control digit of the first ten digits: weighted sum mod 11 with weights 1…9,1; if that is 10,
 * again with weights 3…9,1,2,3; if that is 10 too, the control digit is 0.
 */
export function personalCodeControlDigit(firstTen: string): number {
  if (!/^\d{10}$/.test(firstTen)) throw new RangeError('expected exactly ten digits');
  const digits = Array.from(firstTen, Number);
  const first = weightedRemainder(digits, FIRST_WEIGHTS);
  if (first !== 10) return first;
  const second = weightedRemainder(digits, SECOND_WEIGHTS);
  return second === 10 ? 0 : second;
}

export type Sex = 'male' | 'female';

export interface PersonalCodeInfo {
  /** YYYY-MM-DD */
  readonly birthDate: string;
  readonly sex: Sex;
}

/**
 * Reads a valid personal code, or null when it is not one: 11 digits, first digit 3 to 6, month
 * 01-12, day 01-31 and a real calendar date (so 00 parts and 31 April are refused), right control
 * digit.
 */
export function parsePersonalCode(code: string): PersonalCodeInfo | null {
  if (!/^[3-6]\d{10}$/.test(code)) return null;
  const first = Number(code[0]);
  const century = first <= 4 ? 1900 : 2000;
  const year = century + Number(code.slice(1, 3));
  const month = code.slice(3, 5);
  const day = code.slice(5, 7);
  const birthDate = `${year}-${month}-${day}`;
  if (Number(month) > 12 || Number(day) > 31 || !isCalendarDate(birthDate)) return null;
  if (personalCodeControlDigit(code.slice(0, 10)) !== Number(code[10])) return null;
  return { birthDate, sex: first % 2 === 1 ? 'male' : 'female' };
}

export function isPersonalCode(code: string): boolean {
  return parsePersonalCode(code) !== null;
}

/** A driver's licence number: one letter or digit, then 7 digits (letters in either case). */
export function isDriverLicence(value: string): boolean {
  return /^[A-Za-z0-9]\d{7}$/.test(value);
}

/** The failure of a "personal code or licence" input, decided by its length. */
export function personalCodeOrLicenceError(value: string): ErrorCode | null {
  if (value.length === DRIVER_LICENCE_LENGTH) return isDriverLicence(value) ? null : 'LICENCE_INVALID';
  if (value.length === PERSONAL_CODE_LENGTH) return isPersonalCode(value) ? null : 'PERSONAL_CODE_INVALID';
  return 'NOT_LT_TEMPLATE';
}

export const personalCodeOrLicenceSchema: Rule = v.pipe(codeString(), codeRule(personalCodeOrLicenceError));

/**
 * Whether a birth date (YYYY-MM-DD) agrees with the code. Only a valid 11-digit personal code
 * encodes a birth date; a licence number, an empty or an invalid code has nothing to compare (the
 * code field reports its own error), so this check passes for them.
 */
export function birthDateMatchesCode(code: string, birthDate: string): boolean {
  const info = parsePersonalCode(code.trim());
  return info === null || info.birthDate === birthDate.trim();
}

/** The birth-date field rule bound to the code given in the same form. */
export function birthDateMatchSchema(code: string): Rule {
  return v.pipe(
    codeString(),
    codeRule((date: string) => (birthDateMatchesCode(code, date) ? null : 'BIRTH_DATE_MISMATCH')),
  );
}

/** The preview password: the last 6 characters of the personal code or licence number. */
export function previewPassword(codeOrLicence: string): string {
  return codeOrLicence.trim().slice(-PREVIEW_PASSWORD_LENGTH);
}
