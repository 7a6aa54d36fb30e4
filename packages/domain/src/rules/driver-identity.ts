/**
 * Who the driver is, by the country they name (issue 18 item 5, SPEC DI1–DI5): a Lithuanian driver
 * keeps the Lithuanian rules exactly (personal code or Lithuanian licence, birth date matching the
 * code, an address picked from the registry); a driver of another country gives the licence
 * number of their country and their address as they write it.
 */
import type { Address } from './address.js';
import { addressError } from './address.js';
import { DEFAULT_COUNTRY } from './constants.js';
import type { ErrorCode } from './errors.js';
import { birthDateMatchesCode, personalCodeOrLicenceError } from './personal-code.js';

/** DI2: a foreign licence number, spaces and hyphens left out: 6 to 20 letters or digits, at least one digit. */
export const FOREIGN_LICENCE_LENGTH = { min: 6, max: 20 } as const;
/** DI3: a free-form address has at least this many characters. */
export const FREE_ADDRESS_MIN_LENGTH = 8;

/** DI1: the Lithuanian rules apply to a driver whose country is Lithuania. */
export const isLithuanianDriver = (country: string): boolean => country === DEFAULT_COUNTRY;

/** DI2: a licence number as kept: upper case, without spaces and hyphens. */
export const normaliseLicence = (value: string): string => value.replace(/[\s-]/g, '').toUpperCase();

export function foreignLicenceError(value: string): ErrorCode | null {
  const n = normaliseLicence(value);
  const { min, max } = FOREIGN_LICENCE_LENGTH;
  return n.length >= min && n.length <= max && /^[A-Z0-9]+$/.test(n) && /\d/.test(n) ? null : 'FOREIGN_LICENCE_INVALID';
}

/** DI1, DI2: the code field of a driver of `country`. */
export function driverCodeError(code: string, country: string): ErrorCode | null {
  return isLithuanianDriver(country) ? personalCodeOrLicenceError(code) : foreignLicenceError(code);
}

/** DI4: only a Lithuanian personal code says the birth date; a foreign licence has nothing to compare. */
export function driverBirthDateMatches(code: string, dob: string, country: string): boolean {
  return isLithuanianDriver(country) ? birthDateMatchesCode(code, dob) : true;
}

/** DI3: a free-form address, as the driver writes it (street, house, town, postcode), with the driver's country. */
export function freeAddressError(address: Address): ErrorCode | null {
  // Measured as it is kept (spaces collapsed), so the form and the preview agree.
  return freeAddress(address.value ?? '').value.length >= FREE_ADDRESS_MIN_LENGTH ? null : 'ADDRESS_INCOMPLETE';
}

/** DI1, DI3: the home address of a driver of `country`. */
export function driverAddressError(address: Address, country: string): ErrorCode | null {
  return isLithuanianDriver(country) ? addressError(address) : freeAddressError(address);
}

/** DI3: the address a foreign driver typed, as kept: no registry id, no apartment. */
export function freeAddress(value: string): { value: string; aob: null; pat: null; needPat: false } {
  return { value: value.replace(/\s+/g, ' ').trim(), aob: null, pat: null, needPat: false };
}
