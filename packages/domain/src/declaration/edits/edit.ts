/**
 * What a write instruction of declaration-flow §7 is, in one place: the schema of its payload, the
 * kind of change pushed to the other party (§3 changed-data kinds), whether it writes the
 * declaration-wide part (any party may) rather than one party's, and the pure function that checks
 * its rule and applies it. The edits are defined by area beside this file; `index.ts` builds the
 * tables (payloads, kinds, shared writes) from them.
 */
import * as v from 'valibot';
import type { Party } from '../../rules/constants.js';
import type { ErrorCode } from '../../rules/errors.js';
import { contactPairErrors } from '../../rules/contacts.js';
import { PartySchema, type Declaration, type PartyData, type ResponsibleInsurer } from '../entities.js';

/** declaration-flow §3: the kinds of changed data pushed to the other party. */
export const CHANGED_KINDS = ['PHOTO', 'DAMAGE', 'SCHEME', 'DATA', 'SIGNATURE', 'VEHICLE', 'AUDIO', 'INSURER'] as const;
export type ChangedKind = (typeof CHANGED_KINDS)[number];

/**
 * Who is writing: the party the connection is bound to, and which parties' data it may fill
 * (allowA / allowB of declaration-flow §6). One device filling for both is allowed both.
 */
export interface Actor {
  readonly party: Party;
  readonly allow: Readonly<Record<Party, boolean>>;
}

export interface EditContext {
  readonly actor: Actor;
  readonly now: number;
  /** Is a position on Lithuanian territory (the location check behind GPS_NOT_LT). */
  readonly isInLithuania: (position: { latitude: number; longitude: number }) => boolean;
  /**
   * The registry's insurers by id, for the responsible insurer (IN1: what the end screen and the
   * PDF show comes from the registry, never from the payload); absent on the device.
   */
  readonly insurers?: ReadonlyMap<number, ResponsibleInsurer>;
}

/** What an edit's rule decided: the declaration after it, or the refusal's code. */
export type Step = { readonly ok: true; readonly declaration: Declaration } | { readonly ok: false; readonly code: ErrorCode };

export interface Edit<S extends v.GenericSchema> {
  readonly payload: S;
  readonly changed: ChangedKind;
  /** Writes the declaration-wide part (time, place, scheme): any party may, even after its own submit. */
  readonly shared?: true;
  /** The edit's rule and change; `party` is the party written (the payload's, else the writer's). */
  readonly apply: (d: Declaration, payload: v.InferOutput<S>, ctx: EditContext, party: Party) => Step;
}

/** Defines an edit (its payload's type flows into its apply). */
export const edit = <S extends v.GenericSchema>(definition: Edit<S>): Edit<S> => definition;

/** The optional party a per-party edit names (one device filling for both names the other). */
export const target = { party: v.optional(PartySchema) };
export const text = (max: number) => v.pipe(v.string(), v.maxLength(max));

export const fail = (code: ErrorCode): Step => ({ ok: false, code });

export function withParty(d: Declaration, party: Party, change: (p: PartyData) => PartyData): Declaration {
  return { ...d, parties: { ...d.parties, [party]: change(d.parties[party]) } };
}

/** A successful change of one party's data. */
export function partyChange(d: Declaration, party: Party, change: (p: PartyData) => PartyData): Step {
  return { ok: true, declaration: withParty(d, party, change) };
}

/** The two drivers' phones and e-mails must differ (declaration-flow §5). */
export function contactClash(d: Declaration, party: Party, contact: { tel?: string; email?: string }): ErrorCode | null {
  const other = d.parties[party === 'A' ? 'B' : 'A'].driver;
  return (
    contactPairErrors(contact, {
      tel: contact.tel === undefined ? '' : other.tel,
      email: contact.email === undefined ? '' : other.email,
    })[0] ?? null
  );
}
