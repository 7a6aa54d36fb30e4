/**
 * A witness (declaration-flow §3, step "witnesses"): a name, a surname and a phone, each required
 * and each checked as the drivers' own are. One rule for the screen (per field, to show where) and
 * for the service (the first failure refuses the write).
 */
import { DEFAULT_PHONE_PREFIX } from './constants.js';
import type { ErrorCode } from './errors.js';
import { requiredNameError } from './general-rules.js';
import { phoneError } from './phone.js';

export interface WitnessInput {
  readonly name: string;
  readonly surname: string;
  readonly phone: string;
}

export type WitnessFieldErrors = { readonly [K in keyof WitnessInput]: ErrorCode | null };

/** Each field's first failure, or null: REQUIRED, NAME_INVALID, or the phone's own code. */
export function witnessErrors(w: WitnessInput): WitnessFieldErrors {
  const phone = w.phone.trim();
  return {
    name: requiredNameError(w.name),
    surname: requiredNameError(w.surname),
    phone: phone === '' || phone === DEFAULT_PHONE_PREFIX ? 'REQUIRED' : phoneError(phone),
  };
}

/** The first failure of a witness in field order, or null when the witness may be stored. */
export function witnessError(w: WitnessInput): ErrorCode | null {
  const e = witnessErrors(w);
  return e.name ?? e.surname ?? e.phone;
}
