/**
 * The submit dialog (declaration-flow §4): ready (waiting for the other user), validating,
 * submitting, success, fail, error. A driver's submit is validated (validate-t2), sent
 * (submit-eid) and then followed through the declaration's submit state as the hub pushes it:
 * waiting for the other driver, waiting for the queue's answer, and the end. Every submit call
 * ends in one of the unified results OK, ERROR or TIMEDOUT.
 *
 * Two guards watch the time: the long-fill guard when this driver has submitted and the other
 * has not for LONG_FILL_GUARD_MS (offer to withdraw the submit and correct the data, or go on
 * waiting), and the long-submit guard when the queue's answer takes LONG_SUBMIT_MS (offer to
 * close the dialog or to inform the administrator).
 */
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Party } from '../../rules/constants.js';
import type { ErrorCode } from '../../rules/errors.js';
import type { InvalidDesc } from '../../declaration/entities.js';
import type { PreviewFinding } from '../../declaration/preview.js';
import type { SubmitResult, SubmitStatus } from '../../declaration/submit.js';

/** A submit call without an answer for this long is TIMEDOUT (not in the spec: chosen). */
export const SUBMIT_TIMEOUT_MS = 30_000;
/** The other driver has not submitted for this long after this one did: the long-fill guard. */
export const LONG_FILL_GUARD_MS = 5 * 60_000;
/** The queue's answer takes this long: the long-submit dialog (cancel or inform the administrator). */
export const LONG_SUBMIT_MS = 60_000;

/** API Boundary: what submitting needs from the hub. */
export interface SubmitPort {
  /** validate-t2: the findings that stop a submit. */
  validate(): Promise<readonly PreviewFinding[]>;
  /** submit-eid (and, in practice mode, demo-done): the status after it. */
  submit(): Promise<SubmitStatus>;
  /** Withdraws this device's submit (the long-fill guard's "correct my data"). */
  withdraw(): Promise<SubmitStatus>;
  /** Tells the administrator that a submit is taking long. */
  informAdmin(): Promise<void>;
  /**
   * The declaration's submit state as the device knows it (the one source the screens read too):
   * calls `onStatus` with each new state; returns the unsubscribe.
   */
  watch?(onStatus: (status: SubmitStatus) => void): () => void;
}

export interface SubmitInput {
  /** The parties this device submits for. */
  readonly parties: readonly Party[];
  readonly status: SubmitStatus | null;
}

export interface SubmitContext {
  readonly parties: readonly Party[];
  readonly status: SubmitStatus | null;
  readonly findings: readonly PreviewFinding[];
  readonly invalidDesc: readonly InvalidDesc[];
  readonly result: SubmitResult | null;
  readonly error: ErrorCode | null;
  readonly adminInformed: boolean;
}

export type SubmitEvent =
  | { readonly type: 'user.submit' }
  | { readonly type: 'user.withdraw' }
  | { readonly type: 'user.keepWaiting' }
  | { readonly type: 'user.informAdmin' }
  | { readonly type: 'user.close' }
  | { readonly type: 'peer.status'; readonly status: SubmitStatus };

/** Which dialog state a submit status means for a device submitting for `parties`. */
export function dialogStateOf(status: SubmitStatus, parties: readonly Party[]): 'idle' | 'ready' | 'waiting' | 'success' | 'fail' | 'error' {
  switch (status.stateEID) {
    case 'SUCCESS':
      return 'success';
    case 'FAIL':
      return 'fail';
    case 'SUBMITTING':
    case 'WAITING':
      return 'waiting';
    case 'ERROR':
      return 'error';
    case 'READY': {
      const own = parties.every((p) => (p === 'A' ? status.stateA : status.stateB) === 'SUBMITTED');
      return own ? 'ready' : 'idle';
    }
  }
}

const codeOf = (error: unknown): ErrorCode => {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' ? code : 'SERVER_ERROR') as ErrorCode;
};

const routes = [
  { guard: 'isSuccess', target: '#submit.success' },
  { guard: 'isFail', target: '#submit.fail' },
  { guard: 'isError', target: '#submit.error' },
  { guard: 'isWaiting', target: '#submit.waiting' },
  { guard: 'isReady', target: '#submit.ready' },
] as const;

export const submitMachine = setup({
  types: {
    context: {} as SubmitContext,
    events: {} as SubmitEvent,
    input: {} as SubmitInput,
  },
  actors: {
    validate: fromPromise<readonly PreviewFinding[]>(async () => {
      throw new Error('submitMachine: no SubmitPort provided');
    }),
    submit: fromPromise<SubmitStatus>(async () => {
      throw new Error('submitMachine: no SubmitPort provided');
    }),
    withdraw: fromPromise<SubmitStatus>(async () => {
      throw new Error('submitMachine: no SubmitPort provided');
    }),
    informAdmin: fromPromise<void>(async () => {
      throw new Error('submitMachine: no SubmitPort provided');
    }),
    /** The declaration's submit state changing (the other driver's submit, the queue's answer), sent back as peer.status. */
    watchStatus: fromCallback<SubmitEvent>(() => () => undefined),
  },
  guards: {
    isSuccess: ({ context }) => context.status !== null && dialogStateOf(context.status, context.parties) === 'success',
    isFail: ({ context }) => context.status !== null && dialogStateOf(context.status, context.parties) === 'fail',
    isError: ({ context }) => context.status !== null && dialogStateOf(context.status, context.parties) === 'error',
    isWaiting: ({ context }) => context.status !== null && dialogStateOf(context.status, context.parties) === 'waiting',
    isReady: ({ context }) => context.status !== null && dialogStateOf(context.status, context.parties) === 'ready',
  },
  actions: {
    takeStatus: assign(({ event }) =>
      event.type === 'peer.status' ? { status: event.status, invalidDesc: event.status.invalidDesc } : {},
    ),
  },
  delays: {
    submitTimeout: SUBMIT_TIMEOUT_MS,
    longFill: LONG_FILL_GUARD_MS,
    longSubmit: LONG_SUBMIT_MS,
  },
}).createMachine({
  id: 'submit',
  context: ({ input }) => ({
    parties: input.parties,
    status: input.status,
    findings: [],
    invalidDesc: input.status?.invalidDesc ?? [],
    result: null,
    error: null,
    adminInformed: false,
  }),
  initial: 'routing',
  invoke: { src: 'watchStatus' },
  states: {
    routing: {
      always: [...routes, { target: 'idle' }],
    },
    idle: {
      description: 'The dialog is closed: this device has not submitted.',
      on: {
        'user.submit': 'validating',
        'peer.status': { target: 'routing', actions: 'takeStatus' },
      },
    },
    validating: {
      description: 'The final validation (validate-t2) runs.',
      tags: ['busy'],
      invoke: {
        src: 'validate',
        onDone: [
          {
            guard: ({ event }) => event.output.length > 0,
            target: 'error',
            actions: assign(({ event }) => ({ findings: event.output, result: 'ERROR' as const, error: null })),
          },
          { target: 'submitting', actions: assign({ findings: [] }) },
        ],
        onError: { target: 'error', actions: assign(({ event }) => ({ result: 'ERROR' as const, error: codeOf(event.error) })) },
      },
      after: { submitTimeout: { target: 'error', actions: assign({ result: 'TIMEDOUT' as const, error: 'ERR_TIMEOUT' as ErrorCode }) } },
    },
    submitting: {
      description: 'submit-eid sent; waiting for its answer.',
      tags: ['busy'],
      on: { 'peer.status': { actions: 'takeStatus' } },
      invoke: {
        src: 'submit',
        onDone: {
          target: 'routing',
          actions: assign(({ event }) => ({ status: event.output, invalidDesc: event.output.invalidDesc, result: 'OK' as const, error: null })),
        },
        onError: { target: 'error', actions: assign(({ event }) => ({ result: 'ERROR' as const, error: codeOf(event.error) })) },
      },
      after: { submitTimeout: { target: 'error', actions: assign({ result: 'TIMEDOUT' as const, error: 'ERR_TIMEOUT' as ErrorCode }) } },
    },
    ready: {
      description: 'This driver submitted; waiting for the other driver to submit.',
      on: { 'peer.status': { target: 'routing', actions: 'takeStatus' } },
      initial: 'patient',
      states: {
        patient: { after: { longFill: 'long' } },
        long: {
          description: 'The long-fill guard: the other driver has not submitted for long.',
          tags: ['longFill'],
          on: {
            'user.keepWaiting': 'patient',
            'user.withdraw': '#submit.withdrawing',
          },
        },
      },
    },
    withdrawing: {
      tags: ['busy'],
      invoke: {
        src: 'withdraw',
        onDone: { target: 'routing', actions: assign(({ event }) => ({ status: event.output })) },
        onError: { target: 'ready', actions: assign(({ event }) => ({ error: codeOf(event.error) })) },
      },
    },
    waiting: {
      description: 'Both submitted: waiting for the message queue to answer.',
      on: { 'peer.status': { target: 'routing', actions: 'takeStatus' } },
      initial: 'patient',
      states: {
        patient: { after: { longSubmit: 'long' } },
        long: {
          description: 'The long-submit dialog: cancel (close the dialog) or inform the administrator.',
          tags: ['longSubmit'],
          on: {
            'user.close': '#submit.closedWhileWaiting',
            'user.informAdmin': 'informing',
          },
        },
        informing: {
          tags: ['longSubmit', 'busy'],
          invoke: {
            src: 'informAdmin',
            onDone: { target: 'long', actions: assign({ adminInformed: true }) },
            onError: { target: 'long' },
          },
        },
      },
    },
    closedWhileWaiting: {
      description: 'The driver closed the long-submit dialog; the queue answer still ends the declaration.',
      on: { 'peer.status': { target: 'routing', actions: 'takeStatus' }, 'user.submit': 'waiting' },
    },
    success: { description: 'The declaration was sent.', tags: ['done'] },
    fail: { description: 'The back end said the declaration failed.', tags: ['done'] },
    error: {
      description: 'The submit was refused (invalid data) or failed (ERROR, TIMEDOUT); the driver may fix and retry.',
      on: {
        'user.submit': 'validating',
        'user.close': 'idle',
        'peer.status': { target: 'routing', actions: 'takeStatus' },
      },
    },
  },
});

export type SubmitActor = ActorRefFrom<typeof submitMachine>;
export type SubmitSnapshot = SnapshotFrom<typeof submitMachine>;

export function provideSubmitPorts(port: SubmitPort) {
  return submitMachine.provide({
    actors: {
      validate: fromPromise(() => port.validate()),
      submit: fromPromise(() => port.submit()),
      withdraw: fromPromise(() => port.withdraw()),
      informAdmin: fromPromise(() => port.informAdmin()),
      watchStatus: fromCallback<SubmitEvent>(({ sendBack }) => port.watch?.((status) => sendBack({ type: 'peer.status', status })) ?? (() => undefined)),
    },
  });
}
