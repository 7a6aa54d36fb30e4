/**
 * The protocol's instructions (declaration-flow §7), one entry each: the single list a reader opens
 * to learn what a device may ask of the hub. Each entry says
 * - `payload`: the valibot schema the hub parses the payload with (the device's types come from it);
 * - `result`: the type of the answer (carried for the compiler: the device trusts its own hub's
 *   answers, the hub never trusts a device's payload);
 * - `access`: who may call it — `connection` (any open socket) or `seat` (a device bound to a
 *   declaration and a party by connect/resume);
 * - `when`: in which declaration states — `any`, `unfinished` (not FINISHED) or `editable` (not
 *   FINISHED and not on its way to the insurers); otherwise DECLARATION_FINISHED;
 * - `kind`: `read` (changes nothing), `write` (changes the declaration through the unit of work,
 *   answers with the new version and the writer's delta), `session` (touches only the seat);
 * - `changed`: the changed-data kind pushed to the other device (writes only);
 * - `kept`: whether the device keeps an unanswered call in local storage across a closed browser.
 *
 * The hub (packages/hub) holds one handler per name, typed against this list: a name without a
 * handler, or a handler with another payload, fails the typecheck. HubClient.call takes its types
 * from here: a misspelt name or a wrong payload fails the typecheck on the device too.
 */
import * as v from 'valibot';
import { object } from '../rules/schema.js';
import { PARTIES, type Party } from '../rules/constants.js';
import type { InsurerRecord } from '../ports/registry.port.js';
import { PlatesSchema, type AudioType, type ResponsibleInsurer } from '../declaration/entities.js';
import { CHANGED_KIND_OF, SHARED_WRITES, WRITE_PAYLOADS, type ChangedKind, type WriteInstruction } from '../declaration/edits/index.js';
import { JOIN_CODE_LENGTH } from '../declaration/join.js';
import type { PlateCheck } from '../declaration/plate-check.js';
import type { PreviewFinding } from '../declaration/preview.js';
import type { SubmitStatus } from '../declaration/submit.js';
import type { DeclarationView, GuiltStateView } from '../declaration/view.js';
import type { ViewPatch } from '../declaration/view-patch.js';
import type { PlateReadingAnswer } from './blob.js';

declare const RESULT: unique symbol;
/** The type of an instruction's answer, for the compiler only. */

/** A photo of the declaration as the hub lists it (current-fotos): its id, section and party. */
export interface RemotePhoto {
  readonly id: string;
  readonly set: number;
  readonly userA: boolean;
}
export interface Returns<R> {
  readonly [RESULT]?: R;
}
const returns = <R>(): Returns<R> => ({});

export type Access = 'connection' | 'seat';
export type InstructionKind = 'read' | 'write' | 'session';
export type DeclarationStates = 'any' | 'unfinished' | 'editable';

export interface InstructionContract<S extends v.GenericSchema = v.GenericSchema, R = unknown, A extends Access = Access> {
  readonly payload: S;
  readonly result: Returns<R>;
  readonly access: A;
  readonly when: DeclarationStates;
  readonly kind: InstructionKind;
  readonly changed: ChangedKind | null;
  readonly kept: boolean;
  /** An edit of one party's data (a `party` in the payload names it): only a device allowed to fill it may. */
  readonly partyData: boolean;
}

/** What every write answers: the new version, and the writer's own view's change (null: nothing changed). */
export interface Committed {
  readonly version: number;
  readonly patch: ViewPatch | null;
}

export interface Ok {
  readonly ok: true;
}

export interface Heartbeat extends Ok {
  /** The declaration's version now. */
  readonly version: number;
}


export interface StoredImage {
  readonly id: string;
  readonly contentType: string;
  readonly imageBase64: string;
}

export interface StoredPhoto extends StoredImage {
  readonly set: number;
  readonly filename: string;
}

export interface StoredAudio {
  readonly id: string;
  readonly type: AudioType;
  readonly contentType: string;
  readonly audioBase64: string;
}

/** mdStatus: both drivers' progress, who is connected, and the submit state for the caller. */
export interface MdStatus extends SubmitStatus {
  readonly progressA: string;
  readonly progressB: string;
  readonly present: Readonly<Record<Party, boolean>>;
}

/** submit-eid: the submit state (in practice with the findings that would have stopped it), and the writer's delta. */
export type SubmitAnswer = SubmitStatus & Committed;

const NoPayload = v.optional(object({}), {});
const PartyOnly = v.optional(object({ party: v.optional(v.picklist(PARTIES)) }), {});
const CaptchaToken = v.optional(v.pipe(v.string(), v.maxLength(8192)));
const StoredId = object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/)), thumb: v.optional(v.boolean(), false) });

const read = <S extends v.GenericSchema, R>(payload: S, result: Returns<R>): InstructionContract<S, R, 'seat'> => ({
  payload,
  result,
  access: 'seat',
  when: 'any',
  kind: 'read',
  changed: null,
  kept: false,
  partyData: false,
});

/** A read any open connection may make, seat or not. */
const publicRead = <S extends v.GenericSchema, R>(payload: S, result: Returns<R>): InstructionContract<S, R, 'connection'> => ({
  ...read(payload, result),
  access: 'connection',
});

const session = <S extends v.GenericSchema>(payload: S): InstructionContract<S, Ok, 'seat'> => ({
  payload,
  result: returns<Ok>(),
  access: 'seat',
  when: 'any',
  kind: 'session',
  changed: null,
  kept: false,
  partyData: false,
});

const write = <S extends v.GenericSchema, R>(
  payload: S,
  result: Returns<R>,
  options: { changed: ChangedKind; when?: DeclarationStates; kept?: boolean; partyData?: boolean },
): InstructionContract<S, R, 'seat'> => ({
  payload,
  result,
  access: 'seat',
  when: options.when ?? 'editable',
  kind: 'write',
  changed: options.changed,
  kept: options.kept ?? false,
  partyData: options.partyData ?? true,
});

type EditContracts = { readonly [N in WriteInstruction]: InstructionContract<(typeof WRITE_PAYLOADS)[N], Committed, 'seat'> };

/** The edits (declaration/edits/): each a kept write of its changed kind. */
function editContracts(): EditContracts {
  const entries = (Object.keys(WRITE_PAYLOADS) as WriteInstruction[]).map((name) => [
    name,
    write(WRITE_PAYLOADS[name], returns<Committed>(), { changed: CHANGED_KIND_OF[name], kept: true, partyData: !SHARED_WRITES.has(name) }),
  ]);
  // Built from the same keys as the mapped type: each entry holds its own name's schema.
  return Object.fromEntries(entries) as unknown as EditContracts;
}

export const INSTRUCTIONS = {
  // — any connection ——————————————————————————————————————————————————————————
  'test-connection': publicRead(NoPayload, returns<Ok>()),

  // — reads of the seat's declaration ————————————————————————————————————————————
  'deep-test-connection': read(NoPayload, returns<Ok>()),
  /** The registry's word on a plate: only for a driver holding a seat, counted per seat (FU4). */
  'check-plate': read(object({ plates: PlatesSchema }), returns<PlateCheck>()),
  /** The whole view: after a reconnect the session brings it; a device that saw a gap in the deltas asks for it. */
  'get-view': read(NoPayload, returns<DeclarationView>()),
  'guilty-status': read(NoPayload, returns<GuiltStateView>()),
  mdStatus: read(NoPayload, returns<MdStatus>()),
  'current-fotos': read(NoPayload, returns<readonly RemotePhoto[]>()),
  'get-foto': read(StoredId, returns<StoredPhoto>()),
  /** What recognition read on a plate photo of this declaration (PENDING while it reads; issue 35). */
  'read-plate': read(object({ id: StoredId.entries.id }), returns<PlateReadingAnswer>()),
  'get-image': read(StoredId, returns<StoredImage>()),
  'get-audio': read(StoredId, returns<StoredAudio>()),
  'validate-t1': read(NoPayload, returns<readonly PreviewFinding[]>()),
  'validate-t2': read(NoPayload, returns<readonly PreviewFinding[]>()),
  'list-insurers': read(NoPayload, returns<readonly InsurerRecord[]>()),
  /** The insurer proposed for each vehicle (A first): the chosen one, else the policy's, else unset (-1). */
  'proposed-insurers': read(NoPayload, returns<readonly ResponsibleInsurer[]>()),

  // — the seat itself ————————————————————————————————————————————————————————————
  /** Keeps the seat; answers the declaration's version, so a device whose last push was lost learns it is behind. */
  'custom-heartbeat': { ...session(NoPayload), result: returns<Heartbeat>() },
  'long-op': { ...session(NoPayload), result: returns<Heartbeat>() },
  setMyExuId: session(object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(512)) })),

  // — edits of the declaration ————————————————————————————————————————————————————
  ...editContracts(),

  // — other writes ————————————————————————————————————————————————————————————————
  'switch-plate': write(object({ party: v.optional(v.picklist(PARTIES)), plate: v.pipe(v.string(), v.maxLength(40)) }), returns<Committed>(), {
    changed: 'VEHICLE',
  }),
  'send-phone-code': write(
    object({ party: v.optional(v.picklist(PARTIES)), tel: v.pipe(v.string(), v.maxLength(32)), captcha: CaptchaToken }),
    returns<Committed & { readonly sent: true; readonly practiceCode?: string }>(),
    { changed: 'DATA' },
  ),
  'confirm-phone-code': write(
    object({ party: v.optional(v.picklist(PARTIES)), code: v.pipe(v.string(), v.maxLength(16)) }),
    returns<Committed>(),
    { changed: 'DATA' },
  ),
  /** Sends the party's e-mail address its confirmation link; changes nothing until the link is opened. */
  'confirm-email-a': write(PartyOnly, returns<{ readonly sent: boolean; readonly confirmed: boolean }>(), { changed: 'DATA', when: 'unfinished' }),
  'submit-eid': write(v.optional(object({ captcha: CaptchaToken }), {}), returns<SubmitAnswer>(), {
    changed: 'DATA',
    when: 'unfinished',
    kept: true,
    partyData: false,
  }),
  'withdraw-submit': write(PartyOnly, returns<SubmitStatus & Committed>(), { changed: 'DATA', when: 'unfinished' }),
  /** The driver already in answers a join request (JN2): the code their screen shows, and yes or no. */
  'answer-join': write(object({ code: v.pipe(v.string(), v.regex(new RegExp(`^\\d{${JOIN_CODE_LENGTH}}$`))), accept: v.boolean() }), returns<Committed>(), {
    changed: 'DATA',
    when: 'unfinished',
    partyData: false,
  }),
  /** This device fills in both parts from now on (FU6, FU14): refused while the other party's phone is still counted. */
  'one-device': write(NoPayload, returns<Committed & { readonly allow: Readonly<Record<Party, boolean>> }>(), { changed: 'DATA', partyData: false }),
  /** The device filling for both gives the other part back (FU15). */
  'two-devices': write(NoPayload, returns<Committed & { readonly allow: Readonly<Record<Party, boolean>> }>(), { changed: 'DATA', when: 'unfinished', partyData: false }),
  'demo-done': write(NoPayload, returns<Ok>(), { changed: 'DATA', when: 'unfinished', partyData: false }),
  'nuke-it': write(NoPayload, returns<Ok>(), { changed: 'DATA', when: 'any', partyData: false }),
} as const satisfies Record<string, InstructionContract>;

export type Instructions = typeof INSTRUCTIONS;
export type InstructionName = keyof Instructions;
/** What a device sends as an instruction's payload. */
export type PayloadInput<N extends InstructionName> = v.InferInput<Instructions[N]['payload']>;
/** The payload as the hub's handler receives it, parsed. */
export type Payload<N extends InstructionName> = v.InferOutput<Instructions[N]['payload']>;
export type ResultOf<N extends InstructionName> = Instructions[N]['result'] extends Returns<infer R> ? R : never;
/** The payload argument of a call: optional when the instruction needs none. */
export type PayloadArgs<N extends InstructionName> = undefined extends PayloadInput<N> ? [payload?: PayloadInput<N>] : [payload: PayloadInput<N>];

export const INSTRUCTION_NAMES = Object.keys(INSTRUCTIONS) as InstructionName[];

export function isInstructionName(name: string): name is InstructionName {
  return Object.prototype.hasOwnProperty.call(INSTRUCTIONS, name);
}

export function contractOf(name: InstructionName): InstructionContract {
  return INSTRUCTIONS[name];
}

/** Is a call kept in local storage until the hub answers it (the driver's edits and the submit)? */
export function isKeptInstruction(name: string): boolean {
  return isInstructionName(name) && contractOf(name).kept;
}

/** A write's answer carries the writer's delta. */
export function committedIn(r: unknown): Committed | null {
  if (typeof r !== 'object' || r === null) return null;
  const o = r as Partial<Committed>;
  return typeof o.version === 'number' && 'patch' in o ? { version: o.version, patch: o.patch ?? null } : null;
}

