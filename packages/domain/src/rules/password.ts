/**
 * Account password (declaration-flow §5, app-shell §5): 8 to 20 characters of letters, digits,
 * spaces, hyphen, underscore, slashes, plus and asterisk, with at least one digit, one lower-case
 * and one upper-case letter.
 */
import * as v from 'valibot';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import type { ErrorCode } from './errors.js';
import { codeCheck, codeString, validate, type Rule } from './validation.js';

/** Letters of any script (Lithuanian users type ą, š …), ASCII digits and the listed symbols. */
const ALLOWED_RE = /^[\p{L}0-9 \-_/\\+*]*$/u;

/** Length in characters as a person counts them (code points), not UTF-16 units. */
function hasAllowedLength(value: string): boolean {
  const length = Array.from(value).length;
  return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
}

function isStrong(value: string): boolean {
  return /[0-9]/.test(value) && /\p{Ll}/u.test(value) && /\p{Lu}/u.test(value);
}

/**
 * The password rule. Checks run in the order a user can act on best: forbidden characters first
 * (the message names the problem exactly), then length, then strength. Use it with
 * `field({ trim: false })`: a space is a legal password character.
 */
export const passwordSchema: Rule = v.pipe(
  codeString(),
  codeCheck((s: string) => ALLOWED_RE.test(s), 'PASSWORD_FORBIDDEN_CHARS'),
  codeCheck(hasAllowedLength, 'PASSWORD_LENGTH'),
  codeCheck(isStrong, 'PASSWORD_WEAK'),
);

/** The first failure of a password, or null. */
export function passwordError(value: string): ErrorCode | null {
  return validate(passwordSchema, value);
}

/** PW5: a new password typed twice: the rule's first failure, then PASSWORDS_DO_NOT_MATCH when the two differ. */
export function newPasswordError(value: string, repeated: string): ErrorCode | null {
  return passwordError(value) ?? (value === repeated ? null : 'PASSWORDS_DO_NOT_MATCH');
}
