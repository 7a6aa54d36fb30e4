/**
 * Phone numbers (declaration-flow §5): an international number starting with "+" and a country
 * calling code, not only the default prefix, and valid for that country's numbering plan. The full
 * ("max") metadata of libphonenumber-js is used so validity is checked per country and number type,
 * not just by length.
 */
import * as v from 'valibot';
import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/max';
import { DEFAULT_COUNTRY, DEFAULT_PHONE_PREFIX, PHONE_CODE_LENGTH } from './constants.js';
import type { ErrorCode } from './errors.js';
import { codeCheck, codeRule, codeString, type Rule } from './validation.js';

/** Every country calling code of the metadata ("370", "44", "1" …); they form a prefix code. */
const CALLING_CODES: ReadonlySet<string> = new Set(getCountries().map((c) => getCountryCallingCode(c)));

/** Removes the separators people type inside numbers: spaces, hyphens, dots and parentheses. */
export function compactPhone(value: string): string {
  return value.replace(/[\s\-.()]/g, '');
}

/** The calling code a "+digits" string starts with, if any (calling codes are 1 to 3 digits). */
export function callingCodeOf(compact: string): string | null {
  const digits = compact.startsWith('+') ? compact.slice(1) : compact;
  for (let length = 1; length <= 3; length += 1) {
    const candidate = digits.slice(0, length);
    if (candidate.length === length && CALLING_CODES.has(candidate)) return candidate;
  }
  return null;
}

/**
 * The first failure of a phone number, or null. Order: no "+" or no known calling code; only the
 * prefix (the default "+370" or any other bare calling code); other characters than digits; not
 * valid for the country.
 */
export function phoneError(value: string): ErrorCode | null {
  const compact = compactPhone(value.trim());
  if (!compact.startsWith('+')) return 'PHONE_NO_COUNTRY_CODE';
  const callingCode = callingCodeOf(compact);
  if (callingCode === null) return 'PHONE_NO_COUNTRY_CODE';
  if (compact === DEFAULT_PHONE_PREFIX || compact === `+${callingCode}`) return 'PHONE_ONLY_PREFIX';
  if (!/^\+\d+$/.test(compact)) return 'PHONE_INVALID';
  const parsed = parsePhoneNumberFromString(compact);
  return parsed?.isValid() ? null : 'PHONE_INVALID';
}

/**
 * PH7: a number written the way people at home write it — Lithuanian "8 612 00005", "370 612 00005",
 * or "00" before any calling code — read as the international number it is ("+370 612 00005"),
 * for the field to show before the rules judge it (they still want the "+", PH1). Anything else,
 * and a reading that is not a valid number, is left as typed.
 */
export function internationalForm(value: string): string {
  const compact = compactPhone(value.trim());
  let candidate: string | null = null;
  if (/^8\d{8}$/.test(compact)) candidate = `${DEFAULT_PHONE_PREFIX}${compact.slice(1)}`;
  else if (/^370\d{8}$/.test(compact)) candidate = `+${compact}`;
  else if (/^00[1-9]\d{5,14}$/.test(compact)) candidate = `+${compact.slice(2)}`;
  if (candidate === null) return value;
  const parsed = parsePhoneNumberFromString(candidate);
  return parsed?.isValid() ? parsed.formatInternational() : value;
}

export function isPhone(value: string): boolean {
  return phoneError(value) === null;
}

/** A valid number in E.164 form ("+37061234567"), or null. */
export function toE164(value: string): string | null {
  if (!isPhone(value)) return null;
  return parsePhoneNumberFromString(compactPhone(value.trim()))?.number ?? null;
}

/**
 * The country a number belongs to, for the flag next to the input; the default country while the
 * number is still incomplete or unknown.
 */
export function phoneCountry(value: string): CountryCode {
  return parsePhoneNumberFromString(compactPhone(value.trim()))?.country ?? DEFAULT_COUNTRY;
}

export const phoneSchema: Rule = v.pipe(codeString(), codeRule(phoneError));

const PHONE_CODE_RE = new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`);

/** The SMS confirmation code: exactly 6 digits. */
export const phoneCodeSchema: Rule = v.pipe(
  codeString(),
  codeCheck((s: string) => PHONE_CODE_RE.test(s), 'PHONE_CODE_INVALID'),
);

/**
 * Where the service sends SMS codes (FU11): Lithuanian numbers unless configured otherwise, so that
 * a plugged-in gateway cannot be pumped to premium numbers abroad. A driver with another number
 * confirms by e-mail.
 */
export const DEFAULT_SMS_CALLING_CODES: readonly string[] = ['370'];
/** SMS codes one declaration may send per day (both drivers together). Chosen. */
export const PHONE_CODES_PER_DECLARATION_PER_DAY = 10;
/** SMS codes one number may receive per day, from any declaration. Chosen. */
/** A new code to the same number is sent this long after the last one at the earliest (the contacts step counts it down). */
export const PHONE_CODE_RESEND_MS = 30_000;
export const PHONE_CODES_PER_NUMBER_PER_DAY = 5;
export const DAY_MS = 24 * 60 * 60_000;

/** May an SMS be sent to this E.164 number, given the calling codes served? */
export function smsServed(e164: string, callingCodes: readonly string[]): boolean {
  const code = callingCodeOf(e164);
  return code !== null && callingCodes.includes(code);
}
