/**
 * The write instructions of declaration-flow §7, each defined once by area (payload, changed kind,
 * shared or per-party, rule and change), and the tables built from them: the protocol's contracts
 * take the payloads and kinds from here, the hub applies the edits, the device predicts them.
 */
import * as v from 'valibot';
import type { Party } from '../../rules/constants.js';
import type { ErrorCode } from '../../rules/errors.js';
import type { Declaration } from '../entities.js';
import { DRIVER_EDITS } from './driver-edits.js';
import { PLACE_EDITS } from './place-edits.js';
import { MEDIA_EDITS } from './media-edits.js';
import { SIGNING_EDITS } from './signing-edits.js';
import type { ChangedKind, Edit, EditContext } from './edit.js';

export { CHANGED_KINDS, type Actor, type ChangedKind, type EditContext } from './edit.js';

/** Every edit, by instruction name. */
export const EDITS = { ...DRIVER_EDITS, ...PLACE_EDITS, ...MEDIA_EDITS, ...SIGNING_EDITS };

export type WriteInstruction = keyof typeof EDITS;
export type WritePayload<N extends WriteInstruction> = v.InferOutput<(typeof EDITS)[N]['payload']>;

export const WRITE_INSTRUCTIONS = Object.keys(EDITS) as WriteInstruction[];

export function isWriteInstruction(name: string): name is WriteInstruction {
  return Object.prototype.hasOwnProperty.call(EDITS, name);
}

const table = <T>(pick: (e: Edit<v.GenericSchema>, name: WriteInstruction) => T) =>
  Object.fromEntries(WRITE_INSTRUCTIONS.map((name) => [name, pick(EDITS[name] as unknown as Edit<v.GenericSchema>, name)]));

/** Payload schemas of the write instructions, by instruction name. */
export const WRITE_PAYLOADS = table((e) => e.payload) as { readonly [N in WriteInstruction]: (typeof EDITS)[N]['payload'] };

/** The kind of change each write pushes to the other party. */
export const CHANGED_KIND_OF = table((e) => e.changed) as Readonly<Record<WriteInstruction, ChangedKind>>;

/** Instructions that write the declaration-wide part rather than one party's. */
export const SHARED_WRITES: ReadonlySet<WriteInstruction> = new Set(WRITE_INSTRUCTIONS.filter((name) => EDITS[name].shared === true));

export type EditOutcome =
  | { readonly ok: true; readonly declaration: Declaration; readonly changed: ChangedKind }
  | { readonly ok: false; readonly code: ErrorCode };

/**
 * Applies an edit whose call was checked where it came in (the hub's endpoint: the payload parsed
 * with its schema, a party it names allowed to this seat; the unit of work: the declaration
 * editable). What is left is the edit's own: the writer's own party when the payload names none
 * (a seat of a finished declaration may fill none), a submitted party's data frozen until the
 * declaration is finished or its submit fails, then the edit's rule and change. The version grows by one.
 */
export function applyEdit<N extends WriteInstruction>(declaration: Declaration, name: N, payload: WritePayload<N>, ctx: EditContext): EditOutcome {
  const definition = EDITS[name] as unknown as Edit<v.GenericSchema>;
  const named = (payload as { party?: Party }).party;
  const party: Party = named ?? ctx.actor.party;
  if (!definition.shared && named === undefined && !ctx.actor.allow[party]) return { ok: false, code: 'NOT_ALLOWED' };
  if (!definition.shared && declaration.parties[party].submit === 'SUBMITTED') return { ok: false, code: 'ALREADY_SUBMITTED' };
  const step = definition.apply(declaration, payload, ctx, party);
  if (!step.ok) return step;
  return { ok: true, declaration: { ...step.declaration, version: declaration.version + 1, updatedAt: ctx.now }, changed: definition.changed };
}

/**
 * Checks and applies a write that no endpoint checked (the device predicting the hub's answer, a
 * service writing on its own behalf): a known name, a declaration still editable, the payload of
 * the name's schema, a party the actor may fill; then `applyEdit`.
 */
export function applyInstruction(declaration: Declaration, name: string, rawPayload: unknown, ctx: EditContext): EditOutcome {
  if (!isWriteInstruction(name)) return { ok: false, code: 'UNKNOWN_INSTRUCTION' };
  if (declaration.status === 'FINISHED') return { ok: false, code: 'DECLARATION_FINISHED' };
  if (declaration.submitState !== 'READY' && declaration.submitState !== 'ERROR') return { ok: false, code: 'DECLARATION_FINISHED' };
  const parsed = v.safeParse(WRITE_PAYLOADS[name], rawPayload);
  if (!parsed.success) return { ok: false, code: 'DATA_ERROR' };
  const named = (parsed.output as { party?: Party }).party;
  if (!SHARED_WRITES.has(name) && named !== undefined && !ctx.actor.allow[named]) return { ok: false, code: 'NOT_ALLOWED' };
  return applyEdit(declaration, name, parsed.output as WritePayload<WriteInstruction>, ctx);
}
