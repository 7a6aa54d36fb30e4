/**
 * E-mail rules (declaration-flow §5): the standard address pattern, empty allowed, and the
 * "e-mail addresses do not match" confirmation.
 */
import * as v from 'valibot';
import { codeCheck, codeString, type Rule } from './validation.js';

/**
 * The usual practical pattern (the HTML e-mail input's, plus a dotted domain with a letter TLD):
 * dot-separated atoms of the RFC 5322 local-part characters, "@", then host labels that neither
 * start nor end with a hyphen.
 */
const EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export function isEmail(value: string): boolean {
  return EMAIL_RE.test(value);
}

/** The canonical form two addresses are compared in: trimmed and lower-cased. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Whether two addresses are the same mailbox for the user (case does not count). */
export function sameEmail(a: string, b: string): boolean {
  return normaliseEmail(a) === normaliseEmail(b);
}

/** A well-formed address, or empty (the field is optional unless `field({ required })`). */
export const emailSchema: Rule = v.pipe(
  codeString(),
  codeCheck((s: string) => s === '' || isEmail(s), 'EMAIL_INVALID'),
);

/** The repeat field of an address: must equal the first one, ignoring case and outer spaces. */
export function emailConfirmationSchema(original: string): Rule {
  return v.pipe(
    codeString(),
    codeCheck((s: string) => sameEmail(s, original), 'EMAILS_DO_NOT_MATCH'),
  );
}
