/**
 * Connecting by plates (declaration-flow §4): two drivers are linked by the plates they enter. The
 * first device to enter a pair creates the declaration and is driver A; the other driver, entering
 * the same two plates with their own first ("plates inversed: the user is the other driver"),
 * joins it as B. This module decides the outcome from the open declarations that share a plate
 * with the request; the server and the in-browser practice server both call it.
 */
import { DEFAULT_PHONE_PREFIX, MODE_CONFLICT_TERMINATION_MS, PARTIES, UNFINISHED_TTL_MS, type EidMode, type Party } from '../rules/constants.js';
import type { ErrorCode } from '../rules/errors.js';
import { isLocationValid } from '../rules/geometry.js';
import { platePairErrors } from '../rules/plates.js';
import type { Declaration, DeclarationStatus, PartyData, Plates, Position } from './entities.js';

/** How often a connected device proves it is alive (custom-heartbeat). Not in the spec: chosen. */
export const HEARTBEAT_INTERVAL_MS = 2_000;
/** A device silent for this long has lost its heartbeat: its party may be taken by another device. */
export const HEARTBEAT_TIMEOUT_MS = 45_000;
/**
 * The two drivers are at the same accident: a driver joining more than this far from where the
 * declaration was started is refused (LOCATION_TOO_FAR). Generous, because phone positions in a
 * town can be off by hundreds of metres and a driver may join from the roadside café.
 */
export const LOCATION_MATCH_RADIUS_M = 5_000;

/** JN6: how many times a device asks again by itself for a seat still counted on another device (a device that keeps beating is a live one). */
export const SEAT_WAIT_RETRIES = 3;

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The key that identifies a vehicle between the two devices: its plate, or for a vehicle without
 * a plate its VIN or virtual identifier. Empty when there is nothing to match by.
 */
export function vehicleKey(plates: Pick<Plates, 'plate' | 'noPlate' | 'vin'>): string {
  if (plates.noPlate) {
    const vin = plates.vin.toUpperCase().replace(/[^A-Z0-9]/g, '');
    return vin === '' ? '' : `VIN:${vin}`;
  }
  return plates.plate;
}

function trailerKey(plates: Pick<Plates, 'hasTrailer' | 'trailerPlate'>): string {
  return plates.hasTrailer ? plates.trailerPlate : '';
}

/**
 * The keys under which a declaration is found by plates: both vehicle keys and both trailer plates
 * (empty keys left out). Stores index declarations by these.
 */
export function declarationKeys(d: { readonly parties: Readonly<Record<Party, { readonly plates: Plates }>> }): string[] {
  const keys = [
    vehicleKey(d.parties.A.plates),
    vehicleKey(d.parties.B.plates),
    trailerKey(d.parties.A.plates),
    trailerKey(d.parties.B.plates),
  ];
  return [...new Set(keys.filter((k) => k !== ''))];
}

/** A party's seat in a declaration: the device holding it and when it was last heard from. */
export interface Slot {
  /** Hash of the connection token of the device holding the party; null when free. */
  readonly tokenHash: string | null;
  readonly lastSeen: number;
}

/** What the connect decision needs to know of an existing declaration. */
export interface ConnectCandidate {
  readonly id: string;
  readonly mode: EidMode;
  readonly status: DeclarationStatus;
  readonly updatedAt: number;
  readonly twoUserMode: boolean;
  readonly plates: Readonly<Record<Party, Plates>>;
  readonly location: Position | null;
  readonly slots: Readonly<Record<Party, Slot>>;
  /**
   * JN7: nothing but the plates and the accident's time and place was given (no driver's data,
   * contact, photo, damage, circumstance, witness, scheme or signature; no submit): losing it harms nobody.
   */
  readonly blank: boolean;
}

export interface ConnectRequest {
  readonly mode: EidMode;
  /** A is the requesting driver's own vehicle, B the other one. */
  readonly plates: Readonly<Record<Party, Plates>>;
  readonly location: Position | null;
  /** A test user cannot fill declarations (declaration-flow §6). */
  readonly testUser: boolean;
}

export type ConnectDecision =
  | { readonly kind: 'CREATE' }
  | { readonly kind: 'JOIN'; readonly declarationId: string; readonly party: Party; readonly inversed: boolean }
  /** JN7: the declaration was left by its only device and nobody else is in it: it is deleted and a new one created. */
  | { readonly kind: 'REPLACE'; readonly declarationId: string }
  | { readonly kind: 'REJECT'; readonly code: ErrorCode; readonly retryAfterMs?: number };

/** JN7: a party gave nothing a driver types or draws (the plates, the vehicle from the register and the consents aside). */
function partyBlank(p: PartyData): boolean {
  const dr = p.driver;
  return (
    [dr.name, dr.surname, dr.code, dr.dob, dr.email, p.damages.text, p.comment].every((x) => x.trim() === '') &&
    (dr.tel.trim() === '' || dr.tel.trim() === DEFAULT_PHONE_PREFIX) &&
    dr.address === null &&
    p.photos.length === 0 &&
    p.audio.length === 0 &&
    p.witnesses.length === 0 &&
    p.conditions.length === 0 &&
    p.damages.imageId === null &&
    p.damages.impactMeta.points.length === 0 &&
    p.signature === null
  );
}

/** JN7: a draft holding nothing but its plates and the accident's time and place, never submitted. */
export function isBlankDraft(d: Declaration): boolean {
  return d.status === 'OPEN' && d.submitState === 'READY' && d.scheme.imageId === null && PARTIES.every((p) => partyBlank(d.parties[p]) && d.parties[p].submit === 'NONE');
}

/** A declaration still alive: unfinished ones live 30 minutes after the last activity. */
export function isAlive(c: Pick<ConnectCandidate, 'updatedAt'>, now: number): boolean {
  return now - c.updatedAt <= UNFINISHED_TTL_MS;
}

/** A slot is held while its device keeps its heartbeat. */
export function isSlotHeld(slot: Slot, now: number): boolean {
  return slot.tokenHash !== null && now - slot.lastSeen <= HEARTBEAT_TIMEOUT_MS;
}

const other = (p: Party): Party => (p === 'A' ? 'B' : 'A');

/** How long a held seat stays counted: until its device's heartbeat times out (JN6), and a moment more. */
export function stillCountedMs(slot: Slot, now: number): number {
  return Math.max(1000, slot.lastSeen + HEARTBEAT_TIMEOUT_MS - now + 1000);
}

/**
 * Decides what a connect request leads to, given every declaration that shares a plate or trailer
 * plate with it (the caller looks them up by plate). Pure: the same inputs give the same outcome.
 */
export function decideConnect(request: ConnectRequest, candidates: readonly ConnectCandidate[], now: number): ConnectDecision {
  if (request.testUser) return { kind: 'REJECT', code: 'TEST_USER_REFUSED' };
  const [pairError] = platePairErrors(request.plates.A, request.plates.B);
  if (pairError) return { kind: 'REJECT', code: pairError };
  const keyA = vehicleKey(request.plates.A);
  const keyB = vehicleKey(request.plates.B);
  if (keyA === '' || keyB === '') return { kind: 'REJECT', code: 'NO_PLATE' };

  const alive = candidates.filter((c) => isAlive(c, now));
  const exact = alive.find((c) => vehicleKey(c.plates.A) === keyA && vehicleKey(c.plates.B) === keyB);
  const inversed = exact ? undefined : alive.find((c) => vehicleKey(c.plates.A) === keyB && vehicleKey(c.plates.B) === keyA);
  const match = exact ?? inversed;

  if (match) {
    if (match.mode !== request.mode) {
      // The other-mode declaration ends by itself at the latest 30 minutes after its last activity.
      const retryAfterMs = Math.max(0, Math.min(MODE_CONFLICT_TERMINATION_MS, match.updatedAt + UNFINISHED_TTL_MS - now));
      return { kind: 'REJECT', code: 'OTHER_MODE', retryAfterMs };
    }
    if (match.status === 'FINISHED') return { kind: 'REJECT', code: 'DECLARATION_FINISHED' };
    const party: Party = exact ? 'A' : 'B';
    if (
      isLocationValid(match.location) &&
      isLocationValid(request.location) &&
      match.location &&
      request.location &&
      distanceMetres(match.location, request.location) > LOCATION_MATCH_RADIUS_M
    ) {
      return { kind: 'REJECT', code: 'LOCATION_TOO_FAR' };
    }
    // JN6: the seat's device (or the one device filling for both) is still counted: wait until its heartbeat times out.
    const holder = match.twoUserMode ? (isSlotHeld(match.slots[party], now) ? party : null) : (PARTIES.find((p) => isSlotHeld(match.slots[p], now)) ?? null);
    if (holder) return { kind: 'REJECT', code: 'SEAT_STILL_COUNTED', retryAfterMs: stillCountedMs(match.slots[holder], now) };
    // JN7: nobody else could confirm the asking device (one device for both, or no other device in it):
    // a blank draft is started anew; one holding what a driver gave is never handed over nor deleted.
    if (!match.twoUserMode || match.slots[other(party)].tokenHash === null) {
      if (match.blank) return { kind: 'REPLACE', declarationId: match.id };
      return { kind: 'REJECT', code: 'NOBODY_TO_CONFIRM', retryAfterMs: Math.max(0, match.updatedAt + UNFINISHED_TTL_MS - now) };
    }
    return { kind: 'JOIN', declarationId: match.id, party, inversed: party === 'B' };
  }

  // No declaration of this pair: each vehicle may be in one open declaration only.
  const open = alive.filter((c) => c.status === 'OPEN');
  const holds = (c: ConnectCandidate, key: string) => vehicleKey(c.plates.A) === key || vehicleKey(c.plates.B) === key;
  if (open.some((c) => holds(c, keyA))) return { kind: 'REJECT', code: 'PLATE_A_IN_USE' };
  if (open.some((c) => holds(c, keyB))) return { kind: 'REJECT', code: 'PLATE_B_IN_USE' };
  const trailerA = trailerKey(request.plates.A);
  const trailerB = trailerKey(request.plates.B);
  const hasTrailer = (c: ConnectCandidate, key: string) =>
    key !== '' && (trailerKey(c.plates.A) === key || trailerKey(c.plates.B) === key);
  if (open.some((c) => hasTrailer(c, trailerA))) return { kind: 'REJECT', code: 'TRAILER_A_IN_USE' };
  if (open.some((c) => hasTrailer(c, trailerB))) return { kind: 'REJECT', code: 'TRAILER_B_IN_USE' };
  return { kind: 'CREATE' };
}

export interface ResumeRequest {
  readonly party: Party;
  readonly tokenHash: string;
}

export type ResumeDecision =
  | { readonly kind: 'RESUME'; readonly party: Party }
  | { readonly kind: 'REJECT'; readonly code: ErrorCode };

/**
 * Decides a reconnect with a stored token (connection-state / nodeid / token): the declaration must
 * still exist and be alive, and the party must not have been taken by another device after this
 * one lost its heartbeat.
 */
export function decideResume(
  found: Pick<ConnectCandidate, 'status' | 'updatedAt' | 'slots'> | null,
  request: ResumeRequest,
  now: number,
): ResumeDecision {
  if (!found) return { kind: 'REJECT', code: 'REMOVED_INACTIVE' };
  if (found.status === 'OPEN' && !isAlive(found, now)) return { kind: 'REJECT', code: 'TTL_TOO_LONG' };
  if (found.slots[request.party].tokenHash !== request.tokenHash) return { kind: 'REJECT', code: 'HEARTBEAT' };
  return { kind: 'RESUME', party: request.party };
}
