/**
 * One declaration session on the device: the orchestration between the connection, the wizard and
 * the image sync that no one of them owns.
 *
 * - **Connecting by plates** (step 4): the proof of work solved (JN5), the join sent and its answer
 *   awaited (a join waits for the other driver, JN1, at most JOIN_WAIT_MS); a harder proof when the
 *   hub asks for one (JN8); a seat still counted on the device used before asked for again by
 *   itself when its time is up (JN6, `seatWaitUntil` for the screen), at most SEAT_WAIT_RETRIES
 *   times; then what is owed once joined (the consents, the fill language).
 * - **Where the wizard opens**: a seat taken back opens on the step its driver was on; a resumed
 *   declaration opens on its driver's step when the hub's view comes, or — reopened while the link
 *   is down — on the last known declaration's first step.
 * - **What follows the hub's news**: a new session or photos re-sync the images; a link that goes
 *   down tells the wizard; the end of the declaration ends the wizard; each step entered is
 *   reported as progress.
 *
 * What it asks of the world are ports (SessionPorts); what it tells the other machines are emitted
 * events, which the composition (the web app's DeclaSession) hands on.
 */
import { assign, emit, enqueueActions, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Disclaimers } from '../../declaration/entities.js';
import { JOIN_CONFIRM_TIMEOUT_MS } from '../../declaration/join.js';
import { SEAT_WAIT_RETRIES } from '../../declaration/connect.js';
import { HANDSHAKE_TIMEOUT_MS, type PlatesConnectRequest } from '../connect/connection.context.js';
import { FIRST_FILL_STEP, LAST_FILL_STEP } from '../wizard/steps.js';

/** A join gets no answer for this long: SERVER_UNREACHABLE (the other driver's time, and a handshake each way). */
export const JOIN_WAIT_MS = JOIN_CONFIRM_TIMEOUT_MS + 2 * HANDSHAKE_TIMEOUT_MS;

/** How a join ended: taken in, or refused with the hub's code (a wait before asking again, a harder proof). */
export type JoinOutcome = { readonly ok: true } | { readonly ok: false; readonly code: string; readonly retryAfterMs?: number; readonly work?: number };

/** API Boundary: what the session needs from the device. */
export interface SessionPorts {
  /** The connect's proof of work (JN5) of `work`; undefined where none is asked (practice). */
  captchaToken(work: number): Promise<string | undefined>;
  /** Sends the join (the connection machine) and settles once the hub took the device in or refused it (a refused join is given up). */
  join(request: PlatesConnectRequest): Promise<JoinOutcome>;
  /** What is owed once joined (the consents, the fill language, for each party filled here); resolves the step this driver's part was on. */
  afterJoin(consents: Disclaimers | null, request: PlatesConnectRequest): Promise<number>;
  /** Epoch ms, for the seat wait's end shown on the screen. */
  now(): number;
}

export interface SessionContext {
  readonly consents: Disclaimers | null;
  readonly request: PlatesConnectRequest | null;
  /** The proof of work the next join carries (solved for `work`), and the joins tried. */
  readonly token: string | undefined;
  readonly work: number;
  readonly attempt: number;
  readonly error: string | null;
  readonly retryAfterMs: number | null;
  /** JN6: when the seat is asked for again (epoch ms), while waiting. */
  readonly seatWaitUntil: number | null;
  /** A stored session is being resumed; `showLastKnown`: its last known view waits to be shown. */
  readonly resuming: boolean;
  readonly showLastKnown: boolean;
  /** A seat taken back opens on this step instead of the first numbered one. */
  readonly reopenAt: number | null;
  readonly online: boolean;
}

export type SessionEvent =
  | { readonly type: 'user.consents'; readonly consents: Disclaimers | null }
  | { readonly type: 'user.plates'; readonly request: PlatesConnectRequest | null }
  | { readonly type: 'user.connect' }
  | { readonly type: 'user.resume'; readonly lastKnown: boolean }
  | { readonly type: 'user.leave' }
  /** Issue 34: the driver stops a join in progress (waiting to be let in, or for the old phone's seat): back to the plates. */
  | { readonly type: 'user.cancelJoin' }
  /** The hub's news: `kind` of the change; `ownStep`, the step this driver's part is on. */
  | { readonly type: 'hub.changed'; readonly kind: string; readonly ownStep: number }
  | { readonly type: 'hub.link'; readonly online: boolean; readonly down: boolean }
  | { readonly type: 'hub.ended' }
  | { readonly type: 'wizard.entered'; readonly step: number };

export type SessionEmitted =
  | { readonly type: 'images.sync' }
  | { readonly type: 'wizard.resume'; readonly step: number }
  | { readonly type: 'wizard.connectionLost' }
  | { readonly type: 'wizard.ended' }
  | { readonly type: 'progress'; readonly step: number };

const fillStep = (step: number) => Math.min(LAST_FILL_STEP, Math.max(FIRST_FILL_STEP, step));
const codeOf = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'GENERIC_ERROR';
};

const INITIAL = { token: undefined, work: 1, attempt: 0, error: null, retryAfterMs: null, seatWaitUntil: null } as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: {
    captcha: fromPromise<string | undefined, { work: number }>(async () => undefined),
    join: fromPromise<JoinOutcome, { request: PlatesConnectRequest }>(async () => ({ ok: true })),
    afterJoin: fromPromise<number, { consents: Disclaimers | null; request: PlatesConnectRequest }>(async () => 0),
  },
  delays: {
    joinWait: JOIN_WAIT_MS,
    seatWait: ({ context }) => context.retryAfterMs ?? 0,
  },
  guards: {
    hasPlates: ({ context }) => context.request !== null,
    joined: (_, outcome: JoinOutcome) => outcome.ok,
    harderProof: ({ context }, outcome: JoinOutcome) =>
      !outcome.ok && outcome.code === 'CAPTCHA_TOO_EASY' && outcome.work !== undefined && outcome.work > context.work && context.attempt < SEAT_WAIT_RETRIES,
    seatStillCounted: ({ context }, outcome: JoinOutcome) =>
      !outcome.ok && outcome.code === 'SEAT_STILL_COUNTED' && outcome.retryAfterMs !== undefined && context.attempt < SEAT_WAIT_RETRIES,
  },
  actions: {
    refused: assign((_, outcome: JoinOutcome) => (outcome.ok ? {} : { error: outcome.code, retryAfterMs: outcome.retryAfterMs ?? null })),
    cancelled: assign({ error: 'JOIN_CANCELLED', retryAfterMs: null, seatWaitUntil: null }),
    /** When the seat is asked for again, for the screen (the clock is the device's: provideSessionPorts). */
    markSeatWait: assign(({ context }) => ({ seatWaitUntil: context.retryAfterMs ?? 0 })),
  },
}).createMachine({
  id: 'session',
  context: {
    consents: null,
    request: null,
    ...INITIAL,
    resuming: false,
    showLastKnown: false,
    reopenAt: null,
    online: false,
  },
  on: {
    'user.consents': { actions: assign({ consents: ({ event }) => event.consents }) },
    'user.plates': { actions: assign({ request: ({ event }) => event.request }) },
    'user.resume': { actions: assign({ resuming: true, showLastKnown: ({ event }) => event.lastKnown }) },
    'user.leave': { target: '.idle', actions: assign({ ...INITIAL, resuming: false, showLastKnown: false, reopenAt: null }) },
    'hub.changed': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        if (event.kind === 'SESSION') {
          enqueue.emit({ type: 'images.sync' });
          if (context.resuming) {
            enqueue.assign({ resuming: false, showLastKnown: false });
            enqueue.emit({ type: 'wizard.resume', step: fillStep(event.ownStep) });
          }
        }
        // A whole view after a gap may hold photos the deltas would have announced.
        if (event.kind === 'PHOTO' || event.kind === 'SYNC') enqueue.emit({ type: 'images.sync' });
      }),
    },
    'hub.link': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        if (context.online && !event.online) enqueue.emit({ type: 'wizard.connectionLost' });
        enqueue.assign({ online: event.online });
        // Reopened while the link is down: the last known declaration from its first step (the
        // hub's view, when it comes, takes the driver back to the step they were on).
        if (context.showLastKnown && context.resuming && event.down) {
          enqueue.assign({ showLastKnown: false });
          enqueue.emit({ type: 'wizard.resume', step: FIRST_FILL_STEP });
        }
      }),
    },
    'hub.ended': { actions: emit({ type: 'wizard.ended' }) },
    'wizard.entered': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        if (context.reopenAt !== null && event.step === FIRST_FILL_STEP) {
          enqueue.assign({ reopenAt: null });
          enqueue.emit({ type: 'wizard.resume', step: context.reopenAt });
          return;
        }
        if (event.step >= FIRST_FILL_STEP && event.step <= LAST_FILL_STEP) enqueue.emit({ type: 'progress', step: event.step });
      }),
    },
  },
  initial: 'idle',
  states: {
    idle: { on: { 'user.connect': 'starting' } },
    failed: { on: { 'user.connect': 'starting' } },
    starting: {
      always: [
        { guard: 'hasPlates', target: 'solving', actions: assign(INITIAL) },
        { target: 'failed', actions: assign({ error: 'NO_PLATE' }) },
      ],
    },
    solving: {
      on: { 'user.cancelJoin': { target: 'failed', actions: 'cancelled' } },
      invoke: {
        src: 'captcha',
        input: ({ context }) => ({ work: context.work }),
        onDone: { target: 'joining', actions: assign({ token: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => codeOf(event.error) }) },
      },
    },
    joining: {
      // The connection machine is told to leave by the device (DeclaSession.cancelJoin), which settles the join's promise too.
      on: { 'user.cancelJoin': { target: 'failed', actions: 'cancelled' } },
      invoke: {
        src: 'join',
        input: ({ context }) => ({ request: context.token ? { ...context.request!, captcha: context.token } : context.request! }),
        onDone: [
          { guard: { type: 'joined', params: ({ event }) => event.output }, target: 'settingUp' },
          // JN8: asked again soon after an ask, the proof must be harder: one of the work the hub named is solved.
          {
            guard: { type: 'harderProof', params: ({ event }) => event.output },
            target: 'solving',
            actions: assign(({ context, event }) => ({ work: (!event.output.ok && event.output.work) || context.work, attempt: context.attempt + 1 })),
          },
          {
            guard: { type: 'seatStillCounted', params: ({ event }) => event.output },
            target: 'waitingForSeat',
            actions: [{ type: 'refused', params: ({ event }) => event.output }, assign(({ context }) => ({ attempt: context.attempt + 1 })), 'markSeatWait'],
          },
          { target: 'failed', actions: { type: 'refused', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => codeOf(event.error) }) },
      },
      // The connection machine gives a join up by itself; should it never settle, this does.
      after: { joinWait: { target: 'failed', actions: assign({ error: 'SERVER_UNREACHABLE', retryAfterMs: null }) } },
    },
    /** JN6: asked again by itself when the other device's time is up. */
    waitingForSeat: {
      on: { 'user.cancelJoin': { target: 'failed', actions: 'cancelled' } },
      after: { seatWait: { target: 'solving', actions: assign({ seatWaitUntil: null, error: null, retryAfterMs: null }) } },
    },
    settingUp: {
      invoke: {
        src: 'afterJoin',
        input: ({ context }) => ({ consents: context.consents, request: context.request! }),
        // A seat taken back (JN6) opens where its driver was, not on the first numbered step.
        onDone: { target: 'connected', actions: assign({ reopenAt: ({ event }) => (event.output > FIRST_FILL_STEP ? Math.min(LAST_FILL_STEP, event.output) : null) }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => codeOf(event.error) }) },
      },
    },
    connected: {},
  },
});

/** The session machine over the device's ports. */
export function provideSessionPorts(ports: SessionPorts) {
  return sessionMachine.provide({
    actors: {
      captcha: fromPromise(({ input }: { input: { work: number } }) => ports.captchaToken(input.work)),
      join: fromPromise(({ input }: { input: { request: PlatesConnectRequest } }) => ports.join(input.request)),
      afterJoin: fromPromise(({ input }: { input: { consents: Disclaimers | null; request: PlatesConnectRequest } }) => ports.afterJoin(input.consents, input.request)),
    },
    actions: { markSeatWait: assign(({ context }) => ({ seatWaitUntil: ports.now() + (context.retryAfterMs ?? 0) })) },
  });
}

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
