/**
 * Issue 17: what the claim calls carry (app-shell §3 "Cached lists" and the claim's calls, which
 * the spec does not show): the bodies the server validates, a claim's row in a list, and the
 * declarations a victim may start a claim from.
 */
import * as v from 'valibot';
import { object } from '../rules/schema.js';
import { formatDate } from '../rules/dates.js';
import type { Declaration } from '../declaration/entities.js';
import type { Party } from '../rules/constants.js';
import { BUREAU_CLAIM_STATES, CLAIM_DOCUMENT_KINDS, ClaimDataSchema, ClaimIdSchema, type Claim, type ClaimState } from './claim.js';
import { claimCulprit } from './prefill.js';

export const StartClaimSchema = object({ declarationId: v.nullable(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/))) });
export const SaveClaimSchema = object({ data: ClaimDataSchema });
export const ClaimDocumentFieldsSchema = object({ kind: v.picklist(CLAIM_DOCUMENT_KINDS) });
export const ClaimParamsSchema = object({ claimId: ClaimIdSchema });
export const ClaimFileParamsSchema = object({ claimId: ClaimIdSchema, fileId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/)) });
/** The operator's move and the words the victim gets with it (a chat message: 1 to 4,000 characters). */
export const ClaimMoveSchema = object({ state: v.picklist(BUREAU_CLAIM_STATES), text: v.pipe(v.string(), v.trim(), v.minLength(1, 'CHAT_TEXT_INVALID'), v.maxLength(4000, 'CHAT_TEXT_INVALID')) });

/** A claim in a list (the victim's /claims, the console's queue). */
/** A claim as its victim reads it after each call. */
export interface ClaimAnswer {
  readonly claim: Claim;
}
/** UE8: the victim's claims, and the sent declarations they were a victim in with no claim yet. */
export interface ClaimsAnswer {
  readonly claims: ClaimRow[];
  readonly claimable: ClaimableDeclaration[];
}
/** The claim form's cached lists (app-shell §3): the same for everyone. */
export interface ClaimLists {
  readonly makes: readonly string[];
  readonly vehicleTypes: readonly string[];
  readonly insurers: ReadonlyArray<{ readonly id: number; readonly name: string }>;
  readonly banks: ReadonlyArray<{ readonly code: string; readonly name: string }>;
}

export interface ClaimRow {
  readonly id: string;
  readonly state: ClaimState;
  readonly number: string | null;
  readonly plate: string;
  readonly accidentDate: string;
  readonly chatId: string | null;
  readonly declarationId: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly submittedAt: number | null;
}

export function claimRow(c: Claim): ClaimRow {
  return { id: c.id, state: c.state, number: c.number, plate: c.data.culprit.plate, accidentDate: c.data.location.date, chatId: c.chatId, declarationId: c.declarationId, createdAt: c.createdAt, updatedAt: c.updatedAt, submittedAt: c.submittedAt };
}

/** A sent declaration the signed-in person was a victim in, not yet claimed for (UE8). */
export interface ClaimableDeclaration {
  readonly declarationId: string;
  readonly date: string;
  readonly culpritPlate: string;
  readonly address: string;
}

export function claimableDeclarations(seated: ReadonlyArray<{ readonly declaration: Declaration; readonly party: Party }>, claimed: ReadonlySet<string>): ClaimableDeclaration[] {
  return seated.flatMap(({ declaration: d, party }) => {
    const culprit = claimCulprit(d, party);
    if (culprit === null || claimed.has(d.id)) return [];
    const when = d.timePlace.correctedTime ?? d.timePlace.originalTime ?? d.createdAt;
    return [{ declarationId: d.id, date: formatDate(when), culpritPlate: d.parties[culprit].vehicle.plate, address: d.timePlace.locationAddress?.value ?? '' }];
  });
}

/**
 * The makes offered for the culprit's vehicle (any other may be typed): the makes most registered in
 * Lithuania. The registry knows a plate's make; this list is for a vehicle the registry does not know.
 */
export const VEHICLE_MAKES = [
  'Alfa Romeo', 'Audi', 'BMW', 'Chevrolet', 'Chrysler', 'Citroën', 'Dacia', 'DAF', 'Dodge', 'Fiat', 'Ford', 'Honda', 'Hyundai', 'Iveco', 'Jaguar', 'Jeep', 'Kia',
  'Land Rover', 'Lexus', 'MAN', 'Mazda', 'Mercedes-Benz', 'Mini', 'Mitsubishi', 'Nissan', 'Opel', 'Peugeot', 'Porsche', 'Renault', 'Scania', 'Seat', 'Škoda',
  'Smart', 'Subaru', 'Suzuki', 'Tesla', 'Toyota', 'Volkswagen', 'Volvo',
] as const;
