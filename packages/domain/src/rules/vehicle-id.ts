/**
 * The virtual identifier (vi) of a vehicle without a Lithuanian plate (declaration-flow §5): either
 * X, Q or W, four digits and a letter ("X1111A"), or any 6 letters and digits whose last character
 * is a letter other than O, I, Q, W and X (those are kept apart because they read like digits or
 * are reserved for the first form).
 */
import * as v from 'valibot';
import { codeCheck, codeString, type Rule } from './validation.js';

const RESERVED_FORM = /^[XQW]\d{4}[A-Z]$/;
const GENERAL_FORM = /^[A-Z0-9]{5}[A-HJ-NPR-VYZ]$/;

/** Upper case without spaces: identifiers are read off documents and typed in any case. */
export function normaliseVehicleId(value: string): string {
  return value.replace(/\s/g, '').toUpperCase();
}

export function isVehicleId(value: string): boolean {
  const id = normaliseVehicleId(value);
  return RESERVED_FORM.test(id) || GENERAL_FORM.test(id);
}

export const vehicleIdSchema: Rule = v.pipe(codeString(), codeCheck(isVehicleId, 'VI_INVALID'));
