/**
 * The wire protocol between a driver's device and the declaration hub (`/serveris/ws-interface`,
 * or the in-memory transport of the practice mode). JSON messages, each validated with these
 * schemas on arrival: the server never trusts the client, and the client does not trust a frame
 * it cannot parse either.
 *
 * Device → hub: `connect` (by plates), `resume` (with the stored token), both with the device's
 * protocol version, and `call` (a named instruction of protocol/instructions.ts, the protocol's reference).
 * Hub → device: `result` (answer to one message, by id; a write's answer holds the new version and
 * the writer's delta), `changed` (the other party changed something: its changed-data kind and the
 * delta of this device's view, from the version it applies to), `presence`, `end` (the server asks
 * the device to end the declaration; it has END_REACTION_MS to react), `admission` (a connect that
 * waits for the other driver's confirmation, with the code both screens show).
 *
 * Versioned: a connect or resume of another protocol version is refused with PROTOCOL_UNSUPPORTED
 * (an old page still open after a release reloads instead of misreading the deltas).
 */
import * as v from 'valibot';
import { object } from '../rules/schema.js';
import { EidModeSchema, LocaleSchema, LocationErrorSchema, PartySchema, PlatesSchema, PositionSchema } from '../declaration/entities.js';
import { CHANGED_KINDS, type ChangedKind } from '../declaration/edits/index.js';
import type { DeclarationView } from '../declaration/view.js';
import type { ViewPatch } from '../declaration/view-patch.js';
import { JOIN_WORK_MAX } from '../declaration/join.js';

/**
 * The protocol this code speaks: 2 = typed instructions, writes answered with deltas (issue 12);
 * 3 = a plate photo's upload answers before recognition, which `read-plate` tells (issue 35).
 */
export const PROTOCOL_VERSION = 3;

/** Largest frame a device may send; binaries travel over HTTP upload, referenced by id. */
export const MAX_CLIENT_FRAME_BYTES = 256 * 1024;

const messageId = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));
const token = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22,128}$/));
const declarationId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/));
/** Optional in the schema so that a device of an older protocol gets PROTOCOL_UNSUPPORTED, not DATA_ERROR. */
const protocol = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)));

export const ConnectMessageSchema = object({
  t: v.literal('connect'),
  id: messageId,
  protocol,
  mode: EidModeSchema,
  /** A is the requesting driver's own vehicle, B the other one. */
  plates: object({ A: PlatesSchema, B: PlatesSchema }),
  location: v.nullable(PositionSchema),
  /** Why there is no location (kept with a new declaration). */
  locationError: v.optional(v.nullable(LocationErrorSchema), null),
  fillLang: LocaleSchema,
  /** The device fills the declaration for both drivers (one device mode). */
  oneDevice: v.optional(v.boolean(), false),
  /** A connect costs a proof of work (JN5): the captcha token of action `connect`. */
  captcha: v.optional(v.pipe(v.string(), v.maxLength(8192))),
});
export type ConnectMessage = v.InferOutput<typeof ConnectMessageSchema>;

export const ResumeMessageSchema = object({
  t: v.literal('resume'),
  id: messageId,
  protocol,
  declarationId,
  party: PartySchema,
  token,
});
export type ResumeMessage = v.InferOutput<typeof ResumeMessageSchema>;

export const CallMessageSchema = object({
  t: v.literal('call'),
  id: messageId,
  op: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,40}$/)),
  p: v.optional(v.unknown()),
});
export type CallMessage = v.InferOutput<typeof CallMessageSchema>;

export const ClientMessageSchema = v.variant('t', [ConnectMessageSchema, ResumeMessageSchema, CallMessageSchema]);
export type ClientMessage = v.InferOutput<typeof ClientMessageSchema>;

/** What a successful connect or resume answers: the party, the token to store, the declaration. */
export interface Session<D = DeclarationView> {
  readonly declarationId: string;
  readonly party: 'A' | 'B';
  /** Store it (connection-state / nodeid / token) to reconnect after a dropped connection. */
  readonly token: string;
  /** The other driver entered the plates the other way round: this device is B. */
  readonly inversed: boolean;
  readonly allow: { readonly A: boolean; readonly B: boolean };
  readonly declaration: D;
}

export type ServerMessage =
  | { readonly t: 'result'; readonly id: number; readonly ok: true; readonly r: unknown }
  | {
      readonly t: 'result';
      readonly id: number;
      readonly ok: false;
      readonly code: string;
      readonly retryAfterMs?: number;
      /** CAPTCHA_TOO_EASY: the work the next proof must carry (JN8). */
      readonly work?: number;
    }
  | {
      readonly t: 'changed';
      readonly kind: ChangedKind;
      /** Who changed it; null when the server did (the submit queue's answer, a confirmed e-mail). */
      readonly by: 'A' | 'B' | null;
      /** This device's view's change, from the version it applies to. */
      readonly patch: ViewPatch;
    }
  /** Which parties have a device connected right now (for "the other driver is here"). */
  | { readonly t: 'presence'; readonly A: boolean; readonly B: boolean }
  | { readonly t: 'end'; readonly reason: 'FINISHED' | 'REMOVED' | 'NUKED' | 'TAKEN_OVER' }
  /**
   * To a device that asked for a seat by plates (JN1): the code the other driver's screen shows;
   * its connect is answered once that driver confirms, within `timeoutMs`.
   */
  | { readonly t: 'admission'; readonly code: string; readonly timeoutMs: number };

/** What a device may send, before defaults are applied (`oneDevice` may be left out). */
export type ClientFrame = v.InferInput<typeof ClientMessageSchema>;

const PatchOperationSchema = v.variant('op', [
  object({ op: v.picklist(['add', 'replace']), path: v.string(), value: v.unknown() }),
  object({ op: v.literal('remove'), path: v.string() }),
]);

/** A delta as the device checks it: the versions and the shape of each operation. */
export const ViewPatchSchema = object({
  from: v.pipe(v.number(), v.integer()),
  version: v.pipe(v.number(), v.integer()),
  ops: v.array(PatchOperationSchema),
});

/**
 * A frame from the hub as the device checks it: the envelope is validated, the payloads (`r`,
 * `declaration`) are the hub's own views and are read through the domain's types.
 */
export const ServerMessageSchema = v.variant('t', [
  object({
    t: v.literal('result'),
    id: v.number(),
    ok: v.boolean(),
    r: v.optional(v.unknown()),
    code: v.optional(v.string()),
    retryAfterMs: v.optional(v.number()),
    work: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(JOIN_WORK_MAX))),
  }),
  object({
    t: v.literal('changed'),
    kind: v.picklist(CHANGED_KINDS),
    by: v.nullable(PartySchema),
    patch: ViewPatchSchema,
  }),
  object({ t: v.literal('presence'), A: v.boolean(), B: v.boolean() }),
  object({ t: v.literal('end'), reason: v.picklist(['FINISHED', 'REMOVED', 'NUKED', 'TAKEN_OVER']) }),
  object({ t: v.literal('admission'), code: v.pipe(v.string(), v.regex(/^\d{4,8}$/)), timeoutMs: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
]);

/** Parses a frame from the hub; null when it is not one (the device ignores it). */
export function parseServerMessage(raw: unknown): ServerMessage | null {
  const parsed = v.safeParse(ServerMessageSchema, raw);
  if (!parsed.success) return null;
  const m = parsed.output;
  if (m.t === 'changed') return { t: 'changed', kind: m.kind, by: m.by, patch: m.patch as ViewPatch };
  if (m.t !== 'result') return m;
  if (m.ok) return { t: 'result', id: m.id, ok: true, r: m.r };
  if (typeof m.code !== 'string') return null;
  return {
    t: 'result',
    id: m.id,
    ok: false,
    code: m.code,
    ...(m.retryAfterMs === undefined ? {} : { retryAfterMs: m.retryAfterMs }),
    ...(m.work === undefined ? {} : { work: m.work }),
  };
}

/** BR5: the seat a successful connect or resume gave (its Session), or null for any other message. */
export function seatOfResult(message: ServerMessage): { readonly declarationId: string; readonly party: 'A' | 'B'; readonly token: string } | null {
  if (message.t !== 'result' || !message.ok || typeof message.r !== 'object' || message.r === null) return null;
  const r = message.r as Partial<Session>;
  if (typeof r.declarationId !== 'string' || typeof r.token !== 'string' || (r.party !== 'A' && r.party !== 'B')) return null;
  return { declarationId: r.declarationId, party: r.party, token: r.token };
}
