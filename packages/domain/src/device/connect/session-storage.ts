/**
 * What a device keeps in local storage to find its declaration again after a dropped connection or
 * a closed browser (declaration-flow §4: connection state keys `connection-state`, `nodeid`,
 * `token`; the recovery snapshot under `state-connection`). The token is the device's proof of its
 * party; the hub stores only its hash.
 */
import * as v from 'valibot';
import { object } from '../../rules/schema.js';
import { STORAGE_KEYS } from '../../rules/constants.js';
import { EidModeSchema, PartySchema } from '../../declaration/entities.js';
import type { KeyValuePort } from '../../ports/key-value.port.js';
import type { RecoverySnapshot } from './recovery.js';

/** The device's seat in a declaration. */
export const CredentialsSchema = object({
  declarationId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/)),
  party: PartySchema,
  token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22,128}$/)),
  mode: EidModeSchema,
});
export type Credentials = v.InferOutput<typeof CredentialsSchema>;

/** An instruction a device sent or is about to send; `ref` lets the caller match the answer. */
export interface OutgoingCall {
  readonly ref: number;
  readonly op: string;
  readonly p?: unknown;
}

const PendingSchema = v.array(object({ op: v.pipe(v.string(), v.maxLength(40)), p: v.optional(v.unknown()) }));

const ConnectionStateSchema = object({
  party: PartySchema,
  mode: EidModeSchema,
  /** Edits not yet acknowledged by the hub: sent again when the link is back. */
  pending: v.optional(PendingSchema, []),
});

export interface StoredSession {
  readonly credentials: Credentials;
  readonly pending: readonly OutgoingCall[];
}

function readJson(kv: KeyValuePort, key: string): unknown {
  const text = kv.getItem(key);
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The stored session, or null when there is none or it is damaged (it is then forgotten). */
export function loadSession(kv: KeyValuePort): StoredSession | null {
  const state = v.safeParse(ConnectionStateSchema, readJson(kv, STORAGE_KEYS.connectionState));
  const credentials = v.safeParse(CredentialsSchema, {
    declarationId: kv.getItem(STORAGE_KEYS.nodeId),
    token: kv.getItem(STORAGE_KEYS.token),
    party: state.success ? state.output.party : undefined,
    mode: state.success ? state.output.mode : undefined,
  });
  if (!state.success || !credentials.success) {
    if (kv.getItem(STORAGE_KEYS.token) !== null) clearSession(kv);
    return null;
  }
  // Restored edits have no caller waiting for them: negative refs, ascending in their order (−n … −1)
  // so that, like the HubClient's refs, a smaller ref always means an earlier call.
  const count = state.output.pending.length;
  const pending = state.output.pending.map((c, i) => ({ ref: i - count, op: c.op, p: c.p }));
  return { credentials: credentials.output, pending };
}

/** The driver fields local storage never holds: the personal code (or licence number) and the birth date it encodes. */
const NOT_STORED_FIELDS: ReadonlySet<string> = new Set(['code', 'dob']);

/**
 * The unacknowledged edits as local storage keeps them: without a personal code. A whole driver
 * (`set-driver-data`) is kept as one field edit per field but those; an edit of the code or the
 * birth date alone is not kept. They stay in the page's memory and are sent when the link is back;
 * only a browser closed before that loses them (the driver step asks for them again).
 */
export function storableCalls(pending: readonly OutgoingCall[]): Array<{ op: string; p?: unknown }> {
  return pending.flatMap(({ op, p }): Array<{ op: string; p?: unknown }> => {
    const payload = (typeof p === 'object' && p !== null ? p : {}) as { party?: unknown; driver?: unknown; name?: unknown };
    if (op === 'set-partial-driver-data' && typeof payload.name === 'string' && NOT_STORED_FIELDS.has(payload.name)) return [];
    if (op === 'set-driver-data' && typeof payload.driver === 'object' && payload.driver !== null) {
      const party = payload.party === undefined ? {} : { party: payload.party };
      return Object.entries(payload.driver)
        .filter(([name]) => !NOT_STORED_FIELDS.has(name))
        .map(([name, value]) => ({ op: 'set-partial-driver-data', p: { ...party, name, value } }));
    }
    return [p === undefined ? { op } : { op, p }];
  });
}

export function saveSession(kv: KeyValuePort, credentials: Credentials, pending: readonly OutgoingCall[]): void {
  kv.setItem(STORAGE_KEYS.nodeId, credentials.declarationId);
  kv.setItem(STORAGE_KEYS.token, credentials.token);
  kv.setItem(STORAGE_KEYS.connectionState, JSON.stringify({ party: credentials.party, mode: credentials.mode, pending: storableCalls(pending) }));
}

export function saveRecovery(kv: KeyValuePort, snapshot: RecoverySnapshot): void {
  kv.setItem(STORAGE_KEYS.stateConnection, JSON.stringify(snapshot));
}

/** The last recovery snapshot, or null. It is shown, never trusted as the declaration itself. */
export function loadRecovery(kv: KeyValuePort): RecoverySnapshot | null {
  const value = readJson(kv, STORAGE_KEYS.stateConnection);
  return typeof value === 'object' && value !== null && 'nodeId' in value ? (value as RecoverySnapshot) : null;
}

/** Forgets the declaration (declaration-flow §4 "cleaned to blank"). */
export function clearSession(kv: KeyValuePort): void {
  // The declaration's drafts (its plates, the scheme being drawn) go with it (RT5).
  for (const key of [STORAGE_KEYS.nodeId, STORAGE_KEYS.token, STORAGE_KEYS.connectionState, STORAGE_KEYS.stateConnection, STORAGE_KEYS.eidPlates, STORAGE_KEYS.schemeObjects]) {
    kv.removeItem(key);
  }
}
