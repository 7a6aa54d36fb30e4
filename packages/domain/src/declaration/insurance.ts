/**
 * The responsible insurer's kinds (declaration-flow §3 "Responsible insurer", "Special insurance
 * values: notInsured and other"): an insurer of the registry (IN1), a vehicle insured abroad with
 * what its green card says, or a vehicle without insurance (SPEC IN2–IN5).
 */
import { DEFAULT_COUNTRY, INSURER_ID_DEFAULT } from '../rules/constants.js';
import { formatDate, isCalendarDate } from '../rules/dates.js';
import type { ErrorCode } from '../rules/errors.js';
import type { Declaration, GreenCard, PartyData, ResponsibleInsurer, Vehicle } from './entities.js';

/** Not said yet, an insurer of the registry, abroad (a green card), none. */
export const INSURANCE_KINDS = ['UNSET', 'REGISTRY', 'ABROAD', 'NONE'] as const;
export type InsuranceKind = (typeof INSURANCE_KINDS)[number];

export function insuranceKind(ri: ResponsibleInsurer): InsuranceKind {
  if (ri.special === 'OTHER') return 'ABROAD';
  if (ri.special === 'NOT_INSURED') return 'NONE';
  return ri.drkId === INSURER_ID_DEFAULT ? 'UNSET' : 'REGISTRY';
}

/** The driver has said who insures the vehicle (an insurer, one abroad, or none): PREVIEW_INSURER_NOT_FOUND otherwise. */
export const insurerChosen = (ri: ResponsibleInsurer): boolean => insuranceKind(ri) !== 'UNSET';

/** Is the party's vehicle insured, as far as the declaration knows (its driver's word first, then the registry's). */
export function partyInsured(p: PartyData): boolean {
  const kind = insuranceKind(p.responsibleInsurer);
  if (kind === 'NONE') return false;
  if (kind !== 'UNSET') return true;
  return p.vehicle.insurerId > 0 || p.vehicle.insurerNameEntered.trim() !== '';
}

/** The vehicle is registered abroad (its plate names another country). */
export const registeredAbroad = (v: Pick<Vehicle, 'country'>): boolean => v.country !== '' && v.country !== DEFAULT_COUNTRY;

/** IN4: the registry answered the plate check with a policy: the vehicle is insured, whatever is said at the roadside. */
export const registryHasPolicy = (v: Pick<Vehicle, 'result' | 'insurerId'>): boolean => v.result === 'OK' && v.insurerId > 0;

/** The day of the accident in Vilnius (the corrected time, else the recorded one, else `now`; null when none is known). */
export function accidentDay(d: Pick<Declaration, 'timePlace'>, now: number): string;
export function accidentDay(d: Pick<Declaration, 'timePlace'>, now: number | null): string | null;
export function accidentDay(d: Pick<Declaration, 'timePlace'>, now: number | null): string | null {
  const at = d.timePlace.correctedTime ?? d.timePlace.originalTime ?? now;
  return at === null ? null : formatDate(at);
}

/**
 * IN3: a vehicle insured abroad is one registered abroad (a Lithuanian registration is insured in
 * Lithuania, by an insurer of the registry), and its green card covered the day of the accident.
 */
export function greenCardError(card: GreenCard, vehicle: Pick<Vehicle, 'country'>, day: string): ErrorCode | null {
  if (!registeredAbroad(vehicle)) return 'INSURED_ABROAD_LT_VEHICLE';
  if (card.validUntil < day) return 'GREEN_CARD_EXPIRED';
  return null;
}

/**
 * IN4: the registry knows this Lithuanian vehicle (its type and make came from it) and has no
 * policy for it: "not insured" is what the signatures step proposes.
 */
export const registryFoundNoPolicy = (v: Pick<Vehicle, 'country' | 'insurerId' | 'result' | 'type'>): boolean =>
  !registeredAbroad(v) && v.result === 'MORE_INFO' && v.insurerId <= 0 && v.type !== null;

/** The green card's fields as a driver types them; `greenCardFormErrors` says what is wrong before anything is sent. */
export interface GreenCardForm {
  readonly country: string;
  readonly insurerName: string;
  readonly number: string;
  readonly validUntil: string;
}

/** `day`: the accident's, or null when the device does not know it yet (the hub then judges the date alone). */
export function greenCardFormErrors(f: GreenCardForm, vehicle: Pick<Vehicle, 'country'>, day: string | null): Partial<Record<keyof GreenCardForm, ErrorCode>> {
  const out: Partial<Record<keyof GreenCardForm, ErrorCode>> = {};
  if (!/^[A-Z]{2}$/.test(f.country) || f.country === DEFAULT_COUNTRY) out.country = 'REQUIRED';
  // One line each, as printed on the card (a field cannot take a line break; a script could).
  const oneLine = (x: string) => !/\p{Cc}/u.test(x);
  if (f.insurerName.trim() === '') out.insurerName = 'REQUIRED';
  else if (!oneLine(f.insurerName)) out.insurerName = 'DATA_ERROR';
  if (f.number.trim() === '') out.number = 'REQUIRED';
  else if (!oneLine(f.number)) out.number = 'DATA_ERROR';
  if (!isCalendarDate(f.validUntil)) out.validUntil = f.validUntil === '' ? 'REQUIRED' : 'DATE_FORMAT';
  else if (day !== null && f.validUntil < day) out.validUntil = 'GREEN_CARD_EXPIRED';
  if (!registeredAbroad(vehicle)) out.country = 'INSURED_ABROAD_LT_VEHICLE';
  return out;
}

/**
 * IN2: the choice still holds for the vehicle as it is now: a card of a vehicle now registered in
 * Lithuania, or one that ended before the (corrected) day of the accident, does not; nor "not
 * insured" of a vehicle the registry insures. A choice that no longer holds is no choice: the
 * preview asks for it again, and it may be made again.
 */
export function insurerHolds(p: Pick<PartyData, 'responsibleInsurer' | 'vehicle'>, day: string | null): boolean {
  const ri = p.responsibleInsurer;
  switch (insuranceKind(ri)) {
    case 'UNSET':
      return false;
    case 'REGISTRY':
      return true;
    case 'ABROAD':
      return ri.greenCard !== undefined && greenCardError(ri.greenCard, p.vehicle, day ?? '0000-01-01') === null;
    case 'NONE':
      return !registryHasPolicy(p.vehicle);
  }
}
