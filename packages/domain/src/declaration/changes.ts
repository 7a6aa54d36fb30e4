/**
 * The declaration changes that are not a driver's edit of one field group (those are edits.ts and
 * instructions.ts): a driver joining a seat, one device taking both parties, a plate switched after
 * recognition, a phone or an e-mail address confirmed. Pure functions of the declaration: the hub's
 * unit of work commits what they return, and every change grows the version by one.
 */
import type { Locale, Party } from '../rules/constants.js';
import type { ErrorCode } from '../rules/errors.js';
import { platePairErrors } from '../rules/plates.js';
import type { Declaration, Plates, Trailer, Vehicle } from './entities.js';
import { joinRequestsOf } from './join.js';

const other = (p: Party): Party => (p === 'A' ? 'B' : 'A');

/** Every change: a new version, stamped with its time. */
export function bump(d: Declaration, now: number): Declaration {
  return { ...d, version: d.version + 1, updatedAt: now };
}

/**
 * The other driver joins their seat by plates (declaration-flow §4): their own entry of their
 * vehicle wins (trailer, VIN), the trailer record is kept when it is the same trailer, and their
 * language becomes the party's.
 */
/** Is the joining driver's trailer the one the declaration already has (no registry look-up needed)? */
export function keepsTrailer(d: Declaration, party: Party, plates: Plates): boolean {
  return plates.hasTrailer && d.parties[party].trailer?.plate === plates.trailerPlate;
}

export function joinParty(
  d: Declaration,
  party: Party,
  joined: { readonly plates: Plates; readonly trailer: Trailer | null; readonly fillLang: Locale },
  now: number,
): Declaration {
  const current = d.parties[party];
  const sameTrailer = keepsTrailer(d, party, joined.plates);
  return bump(
    {
      ...d,
      // The seat is given: the other requests for it end (their devices are told).
      joinRequests: joinRequestsOf(d).filter((r) => r.party !== party),
      parties: {
        ...d.parties,
        [party]: {
          ...current,
          plates: joined.plates,
          trailer: sameTrailer ? current.trailer : joined.trailer,
          vehicle: { ...current.vehicle, hasTrailer: joined.plates.hasTrailer },
          fillLang: joined.fillLang,
        },
      },
    },
    now,
  );
}

/** One device fills for both (declaration-flow §6): the declaration leaves two-user mode (and the waiting join requests are dropped). */
export function useOneDevice(d: Declaration, now: number): Declaration {
  return bump({ ...d, twoUserMode: false, joinRequests: [] }, now);
}

/** The device that filled for both gives the other part back (FU15): the other driver's phone may join again. */
export function useTwoDevices(d: Declaration, now: number): Declaration {
  return bump({ ...d, twoUserMode: true }, now);
}

/**
 * A party's seat changes hands without its token (taken over with the other driver's confirmation,
 * JN4; one device taking both, FU6) or its driver withdraws (FU9): what only that driver may give
 * — the personal code (their password), the signature — is cleared and their submit withdrawn, so
 * whoever holds the seat now must give them again (VW1).
 */
export function releaseParty(d: Declaration, party: Party): Declaration {
  const p = d.parties[party];
  if (p.driver.code === '' && p.signature === null && p.submit === 'NONE') return d;
  return { ...d, parties: { ...d.parties, [party]: { ...p, driver: { ...p.driver, code: '' }, signature: null, submit: 'NONE' } } };
}

/** Whether a party's plate may be switched to what its photo shows; null when it may. */
export function switchPlateRefusal(d: Declaration, party: Party, plates: Plates): ErrorCode | null {
  if (d.status === 'FINISHED') return 'DECLARATION_FINISHED';
  if (d.parties[party].submit === 'SUBMITTED') return 'ALREADY_SUBMITTED';
  return platePairErrors(plates, d.parties[other(party)].plates)[0] ?? null;
}

/** The plate recognition's SWITCH (declaration-flow §4): the plate and the registry's vehicle for it. */
export function switchPlate(d: Declaration, party: Party, plates: Plates, vehicle: Vehicle, now: number): Declaration {
  return bump(
    { ...d, parties: { ...d.parties, [party]: { ...d.parties[party], plates, vehicle: { ...vehicle, hasTrailer: plates.hasTrailer } } } },
    now,
  );
}

/** The phone code came back right: the phone is confirmed and becomes the way to inform the driver. */
export function confirmPhone(d: Declaration, party: Party, now: number): Declaration {
  const p = d.parties[party];
  return bump({ ...d, parties: { ...d.parties, [party]: { ...p, driver: { ...p.driver, telConfirmed: true, informMethod: 'tel' } } } }, now);
}

export type EmailConfirmation = 'CONFIRMED' | 'CHANGED' | 'FINISHED';

/**
 * The e-mail link was opened: the address is confirmed if it is still the one the link was sent
 * to (compared without case and spaces). A finished declaration is not changed.
 */
export function confirmEmail(
  d: Declaration,
  party: Party,
  email: string,
  now: number,
): { readonly outcome: EmailConfirmation; readonly declaration: Declaration } {
  if (d.status === 'FINISHED') return { outcome: 'FINISHED', declaration: d };
  const driver = d.parties[party].driver;
  if (driver.email.trim().toLowerCase() !== email.trim().toLowerCase()) return { outcome: 'CHANGED', declaration: d };
  if (driver.emailConfirmed) return { outcome: 'CONFIRMED', declaration: d };
  const declaration = bump({ ...d, parties: { ...d.parties, [party]: { ...d.parties[party], driver: { ...driver, emailConfirmed: true } } } }, now);
  return { outcome: 'CONFIRMED', declaration };
}
