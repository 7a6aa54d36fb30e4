/**
 * IBAN (declaration-flow §5 "IBAN must be valid"). ibantools checks the country's registry length
 * and BBAN pattern and the mod-97 check digits; we only normalise what people type around it.
 */
import * as v from 'valibot';
import { electronicFormatIBAN, friendlyFormatIBAN, getCountrySpecifications, isValidIBAN } from 'ibantools';
import { codeCheck, codeString, type Rule } from './validation.js';

/** The electronic form: spaces removed, upper case ("lt12 1000 …" → "LT121000…"). */
export function normaliseIban(value: string): string {
  return electronicFormatIBAN(value.trim()) ?? '';
}

export function isIban(value: string): boolean {
  return isValidIBAN(normaliseIban(value));
}

/** The printed form in groups of four, or null when not an IBAN. */
export function formatIban(value: string): string | null {
  return isIban(value) ? friendlyFormatIBAN(normaliseIban(value)) : null;
}

/** The registry length of a country's IBANs (LT: 20), or null for a country without IBANs. */
export function ibanLength(countryCode: string): number | null {
  const spec = getCountrySpecifications()[countryCode.toUpperCase()];
  return spec?.IBANRegistry && spec.chars ? spec.chars : null;
}

export const ibanSchema: Rule = v.pipe(codeString(), codeCheck(isIban, 'IBAN_INVALID'));
