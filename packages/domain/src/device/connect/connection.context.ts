/**
 * The connection machine's data: its timing constants, context, events each way, and the small
 * pure helpers its actions share (connection.machine.ts is the machine itself).
 */
import type { ClientFrame, ServerMessage } from '../../protocol/protocol.js';
import { isKeptInstruction } from '../../protocol/instructions.js';
import type { EidMode, Locale, Party } from '../../rules/constants.js';
import type { ErrorCode } from '../../rules/errors.js';
import type { LocationError, Plates, Position } from '../../declaration/entities.js';
import type { ChangedKind } from '../../declaration/edits/index.js';
import type { DeclarationView } from '../../declaration/view.js';
import type { Credentials, OutgoingCall } from './session-storage.js';

/** Waits before reconnect attempts 1 to 6 (not in the spec: fast first, then backing off). */
export const RECONNECT_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 15_000] as const;
/** A link that does not open, or a connect/resume that gets no answer, within this is given up. */
export const HANDSHAKE_TIMEOUT_MS = 15_000;
/**
 * A heartbeat not answered within this means the link is dead even if the socket says nothing: with
 * the 2 s interval, a phone in a dead zone shows "Connection lost" within 5 s (issue 18 item 12). The
 * hub answers heartbeats ahead of the device's other calls, so a slow call does not delay them.
 */
export const HEARTBEAT_ANSWER_TIMEOUT_MS = 3_000;

/** What the driver entered to connect (step 4): own vehicle first. */
export interface PlatesConnectRequest {
  readonly mode: EidMode;
  readonly plates: { readonly A: Plates; readonly B: Plates };
  readonly location: Position | null;
  /** Why there is no location (declaration-flow §3 errCode, errMessage). */
  readonly locationError?: LocationError | null;
  readonly fillLang: Locale;
  readonly oneDevice: boolean;
  /** The proof of work of this connect (JN5); a token is used once. */
  readonly captcha?: string;
}

export type CallAnswer =
  | { readonly ok: true; readonly r: unknown }
  | { readonly ok: false; readonly code: string; readonly retryAfterMs?: number };

export type EndReason = 'FINISHED' | 'REMOVED' | 'NUKED' | 'TAKEN_OVER';

export interface Inflight {
  readonly wireId: number;
  readonly call: OutgoingCall;
}

export interface ConnectionContext {
  readonly request: PlatesConnectRequest | null;
  readonly credentials: Credentials | null;
  readonly party: Party | null;
  readonly allow: { readonly A: boolean; readonly B: boolean };
  /** The other driver entered the plates the other way round. */
  readonly inversed: boolean;
  readonly declaration: DeclarationView | null;
  /** Which parties have a device connected now. */
  readonly presence: { readonly A: boolean; readonly B: boolean };
  /** Instructions waiting for the link. */
  readonly queued: readonly OutgoingCall[];
  /** Instructions sent on the current link and not yet answered. */
  readonly inflight: readonly Inflight[];
  readonly nextWireId: number;
  readonly handshakeId: number | null;
  readonly heartbeatId: number | null;
  /** The wire id of the get-view asked after a gap in the deltas; null when none is on its way. */
  readonly resyncId: number | null;
  /** Reconnect attempts since the link was last up. */
  readonly attempts: number;
  readonly error: ErrorCode | null;
  /** From a SYSTEM_UPDATE or PLATE_CHECK_LIMIT refusal: how long to wait. */
  readonly retryAfterMs: number | null;
  /** From a CAPTCHA_TOO_EASY refusal of a connect: the work its next proof must carry (JN8). */
  readonly work: number | null;
  readonly endReason: EndReason | null;
  /** While the other driver is asked to confirm this device (JN1): the code both screens show. */
  readonly admission: { readonly code: string; readonly timeoutMs: number } | null;
}

export type ConnectionEvent =
  | { readonly type: 'user.connect'; readonly request: PlatesConnectRequest }
  | {
      readonly type: 'user.resume';
      readonly credentials: Credentials;
      readonly pending?: readonly OutgoingCall[];
      /** The declaration as this browser last knew it (the recovery snapshot), shown until the hub's view arrives. */
      readonly lastKnown?: DeclarationView | null;
    }
  | { readonly type: 'user.call'; readonly call: OutgoingCall }
  | { readonly type: 'user.retry' }
  | { readonly type: 'user.leave' }
  | { readonly type: 'transport.opened' }
  | { readonly type: 'transport.message'; readonly message: ServerMessage }
  | { readonly type: 'transport.closed' }
  /** The wait the hub asked for is over: the queue is sent (FU1). */
  | { readonly type: 'link.flush' };

export type ConnectionEmitted =
  | { readonly type: 'call.answered'; readonly ref: number; readonly answer: CallAnswer }
  | {
      readonly type: 'declaration.changed';
      /**
       * SESSION when the device (re)connected and got the whole declaration; OWN for this device's
       * own write; SYNC when it fetched the whole view after a gap in the deltas.
       */
      readonly kind: ChangedKind | 'SESSION' | 'OWN' | 'SYNC';
      readonly by: Party | null;
      readonly declaration: DeclarationView;
    }
  | { readonly type: 'declaration.ended'; readonly reason: EndReason };

/** Commands the machine gives its socket actor. */
export type SocketCommand = { readonly type: 'send'; readonly frame: ClientFrame } | { readonly type: 'close' };

/** Codes after which the stored seat is useless: the device must start again by plates. */
export const RESUME_FATAL: readonly string[] = ['TTL_TOO_LONG', 'HEARTBEAT', 'REMOVED_INACTIVE', 'DECLARATION_FINISHED', 'DATA_ERROR'];

export const NOBODY = { A: false, B: false } as const;

export function initialContext(): ConnectionContext {
  return {
    request: null,
    credentials: null,
    party: null,
    allow: NOBODY,
    inversed: false,
    declaration: null,
    presence: NOBODY,
    queued: [],
    inflight: [],
    nextWireId: 1,
    handshakeId: null,
    heartbeatId: null,
    resyncId: null,
    attempts: 0,
    error: null,
    retryAfterMs: null,
    work: null,
    endReason: null,
    admission: null,
  };
}

export type ResultMessage = Extract<ServerMessage, { t: 'result' }>;
export const asResult = (e: ConnectionEvent): ResultMessage | null =>
  e.type === 'transport.message' && e.message.t === 'result' ? e.message : null;

export const answerOf = (m: ResultMessage): CallAnswer =>
  m.ok ? { ok: true, r: m.r } : m.retryAfterMs === undefined ? { ok: false, code: m.code } : { ok: false, code: m.code, retryAfterMs: m.retryAfterMs };

/** Edits (and the submit) are kept across a closed browser; reads are not worth keeping. */
export const isKept = (call: OutgoingCall): boolean => isKeptInstruction(call.op);

export const newer = (current: DeclarationView | null, next: DeclarationView): boolean =>
  current === null || current.id !== next.id || next.version >= current.version;

/** Calls in the order they were made: refs grow with each call (restored edits count up to −1). */
export const inCallOrder = (calls: readonly OutgoingCall[]): OutgoingCall[] => [...calls].sort((a, b) => a.ref - b.ref);
