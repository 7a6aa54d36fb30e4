/**
 * A self-retrying loader (app-shell §4 step 3, §7): runs its task once at start-up and, while it
 * fails, again after a doubling delay (tag manager from 1256 ms, captcha loader from 1000 ms,
 * analytics from 256 ms) until the next delay would exceed 172800000 ms; then it gives up. Each
 * failure is reported for the server log.
 */
import { assign, fromPromise, setup } from 'xstate';
import { BACKOFF_CAP_MS } from '../rules/constants.js';

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export interface LoaderContext {
  readonly name: string;
  /** The delay before the next try. */
  readonly delayMs: number;
  readonly capMs: number;
  /** Tries made so far. */
  readonly tries: number;
  readonly lastError: string | null;
}

export interface LoaderInput {
  readonly name: string;
  readonly startMs: number;
  readonly capMs?: number;
}

export const loaderMachine = setup({
  types: { context: {} as LoaderContext, input: {} as LoaderInput },
  actors: {
    load: fromPromise<void, { name: string; tries: number }>(async () => {
      throw new Error('loaderMachine: provide its task with provideLoader');
    }),
  },
  actions: {
    remember: assign({ lastError: (_, params: { error: unknown }) => errorText(params.error) }),
    report: (_, _params: { name: string; tries: number; error: string; willRetry: boolean }) => {},
  },
  delays: { backoff: ({ context }) => context.delayMs },
  guards: { withinCap: ({ context }) => context.delayMs <= context.capMs },
}).createMachine({
  id: 'loader',
  context: ({ input }) => ({ name: input.name, delayMs: input.startMs, capMs: input.capMs ?? BACKOFF_CAP_MS, tries: 0, lastError: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ tries: ({ context }) => context.tries + 1 }),
      invoke: {
        src: 'load',
        input: ({ context }) => ({ name: context.name, tries: context.tries }),
        onDone: 'loaded',
        onError: [
          // The delay to wait doubles after each wait; once it exceeds the cap the loader gives up.
          { guard: 'withinCap', target: 'waiting', actions: [{ type: 'remember', params: ({ event }) => ({ error: event.error }) }, { type: 'report', params: ({ context, event }) => ({ name: context.name, tries: context.tries, error: errorText(event.error), willRetry: true }) }] },
          { target: 'gaveUp', actions: [{ type: 'remember', params: ({ event }) => ({ error: event.error }) }, { type: 'report', params: ({ context, event }) => ({ name: context.name, tries: context.tries, error: errorText(event.error), willRetry: false }) }] },
        ],
      },
    },
    waiting: {
      after: { backoff: { target: 'loading', actions: assign({ delayMs: ({ context }) => context.delayMs * 2 }) } },
    },
    loaded: { type: 'final' },
    gaveUp: { type: 'final' },
  },
});

/** The loader with its task and a reporter of failures. */
export function provideLoader(task: () => Promise<void>, report: (failure: { name: string; tries: number; error: string; willRetry: boolean }) => void) {
  return loaderMachine.provide({
    actors: { load: fromPromise<void, { name: string; tries: number }>(() => task()) },
    actions: { report: (_, params) => report(params) },
  });
}
