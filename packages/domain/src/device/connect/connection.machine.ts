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
import { PROTOCOL_VERSION, type Session } from '../../protocol/protocol.js';
import { END_REACTION_MS, RECONNECT_LIMIT } from '../../rules/constants.js';
import type { ErrorCode } from '../../rules/errors.js';
import { HEARTBEAT_INTERVAL_MS } from '../../declaration/connect.js';
import { JOIN_CONFIRM_TIMEOUT_MS } from '../../declaration/join.js';
import { reactToServerMessage } from './server-message.js';
import {
  asResult,
  HANDSHAKE_TIMEOUT_MS,
  HEARTBEAT_ANSWER_TIMEOUT_MS,
  inCallOrder,
  initialContext,
  RECONNECT_DELAYS_MS,
  RESUME_FATAL,
  type ConnectionContext,
  type ConnectionEmitted,
  type ConnectionEvent,
  type Inflight,
  type SocketCommand,
} from './connection.context.js';

export * from './connection.context.js';

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
          frame: {
            t: 'connect',
            id,
            protocol: PROTOCOL_VERSION,
            mode: r.mode,
            plates: r.plates,
            location: r.location,
            ...(r.locationError ? { locationError: r.locationError } : {}),
            fillLang: r.fillLang,
            oneDevice: r.oneDevice,
            ...(r.captcha ? { captcha: r.captcha } : {}),
          },
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
        work: null,
        admission: null,
      });
      enqueue.emit({ type: 'declaration.changed', kind: 'SESSION', by: null, declaration: s.declaration });
    }),
    refuse: assign(({ event }) => {
      const m = asResult(event);
      if (!m || m.ok) return {};
      return { error: m.code as ErrorCode, retryAfterMs: m.retryAfterMs ?? null, work: m.work ?? null, handshakeId: null, admission: null };
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
      queued: inCallOrder([...context.inflight.map((i) => i.call), ...context.queued]),
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
    handleServerMessage: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'transport.message') return;
      const reaction = reactToServerMessage(context, event.message);
      if (Object.keys(reaction.changes).length > 0) enqueue.assign(reaction.changes);
      for (const frame of reaction.sends) enqueue.sendTo('socket', { type: 'send', frame });
      for (const e of reaction.emits) enqueue.emit(e);
      if (reaction.backoffMs !== undefined) {
        enqueue.cancel('backoff');
        enqueue.raise({ type: 'link.flush' }, { delay: reaction.backoffMs, id: 'backoff' });
      }
    }),
    /** The other driver is asked to confirm this device: the code to show (JN1). */
    noteAdmission: assign(({ event }) =>
      event.type === 'transport.message' && event.message.t === 'admission' ? { admission: { code: event.message.code, timeoutMs: event.message.timeoutMs } } : {},
    ),
    noteEnd: assign(({ event }) =>
      event.type === 'transport.message' && event.message.t === 'end' ? { endReason: event.message.reason } : {},
    ),
    announceEnd: emit(({ context }) => ({ type: 'declaration.ended' as const, reason: context.endReason ?? 'REMOVED' })),
    resetAttempts: assign({ attempts: 0, error: null }),
  },
  guards: {
    hasCredentials: ({ context }) => context.credentials !== null,
    hasQueued: ({ context }) => context.queued.length > 0,
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
    isAdmission: ({ event }) => event.type === 'transport.message' && event.message.t === 'admission',
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
    /** The hub's time for the confirmation, and a margin for its answer to arrive. */
    admissionTimeout: ({ context }) => (context.admission?.timeoutMs ?? JOIN_CONFIRM_TIMEOUT_MS) + HANDSHAKE_TIMEOUT_MS,
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
          { target: 'failed', actions: [assign({ error: 'SERVER_UNREACHABLE', admission: null }), 'dropAll'] },
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
              { guard: 'isAdmission', target: 'admitting', actions: 'noteAdmission' },
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
        admitting: {
          description: 'The other driver is asked to confirm this device (JN1): both screens show the code; nothing of the declaration arrives until then.',
          tags: ['admitting'],
          on: {
            'transport.message': [
              { guard: 'handshakeAccepted', target: 'connected', actions: ['acceptSession', 'persist', 'persistRecovery'] },
              { guard: 'connectRefused', target: '#connection.rejected', actions: ['refuse', 'dropAll'] },
              { guard: 'isAdmission', actions: 'noteAdmission' },
              // Admitted, the hub tells who is present just before it answers.
              { actions: 'handleServerMessage' },
            ],
          },
          after: { admissionTimeout: { target: '#connection.rejected', actions: [assign({ error: 'JOIN_NOT_CONFIRMED', admission: null, handshakeId: null }), 'dropAll'] } },
        },
        connected: {
          description: 'The device holds its party; edits go straight to the hub.',
          tags: ['online'],
          entry: ['flushQueue', 'persist'],
          on: {
            // While calls wait for the hub's "slow down" to pass, a new one waits behind them (order is kept).
            'user.call': [{ guard: 'hasQueued', actions: ['queueCall', 'persist'] }, { actions: ['sendCall', 'persist'] }],
            'link.flush': { actions: 'flushQueue' },
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
