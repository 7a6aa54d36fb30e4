/**
 * Contacts of the two drivers (declaration-flow §3, §4, §5): inform methods and their tab order,
 * the "phones and e-mails of the drivers must differ" rule, and contact sync between devices.
 */
import { DEFAULT_PHONE_PREFIX } from './constants.js';
import { normaliseEmail } from './email.js';
import type { ErrorCode } from './errors.js';
import { compactPhone, toE164 } from './phone.js';

/** How a driver wants to be informed: by e-mail or by telephone. */
import { INFORM_METHODS, type InformMethod } from './inform-methods.js';
export { INFORM_METHODS, type InformMethod };

/** Tab index of the contact step per method: tel 1, email 2, none 0. */
export const CONTACT_TAB_INDEX = { tel: 1, email: 2, none: 0 } as const;

export function contactTabIndex(method: InformMethod | null | undefined): 0 | 1 | 2 {
  return method ? CONTACT_TAB_INDEX[method] : CONTACT_TAB_INDEX.none;
}

/** The method shown for a tab index, or null for 0 (no contact chosen yet) or an unknown index. */
export function methodOfTabIndex(index: number): InformMethod | null {
  if (index === CONTACT_TAB_INDEX.tel) return 'tel';
  if (index === CONTACT_TAB_INDEX.email) return 'email';
  return null;
}

/**
 * The comparable form of a phone: E.164 when valid, else its compact text. The untouched default
 * prefix ("+370") and an empty input are no number at all.
 */
function phoneKey(value: string | null | undefined): string | null {
  const compact = compactPhone((value ?? '').trim());
  if (compact === '' || compact === DEFAULT_PHONE_PREFIX) return null;
  return toE164(compact) ?? compact;
}

/** Two drivers' phones clash when both are given and denote the same number. */
export function samePhoneNumber(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = phoneKey(a);
  return x !== null && x === phoneKey(b);
}

/** Two drivers' e-mails clash when both are given and equal ignoring case. */
export function sameEmailAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = normaliseEmail(a ?? '');
  return x !== '' && x === normaliseEmail(b ?? '');
}

export interface DriverContact {
  readonly tel?: string | null;
  readonly email?: string | null;
}

/** The failures of the A/B contact pair: same phone, same e-mail (both can hold). */
export function contactPairErrors(a: DriverContact, b: DriverContact): ErrorCode[] {
  const errors: ErrorCode[] = [];
  if (samePhoneNumber(a.tel, b.tel)) errors.push('PHONES_MUST_DIFFER');
  if (sameEmailAddress(a.email, b.email)) errors.push('EMAILS_MUST_DIFFER');
  return errors;
}

/** A chosen contact as the two devices exchange it. */
export interface Contact {
  readonly method: InformMethod | null;
  readonly value: string;
}

/**
 * Contact sync: a remote contact matches the local one only when both use the same method and the
 * value is exactly equal (no method on both sides counts as the same method). Exact, not normalised, so that a correction of case or spacing is still
 * propagated to the other device.
 */
export function contactsMatch(a: Contact, b: Contact): boolean {
  return a.method === b.method && a.value === b.value;
}
