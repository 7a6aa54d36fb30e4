/**
 * The application's start-up (app-shell §4): up to 3 attempts to load the maps parameter and set up
 * push messaging; a failure of either is retried at once, and after the third the page shows its
 * failure text and a retry button. The retry button waits 1000 ms plus a random 0-1000 ms and
 * resumes at attempt 2. Push set-up that fails is tried again after 256 ms before the attempt
 * counts as failed. Main content appears only once start-up is done (the backend-ready flag).
 * All waiting goes through XState's clock, so tests run it on a simulated one.
 */
import { assign, fromPromise, setup } from 'xstate';
import { PUSH_RETRY_MS, STARTUP_ATTEMPTS, STARTUP_RETRY_BASE_MS, STARTUP_RETRY_RESUME_ATTEMPT } from '../rules/constants.js';
import { startupRetryDelay } from '../rules/shell.js';
import type { IdPort } from '../ports/id.port.js';

/** What start-up needs from the world. */
export interface StartupPort {
  /** GET {backend}/parametrai/maps: the maps key (may be empty: maps off). Rejects on failure. */
  loadMapsKey(): Promise<string>;
  /** Sets up push messaging. Rejects on failure. */
  setupPush(): Promise<void>;
  /** A start-up failure for the server log (app-shell §8). */
  report(failure: StartupFailure): void;
}

export type StartupFailure =
  | { readonly kind: 'maps'; readonly attempt: number; readonly error: string }
  | { readonly kind: 'push'; readonly attempt: number; readonly willRetry: boolean; readonly error: string };

/** The page-load info state of app-shell §4: failure text and retry button shown only in `error`. */
export type PageLoadInfo = 'initial' | 'loading' | 'error';

export interface StartupContext {
  /** The attempt in progress or last made, 1-based. */
  readonly attempt: number;
  readonly mapsKey: string | null;
  /** Whether the retry button was used (the info state is `loading` rather than `initial`). */
  readonly retried: boolean;
}

export type StartupEvent = { type: 'user.retry' };

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export const startupMachine = setup({
  types: {
    context: {} as StartupContext,
    events: {} as StartupEvent,
  },
  actors: {
    /** Both set-ups of one attempt; rejects when either fails. */
    attempt: fromPromise<string, { attempt: number }>(async () => {
      throw new Error('startupMachine: provide its ports with provideStartupPorts');
    }),
  },
  delays: {
    // Replaced by provideStartupPorts with 1000 ms plus the random part.
    retryDelay: STARTUP_RETRY_BASE_MS,
  },
  guards: {
    attemptsLeft: ({ context }) => context.attempt < STARTUP_ATTEMPTS,
  },
}).createMachine({
  id: 'startup',
  context: () => ({ attempt: 1, mapsKey: null, retried: false }),
  initial: 'starting',
  states: {
    starting: {
      invoke: {
        src: 'attempt',
        input: ({ context }) => ({ attempt: context.attempt }),
        onDone: { target: 'ready', actions: assign({ mapsKey: ({ event }) => event.output }) },
        onError: [
          { guard: 'attemptsLeft', target: 'starting', reenter: true, actions: assign({ attempt: ({ context }) => context.attempt + 1 }) },
          { target: 'failed' },
        ],
      },
    },
    failed: {
      on: { 'user.retry': { target: 'waiting', actions: assign({ retried: true }) } },
    },
    waiting: {
      after: { retryDelay: { target: 'starting', actions: assign({ attempt: STARTUP_RETRY_RESUME_ATTEMPT }) } },
    },
    ready: { type: 'final' },
  },
});

/** The page-load info state for a snapshot of the start-up machine. */
export function pageLoadInfo(snapshot: { value: unknown; context: StartupContext }): PageLoadInfo {
  if (snapshot.value === 'failed') return 'error';
  return snapshot.context.retried ? 'loading' : 'initial';
}

/** Waits `ms` on the given timer (XState's clock in the machine; the window's in the app). */
export type Sleep = (ms: number) => Promise<void>;

/**
 * The start-up machine wired to its ports. `sleep` serves the 256 ms push retry; the retry
 * button's random wait is drawn from `random` each time.
 */
export function provideStartupPorts(port: StartupPort, random: Pick<IdPort, 'random'>, sleep: Sleep) {
  return startupMachine.provide({
    actors: {
      attempt: fromPromise<string, { attempt: number }>(async ({ input }) => {
        const maps = port.loadMapsKey().catch((error: unknown) => {
          port.report({ kind: 'maps', attempt: input.attempt, error: errorText(error) });
          throw error;
        });
        const push = (async () => {
          try {
            await port.setupPush();
          } catch (first) {
            port.report({ kind: 'push', attempt: input.attempt, willRetry: true, error: errorText(first) });
            await sleep(PUSH_RETRY_MS);
            try {
              await port.setupPush();
            } catch (second) {
              port.report({ kind: 'push', attempt: input.attempt, willRetry: false, error: errorText(second) });
              throw second;
            }
          }
        })();
        const [mapsKey] = await Promise.all([maps, push]);
        return mapsKey;
      }),
    },
    delays: { retryDelay: () => startupRetryDelay(random) },
  });
}
