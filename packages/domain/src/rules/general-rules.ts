/**
 * The general custom rules of declaration-flow §5: names, numbers, sums, lengths, checkbox and
 * date/time bounds. Each is a valibot schema whose issue message is an error code; wrap them with
 * `field()` to get the "only when there is a value" and "disabled" semantics.
 */
import * as v from 'valibot';
import { SUM_MAX } from './constants.js';
import type { ErrorCode } from './errors.js';
import { codeCheck, codeString, type Rule } from './validation.js';

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

/**
 * One character of a name: a letter of the Latin script (basic, Latin-1, extended: ą č ę ė į š ų ū ž,
 * ß, ł …) or of the Cyrillic script, a space, or a hyphen. The lookahead restricts `\p{L}` (letters
 * only, so no digits or symbols of those scripts) to the two scripts.
 */
const NAME_RE = /^(?:(?=[\p{Script=Latin}\p{Script=Cyrillic}])\p{L}|[ -])+$/u;

/** Names are compared in composed form, so "ė" typed as e + combining dot is still a letter. */
export function isName(value: string): boolean {
  return NAME_RE.test(value.normalize('NFC'));
}

/** A name field that must be filled: REQUIRED when blank, NAME_INVALID for other characters (drivers, witnesses). */
export const requiredNameError = (value: string): ErrorCode | null => (value.trim() === '' ? 'REQUIRED' : isName(value) ? null : 'NAME_INVALID');

export const nameSchema: Rule = v.pipe(codeString(), codeCheck(isName, 'NAME_INVALID'));

// ---------------------------------------------------------------------------------------------
// Numbers and sums
// ---------------------------------------------------------------------------------------------

/** Digits only, or empty. */
export const numbersOnlySchema: Rule = v.pipe(
  codeString(),
  codeCheck((s: string) => /^\d*$/.test(s), 'NUMBERS_ONLY'),
);

const SUM_RE = /^(\d+)(?:,(\d{1,2}))?$/;

/**
 * Parses a sum written as digits with an optional comma and one or two decimals ("11111,11") to
 * integer cents, or null when the format is wrong. Cents avoid float rounding at the maximum.
 */
export function parseSumCents(value: string): number | null {
  const match = SUM_RE.exec(value);
  if (!match) return null;
  const [, whole = '', decimals = ''] = match;
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
}

/** Formats integer cents the way a sum is typed: no decimals when whole, else a comma and two. */
export function formatSumCents(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole},${String(rest).padStart(2, '0')}`;
}

export const sumSchema: Rule = v.pipe(
  codeString(),
  codeCheck((s: string) => parseSumCents(s) !== null, 'SUM_FORMAT'),
  codeCheck((s: string) => (parseSumCents(s) ?? 0) <= SUM_MAX * 100, 'SUM_TOO_LARGE'),
);

// ---------------------------------------------------------------------------------------------
// Lengths and checkbox
// ---------------------------------------------------------------------------------------------

/** At least `min` characters; the issue carries `min` as its requirement. */
export function minLengthSchema(min: number): Rule {
  return v.pipe(codeString(), v.minLength<string, number, ErrorCode>(min, 'TOO_SHORT'));
}

/** At most `max` characters; the issue carries `max` as its requirement. */
export function maxLengthSchema(max: number): Rule {
  return v.pipe(codeString(), v.maxLength<string, number, ErrorCode>(max, 'TOO_LONG'));
}

/** A checkbox that must be ticked (terms, consents). */
export const checkboxSchema: Rule = v.literal<true, ErrorCode>(true, 'CHECKBOX_REQUIRED');

// ---------------------------------------------------------------------------------------------
// Date and time bounds
// ---------------------------------------------------------------------------------------------

/** Bounds of a date or time value; both bounds and the value have the same type. */
export type Bounds =
  | { readonly min?: number; readonly max?: number }
  | { readonly min?: string; readonly max?: string };

type Comparable = string | number;

/**
 * A date or time within bounds ("Time cannot be earlier than {min} / later than {max}"). Values are
 * either epoch milliseconds or fixed-width strings (YYYY-MM-DD, HH:mm:ss, YYYYMMDDHHmmss), which
 * order correctly as text. The issue carries the violated bound as its requirement, so the web app
 * can fill {min} or {max}. A value of the other type than the bounds fails with INVALID_TYPE.
 */
export function boundsSchema(bounds: Bounds): Rule {
  const { min, max } = bounds as { min?: Comparable; max?: Comparable };
  const sample = min ?? max;
  const base: v.GenericSchema<Comparable> =
    typeof sample === 'number' ? v.number<ErrorCode>('INVALID_TYPE') : codeString();
  const notBefore = (bound: Comparable) => v.minValue<Comparable, Comparable, ErrorCode>(bound, 'TOO_EARLY');
  const notAfter = (bound: Comparable) => v.maxValue<Comparable, Comparable, ErrorCode>(bound, 'TOO_LATE');
  if (min !== undefined && max !== undefined) return v.pipe(base, notBefore(min), notAfter(max));
  if (min !== undefined) return v.pipe(base, notBefore(min));
  if (max !== undefined) return v.pipe(base, notAfter(max));
  return base;
}
