/**
 * The device's connection to its declaration (declaration-flow §4 "Declaration connect"): connect
 * by plates or resume with the stored token, keep the link alive with `custom-heartbeat`, and when
 * the link drops, reconnect (at most RECONNECT_LIMIT times in a row) without losing an edit:
 * instructions made while the link is down are queued, instructions sent but not answered are sent
 * again, and both are kept in local storage until the hub acknowledges them. Instructions are
 * idempotent (a value set twice is the same value; a photo added twice is updated by its id), so a
 * resend after a lost answer is harmless.
 *
 * The transport, the storage and the clock come from outside: `provideConnectionPorts` maps the
 * ports onto the machine's actor and actions; tests use a SimulatedClock and a scripted transport.
 */
import { assign, emit, enqueueActions, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { PROTOCOL_VERSION, type ClientFrame, type ServerMessage, type Session } from '../api/protocol.js';
import { committedIn, isKeptInstruction } from '../api/instructions.js';
import {
  END_REACTION_MS,
  RECONNECT_LIMIT,
  type EidMode,
  type Locale,
  type Party,
} from '../rules/constants.js';
import type { ErrorCode } from '../rules/errors.js';
import { HEARTBEAT_INTERVAL_MS } from '../declaration/connect.js';
import type { Plates, Position } from '../declaration/entities.js';
import type { ChangedKind } from '../declaration/edits.js';
import type { DeclarationView } from '../declaration/view.js';
import { applyViewPatch, type ViewPatch } from '../declaration/view-patch.js';
import type { KeyValuePort } from '../ports/key-value.port.js';
import type { TransportPort } from '../ports/transport.port.js';
import { recoverySnapshot, type RecoveryFlags } from './recovery.js';
import { clearSession, saveRecovery, saveSession, type Credentials, type OutgoingCall } from './session-storage.js';

/** Waits before reconnect attempts 1 to 6 (not in the spec: fast first, then backing off). */
export const RECONNECT_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 15_000] as const;
/** A link that does not open, or a connect/resume that gets no answer, within this is given up. */
export const HANDSHAKE_TIMEOUT_MS = 15_000;
/** A heartbeat not answered within this means the link is dead even if the socket says nothing. */
export const HEARTBEAT_ANSWER_TIMEOUT_MS = 10_000;

/** What the driver entered to connect (step 4): own vehicle first. */
export interface PlatesConnectRequest {
  readonly mode: EidMode;
  readonly plates: { readonly A: Plates; readonly B: Plates };
  readonly location: Position | null;
  readonly fillLang: Locale;
  readonly oneDevice: boolean;
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
  readonly endReason: EndReason | null;
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
  | { readonly type: 'transport.closed' };

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
const RESUME_FATAL: readonly string[] = ['TTL_TOO_LONG', 'HEARTBEAT', 'REMOVED_INACTIVE', 'DECLARATION_FINISHED', 'DATA_ERROR'];

const NOBODY = { A: false, B: false } as const;

function initialContext(): ConnectionContext {
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
    endReason: null,
  };
}

type ResultMessage = Extract<ServerMessage, { t: 'result' }>;
const asResult = (e: ConnectionEvent): ResultMessage | null =>
  e.type === 'transport.message' && e.message.t === 'result' ? e.message : null;

const answerOf = (m: ResultMessage): CallAnswer =>
  m.ok ? { ok: true, r: m.r } : m.retryAfterMs === undefined ? { ok: false, code: m.code } : { ok: false, code: m.code, retryAfterMs: m.retryAfterMs };

/** Edits (and the submit) are kept across a closed browser; reads are not worth keeping. */
const isKept = (call: OutgoingCall): boolean => isKeptInstruction(call.op);

const newer = (current: DeclarationView | null, next: DeclarationView): boolean =>
  current === null || current.id !== next.id || next.version >= current.version;


export const connectionMachine = setup({
  types: {
    context: {} as ConnectionContext,
    events: {} as ConnectionEvent,
    emitted: {} as ConnectionEmitted,
  },
  actors: {
    /** The link to the hub; provided from a TransportPort by provideConnectionPorts. */
    socket: fromCallback<SocketCommand>(() => {
      throw new Error('connectionMachine: no transport provided (use provideConnectionPorts)');
    }),
  },
  actions: {
    /** Keeps the seat and the unacknowledged edits in local storage. */
    persist: () => {},
    /** Keeps the recovery snapshot in local storage. */
    persistRecovery: () => {},
    /** Forgets the declaration in local storage. */
    forget: () => {},
    startConnect: assign(({ event }) => {
      if (event.type !== 'user.connect') return {};
      return { ...initialContext(), request: event.request };
    }),
    startResume: assign(({ event }) => {
      if (event.type !== 'user.resume') return {};
      const fresh = { ...initialContext(), credentials: event.credentials, queued: [...(event.pending ?? [])] };
      const known = event.lastKnown;
      if (!known) return fresh;
      // Until the hub answers: the seat as it was (both parties when one device fills for both).
      const p = event.credentials.party;
      return { ...fresh, party: p, declaration: known, allow: { A: p === 'A' || !known.twoUserMode, B: p === 'B' || !known.twoUserMode } };
    }),
    sendHandshake: enqueueActions(({ context, enqueue }) => {
      const id = context.nextWireId;
      enqueue.assign({ handshakeId: id, nextWireId: id + 1 });
      const c = context.credentials;
      if (c) {
        enqueue.sendTo('socket', { type: 'send', frame: { t: 'resume', id, protocol: PROTOCOL_VERSION, declarationId: c.declarationId, party: c.party, token: c.token } });
      } else if (context.request) {
        const r = context.request;
        enqueue.sendTo('socket', {
          type: 'send',
          frame: { t: 'connect', id, protocol: PROTOCOL_VERSION, mode: r.mode, plates: r.plates, location: r.location, fillLang: r.fillLang, oneDevice: r.oneDevice },
        });
      }
    }),
    acceptSession: enqueueActions(({ context, event, enqueue }) => {
      const m = asResult(event);
      if (!m || !m.ok) return;
      const s = m.r as Session;
      const mode = context.credentials?.mode ?? context.request?.mode ?? s.declaration.mode;
      enqueue.assign({
        credentials: { declarationId: s.declarationId, party: s.party, token: s.token, mode },
        party: s.party,
        allow: s.allow,
        inversed: s.inversed,
        declaration: s.declaration,
        handshakeId: null,
        attempts: 0,
        error: null,
        retryAfterMs: null,
      });
      enqueue.emit({ type: 'declaration.changed', kind: 'SESSION', by: null, declaration: s.declaration });
    }),
    refuse: assign(({ event }) => {
      const m = asResult(event);
      if (!m || m.ok) return {};
      return { error: m.code as ErrorCode, retryAfterMs: m.retryAfterMs ?? null, handshakeId: null };
    }),
    /** Sends everything queued on the fresh link, in order. */
    flushQueue: enqueueActions(({ context, enqueue }) => {
      let wireId = context.nextWireId;
      const inflight: Inflight[] = [...context.inflight];
      for (const call of context.queued) {
        enqueue.sendTo('socket', { type: 'send', frame: { t: 'call', id: wireId, op: call.op, p: call.p } });
        inflight.push({ wireId, call });
        wireId += 1;
      }
      enqueue.assign({ queued: [], inflight, nextWireId: wireId });
    }),
    sendCall: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'user.call') return;
      const wireId = context.nextWireId;
      enqueue.sendTo('socket', { type: 'send', frame: { t: 'call', id: wireId, op: event.call.op, p: event.call.p } });
      enqueue.assign({ inflight: [...context.inflight, { wireId, call: event.call }], nextWireId: wireId + 1 });
    }),
    queueCall: assign(({ context, event }) => (event.type === 'user.call' ? { queued: [...context.queued, event.call] } : {})),
    refuseCall: emit(({ event }) =>
      event.type === 'user.call'
        ? { type: 'call.answered' as const, ref: event.call.ref, answer: { ok: false as const, code: 'NOT_CONNECTED' } }
        : { type: 'call.answered' as const, ref: 0, answer: { ok: false as const, code: 'NOT_CONNECTED' } },
    ),
    /** Calls sent on a link that died go first in the queue: they are sent again. */
    requeueInflight: assign(({ context }) => ({
      queued: [...context.inflight.map((i) => i.call), ...context.queued],
      inflight: [],
      handshakeId: null,
      heartbeatId: null,
      resyncId: null,
    })),
    /** Nobody will answer what is waiting: tell the callers. */
    dropAll: enqueueActions(({ context, enqueue }) => {
      for (const call of [...context.inflight.map((i) => i.call), ...context.queued]) {
        enqueue.emit({ type: 'call.answered', ref: call.ref, answer: { ok: false, code: 'NOT_CONNECTED' } });
      }
      enqueue.assign({ inflight: [], queued: [] });
    }),
    sendHeartbeat: enqueueActions(({ context, enqueue }) => {
      const id = context.nextWireId;
      enqueue.sendTo('socket', { type: 'send', frame: { t: 'call', id, op: 'custom-heartbeat' } });
      enqueue.assign({ heartbeatId: id, nextWireId: id + 1 });
    }),
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    /** Results of calls, pushes of the other party's changes, presence. */
    handleServerMessage: enqueueActions(({ context: initial, event, enqueue }) => {
      if (event.type !== 'transport.message') return;
      const m = event.message;
      // What this action has assigned so far: a resync asked for once, a delta applied on the last.
      let context = initial;
      const update = (change: Partial<ConnectionContext>) => {
        context = { ...context, ...change };
        enqueue.assign(change);
      };
      /** Asks for the whole view with get-view; once, while none is on its way. */
      const askForView = (): void => {
        if (context.resyncId !== null) return;
        const id = context.nextWireId;
        enqueue.sendTo('socket', { type: 'send', frame: { t: 'call', id, op: 'get-view' } });
        update({ resyncId: id, nextWireId: id + 1 });
      };
      /** A delta of this device's view: applied to its version, or the whole view asked for once. */
      const applyPatch = (patch: ViewPatch, kind: ChangedKind | 'OWN', by: Party | null): void => {
        if (!context.declaration) return;
        const outcome = applyViewPatch(context.declaration, patch);
        if (outcome.kind === 'applied') {
          update({ declaration: outcome.view });
          enqueue.emit({ type: 'declaration.changed', kind, by, declaration: outcome.view });
        } else if (outcome.kind === 'gap') askForView();
      };
      if (m.t === 'presence') {
        update({ presence: { A: m.A, B: m.B } });
        return;
      }
      if (m.t === 'changed') {
        applyPatch(m.patch, m.kind, m.by);
        return;
      }
      if (m.t !== 'result') return;
      if (m.id === context.heartbeatId) {
        update({ heartbeatId: null });
        // The heartbeat answers the declaration's version: a device whose last push was lost asks for the view.
        const version = m.ok ? (m.r as { version?: unknown } | undefined)?.version : undefined;
        if (typeof version === 'number' && context.declaration && version > context.declaration.version) askForView();
        return;
      }
      if (m.id === context.resyncId) {
        update({ resyncId: null });
        const view = m.ok ? (m.r as DeclarationView) : null;
        if (view && newer(context.declaration, view)) {
          update({ declaration: view });
          enqueue.emit({ type: 'declaration.changed', kind: 'SYNC', by: null, declaration: view });
        }
        return;
      }
      const done = context.inflight.find((i) => i.wireId === m.id);
      if (!done) return;
      update({ inflight: context.inflight.filter((i) => i !== done) });
      if (m.ok) {
        const committed = committedIn(m.r);
        if (committed?.patch) applyPatch(committed.patch, 'OWN', context.party);
        if (done.call.op === 'one-device') {
          const allow = (m.r as { allow?: { A: boolean; B: boolean } }).allow;
          if (allow) update({ allow });
        }
      }
      enqueue.emit({ type: 'call.answered', ref: done.call.ref, answer: answerOf(m) });
    }),
    noteEnd: assign(({ event }) =>
      event.type === 'transport.message' && event.message.t === 'end' ? { endReason: event.message.reason } : {},
    ),
    announceEnd: emit(({ context }) => ({ type: 'declaration.ended' as const, reason: context.endReason ?? 'REMOVED' })),
    resetAttempts: assign({ attempts: 0, error: null }),
  },
  guards: {
    hasCredentials: ({ context }) => context.credentials !== null,
    canRetry: ({ context }) => context.credentials !== null || context.request !== null,
    handshakeAccepted: ({ context, event }) => {
      const m = asResult(event);
      return m !== null && m.id === context.handshakeId && m.ok;
    },
    /** A resume refused for good: the seat is gone. */
    resumeRefused: ({ context, event }) => {
      const m = asResult(event);
      return m !== null && m.id === context.handshakeId && !m.ok && context.credentials !== null && RESUME_FATAL.includes(m.code);
    },
    /** A connect by plates refused: the driver must change something (or wait). */
    connectRefused: ({ context, event }) => {
      const m = asResult(event);
      return m !== null && m.id === context.handshakeId && !m.ok && context.credentials === null;
    },
    /** Any other refusal of a resume (server error, system update): try again later. */
    resumeDeferred: ({ context, event }) => {
      const m = asResult(event);
      return m !== null && m.id === context.handshakeId && !m.ok;
    },
    isEnd: ({ event }) => event.type === 'transport.message' && event.message.t === 'end',
    isHeartbeatAnswer: ({ context, event }) => {
      const m = asResult(event);
      return m !== null && m.id === context.heartbeatId;
    },
    /** The hub no longer knows the declaration: it was removed for inactivity. */
    heartbeatGone: ({ context, event }) => {
      const m = asResult(event);
      return m !== null && m.id === context.heartbeatId && !m.ok && m.code === 'REMOVED_INACTIVE';
    },
    attemptsExhausted: ({ context }) => context.attempts > RECONNECT_LIMIT,
  },
  delays: {
    reconnectDelay: ({ context }) =>
      context.retryAfterMs ?? RECONNECT_DELAYS_MS[Math.min(RECONNECT_DELAYS_MS.length, Math.max(1, context.attempts)) - 1] ?? 15_000,
    heartbeatInterval: HEARTBEAT_INTERVAL_MS,
    heartbeatAnswerTimeout: HEARTBEAT_ANSWER_TIMEOUT_MS,
    handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
    endReaction: END_REACTION_MS,
  },
}).createMachine({
  id: 'connection',
  context: initialContext,
  initial: 'idle',
  states: {
    idle: {
      description: 'No declaration: the driver has not entered the plates yet.',
      on: {
        'user.connect': { target: 'link', actions: 'startConnect' },
        'user.resume': { target: 'link', actions: 'startResume' },
        'user.call': { actions: 'refuseCall' },
      },
    },
    link: {
      description: 'A link to the hub is open or opening.',
      invoke: { id: 'socket', src: 'socket' },
      initial: 'opening',
      on: {
        'user.call': { actions: ['queueCall', 'persist'] },
        'user.leave': { target: 'idle', actions: ['dropAll', 'forget', assign(initialContext)] },
        'transport.closed': [
          { guard: 'hasCredentials', target: 'reconnecting', actions: 'requeueInflight' },
          { target: 'failed', actions: [assign({ error: 'SERVER_UNREACHABLE' }), 'dropAll'] },
        ],
      },
      states: {
        opening: {
          description: 'Waiting for the socket to open.',
          on: { 'transport.opened': 'handshaking' },
          after: { handshakeTimeout: { target: '#connection.reconnecting', guard: 'hasCredentials', actions: 'requeueInflight' } },
        },
        handshaking: {
          description: 'Connect by plates or resume with the stored token sent; waiting for the answer.',
          entry: 'sendHandshake',
          on: {
            'transport.message': [
              { guard: 'handshakeAccepted', target: 'connected', actions: ['acceptSession', 'persist', 'persistRecovery'] },
              { guard: 'resumeRefused', target: '#connection.rejected', actions: ['refuse', 'dropAll', 'forget', assign({ credentials: null })] },
              { guard: 'connectRefused', target: '#connection.rejected', actions: ['refuse', 'dropAll'] },
              { guard: 'resumeDeferred', target: '#connection.reconnecting', actions: ['refuse', 'requeueInflight'] },
              // The hub may tell who is present before it answers the handshake.
              { actions: 'handleServerMessage' },
            ],
          },
          after: {
            handshakeTimeout: [
              { guard: 'hasCredentials', target: '#connection.reconnecting', actions: 'requeueInflight' },
              { target: '#connection.failed', actions: [assign({ error: 'SERVER_UNREACHABLE' }), 'dropAll'] },
            ],
          },
        },
        connected: {
          description: 'The device holds its party; edits go straight to the hub.',
          tags: ['online'],
          entry: ['flushQueue', 'persist'],
          on: {
            'user.call': { actions: ['sendCall', 'persist'] },
            'transport.message': [
              { guard: 'isEnd', target: '#connection.link.ending', actions: 'noteEnd' },
              { actions: ['handleServerMessage', 'persist', 'persistRecovery'] },
            ],
          },
          initial: 'quiet',
          states: {
            quiet: { after: { heartbeatInterval: 'beating' } },
            beating: {
              description: 'A custom-heartbeat was sent; the hub must answer it in time.',
              entry: 'sendHeartbeat',
              on: {
                'transport.message': [
                  { guard: 'heartbeatGone', target: '#connection.rejected', actions: [assign({ error: 'REMOVED_INACTIVE' }), 'dropAll', 'forget'] },
                  { guard: 'isHeartbeatAnswer', target: 'quiet', actions: 'handleServerMessage' },
                  { guard: 'isEnd', target: '#connection.link.ending', actions: 'noteEnd' },
                  { actions: ['handleServerMessage', 'persist', 'persistRecovery'] },
                ],
              },
              // Leaving the link stops the socket actor, which closes the socket.
              after: { heartbeatAnswerTimeout: { target: '#connection.reconnecting', actions: 'requeueInflight' } },
            },
          },
        },
        ending: {
          description: 'The hub asked to end the declaration; the device has END_REACTION_MS to react (answers still arrive).',
          on: {
            'user.call': { actions: 'refuseCall' },
            'transport.message': { actions: 'handleServerMessage' },
            'transport.closed': { target: '#connection.ended', actions: 'dropAll' },
          },
          after: { endReaction: { target: '#connection.ended', actions: 'dropAll' } },
        },
      },
    },
    reconnecting: {
      description: 'The link dropped: waiting before the next resume attempt; edits are queued.',
      tags: ['reconnecting'],
      entry: 'countAttempt',
      always: { guard: 'attemptsExhausted', target: 'lost' },
      after: { reconnectDelay: { target: 'link', actions: assign({ retryAfterMs: null }) } },
      on: {
        'user.call': { actions: ['queueCall', 'persist'] },
        'user.retry': { target: 'link', actions: 'resetAttempts' },
        'user.leave': { target: 'idle', actions: ['dropAll', 'forget', assign(initialContext)] },
      },
    },
    lost: {
      description: 'Reconnecting failed RECONNECT_LIMIT times: "Lost connection. Try connecting again."',
      entry: assign({ error: 'CONNECTION_LOST' }),
      on: {
        'user.call': { actions: ['queueCall', 'persist'] },
        'user.retry': { target: 'link', actions: 'resetAttempts' },
        'user.leave': { target: 'idle', actions: ['dropAll', 'forget', assign(initialContext)] },
      },
    },
    rejected: {
      description: 'The hub refused the connect or the resume; `error` says why.',
      on: {
        'user.connect': { target: 'link', actions: 'startConnect' },
        'user.retry': { guard: 'canRetry', target: 'link', actions: 'resetAttempts' },
        'user.call': { actions: 'refuseCall' },
        'user.leave': { target: 'idle', actions: ['forget', assign(initialContext)] },
      },
    },
    failed: {
      description: 'The hub could not be reached for a first connect: "Error reaching server."',
      on: {
        'user.connect': { target: 'link', actions: 'startConnect' },
        'user.retry': { guard: 'canRetry', target: 'link', actions: 'resetAttempts' },
        'user.call': { actions: 'refuseCall' },
        'user.leave': { target: 'idle', actions: assign(initialContext) },
      },
    },
    ended: {
      description: 'The declaration ended (finished, removed, or taken over); local storage is cleaned.',
      entry: ['announceEnd', 'forget'],
      on: {
        'user.connect': { target: 'link', actions: 'startConnect' },
        'user.call': { actions: 'refuseCall' },
        'user.leave': { target: 'idle', actions: assign(initialContext) },
      },
    },
  },
});

export type ConnectionActor = ActorRefFrom<typeof connectionMachine>;
export type ConnectionSnapshot = SnapshotFrom<typeof connectionMachine>;

export interface ConnectionPorts {
  readonly transport: TransportPort;
  /** Local storage; the session and the recovery snapshot are kept there. */
  readonly storage: KeyValuePort;
  /** The flags of the recovery snapshot that the connection does not know itself. */
  readonly recoveryFlags?: () => Omit<RecoveryFlags, 'isA' | 'httpConnected'>;
}

/** The machine with its socket actor and storage actions taken from ports. */
export function provideConnectionPorts(ports: ConnectionPorts) {
  return connectionMachine.provide({
    actors: {
      socket: fromCallback<SocketCommand>(({ sendBack, receive }) => {
        let open = true;
        const link = ports.transport.open({
          opened: () => open && sendBack({ type: 'transport.opened' }),
          message: (message) => open && sendBack({ type: 'transport.message', message }),
          closed: () => {
            if (!open) return;
            open = false;
            sendBack({ type: 'transport.closed' });
          },
        });
        receive((command) => {
          if (command.type === 'send') link.send(command.frame);
          else if (open) {
            open = false;
            link.close();
          }
        });
        return () => {
          if (!open) return;
          open = false;
          link.close();
        };
      }),
    },
    actions: {
      persist: ({ context }) => {
        if (!context.credentials) return;
        saveSession(ports.storage, context.credentials, [...context.inflight.map((i) => i.call), ...context.queued].filter(isKept));
      },
      persistRecovery: ({ context }) => {
        if (!context.declaration || !context.party) return;
        const flags = ports.recoveryFlags?.() ?? { ip: null, loggedIn: false, storedMode: null };
        saveRecovery(ports.storage, recoverySnapshot(context.declaration, { ...flags, isA: context.party === 'A', httpConnected: true }));
      },
      forget: () => clearSession(ports.storage),
    },
  });
}
