/**
 * The account's person (settings D; SPEC.md AC12): name, surname, birth date, phone, home address
 * and driving licence number — the driver data a declaration is prefilled with (declaration-flow
 * §1: "signed-in users have most driver data prefilled"). Every field is optional and is checked
 * by the same rule as the driver's field in a declaration.
 */
import * as v from 'valibot';
import { object } from '../rules/schema.js';
import { PickedAddressSchema, TEXT_LIMITS, type PickedAddress } from '../declaration/entities.js';
import { addressError } from '../rules/address.js';
import { BIRTH_DATE_MIN } from '../rules/constants.js';
import { birthDateSchema } from '../rules/dates.js';
import type { ErrorCode } from '../rules/errors.js';
import { isName } from '../rules/general-rules.js';
import { isDriverLicence } from '../rules/personal-code.js';
import { compactPhone, phoneError } from '../rules/phone.js';
import { validate } from '../rules/validation.js';

/** The person an account belongs to, as far as it is known; the names and birth date are verified only through Smart-ID or Mobile-ID. */
export interface AccountPerson {
  readonly firstName: string | null;
  readonly lastName: string | null;
  /** YYYY-MM-DD */
  readonly birthDate: string | null;
  /** E.164, as the declaration's phone. */
  readonly phone: string | null;
  readonly address: PickedAddress | null;
  /** Driving licence number (8 characters). */
  readonly licence: string | null;
}

export type PersonField = keyof AccountPerson;

export const NO_PERSON: AccountPerson = { firstName: null, lastName: null, birthDate: null, phone: null, address: null, licence: null };

const text = (max: number) => v.nullable(v.pipe(v.string(), v.maxLength(max)));

/** AC12: the payload of settings D (shape and lengths; `personErrors` judges the values). */
export const PersonSchema = object({
  firstName: text(TEXT_LIMITS.name),
  lastName: text(TEXT_LIMITS.name),
  birthDate: text(10),
  phone: text(32),
  address: v.nullable(PickedAddressSchema),
  licence: text(16),
});

/** AC12: trimmed, an empty text is no value, the phone compacted and the licence upper-cased. */
export function normalisePerson(input: v.InferOutput<typeof PersonSchema>): AccountPerson {
  const clean = (s: string | null) => (s === null || s.trim() === '' ? null : s.trim());
  const phone = clean(input.phone);
  const licence = clean(input.licence);
  return {
    firstName: clean(input.firstName),
    lastName: clean(input.lastName),
    birthDate: clean(input.birthDate),
    phone: phone === null ? null : compactPhone(phone),
    address: input.address,
    licence: licence === null ? null : licence.toUpperCase(),
  };
}

/** AC12: each given field's failure, by the declaration's rules (an empty field is allowed). */
export function personErrors(p: AccountPerson, today: string): Partial<Record<PersonField, ErrorCode>> {
  const errors: Partial<Record<PersonField, ErrorCode>> = {};
  if (p.firstName !== null && !isName(p.firstName)) errors.firstName = 'NAME_INVALID';
  if (p.lastName !== null && !isName(p.lastName)) errors.lastName = 'NAME_INVALID';
  const dob = p.birthDate === null ? null : validate(birthDateSchema({ min: BIRTH_DATE_MIN, max: today }), p.birthDate);
  if (dob) errors.birthDate = dob;
  const phone = p.phone === null ? null : phoneError(p.phone);
  if (phone) errors.phone = phone;
  const address = p.address === null ? null : addressError(p.address);
  if (address) errors.address = address;
  if (p.licence !== null && !isDriverLicence(p.licence)) errors.licence = 'LICENCE_INVALID';
  return errors;
}

/** AC12: the fields a verified personal code vouches for (from the Smart-ID or Mobile-ID certificate): not changed in settings. */
export function lockedPersonFields(personalCode: string | null): readonly PersonField[] {
  return personalCode === null ? [] : ['firstName', 'lastName', 'birthDate'];
}

/** AC12: the person after settings D: the given data, but the verified fields as they were. */
export function personUpdate(current: AccountPerson, given: AccountPerson, personalCode: string | null): AccountPerson {
  return personalCode === null ? given : { ...given, firstName: current.firstName, lastName: current.lastName, birthDate: current.birthDate };
}

/** The driver data a signed-in person's declaration starts with (AC13). */
export interface DriverPrefill {
  readonly name: string;
  readonly surname: string;
  readonly dob: string;
  readonly code: string;
  readonly address: PickedAddress | null;
  readonly tel: string;
  readonly email: string;
}

/**
 * AC13: steps 5 and 11 start from the account: the names, birth date, address and phone; the
 * code is the verified personal code, else the licence number (an unverified personal code is
 * never kept); the e-mail is the account's confirmed address.
 */
export function driverPrefill(person: AccountPerson, personalCode: string | null, email: string | null): DriverPrefill {
  return {
    name: person.firstName ?? '',
    surname: person.lastName ?? '',
    dob: person.birthDate ?? '',
    code: personalCode ?? person.licence ?? '',
    address: person.address,
    tel: person.phone ?? '',
    email: email ?? '',
  };
}

/** Step 11's fields a prefill may fill. */
export interface DriverFields {
  readonly name: string;
  readonly surname: string;
  readonly code: string;
  readonly dob: string;
  readonly address: PickedAddress | null;
}

/**
 * AC13: a step the driver has not begun (every field empty) takes the prefill's values, and
 * `filled` names them; once anything is there (typed, or saved before a reload), nothing is
 * filled, so a field the driver cleared stays cleared.
 */
export function fillEmptyDriverFields(current: DriverFields, prefill: DriverPrefill | null): { readonly value: DriverFields; readonly filled: ReadonlyArray<keyof DriverFields> } {
  const keys = ['name', 'surname', 'code', 'dob', 'address'] as const;
  const begun = keys.some((k) => current[k] !== null && current[k] !== '');
  if (!prefill || begun) return { value: current, filled: [] };
  const value: DriverFields = { name: prefill.name, surname: prefill.surname, code: prefill.code, dob: prefill.dob, address: prefill.address };
  return { value, filled: keys.filter((k) => value[k] !== null && value[k] !== '') };
}
