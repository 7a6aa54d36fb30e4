/**
 * The captcha token (declaration-flow §7): requested with an action name (default "submit") and
 * given up with ERR_TIMEOUT after 10 s. The device solves a proof-of-work challenge through its
 * CaptchaSolverPort; when the time is up, the solver is told to stop and the wizard offers the
 * captcha dialog, where the driver solves it by hand.
 */
import { assign, createActor, fromPromise, setup, type AnyActorRef } from 'xstate';

/** XState's clock (setTimeout and clearTimeout): the real one, or a simulated one in tests. */
type Clock = NonNullable<Parameters<typeof createActor>[1]> extends { clock?: infer C } ? C : never;
import { CAPTCHA_DEFAULT_ACTION, CAPTCHA_TIMEOUT_MS } from '../../rules/constants.js';
import type { ErrorCode } from '../../rules/errors.js';
import type { CaptchaSolverPort } from '../../ports/captcha.port.js';

/** The actions a captcha token is asked for (declaration-flow §7: default "submit"). */

export interface CaptchaContext {
  readonly action: string;
  /** How many times the normal work the challenge asks (JN8: a join asked again soon); 1 otherwise. */
  readonly work: number;
  readonly token: string | null;
  readonly error: ErrorCode | null;
}

export const captchaMachine = setup({
  types: { context: {} as CaptchaContext, input: {} as { action?: string; work?: number }, output: {} as { token: string | null; error: ErrorCode | null } },
  actors: {
    solve: fromPromise<string, { action: string; work: number }>(async () => {
      throw new Error('captchaMachine: no CaptchaSolverPort provided');
    }),
  },
  // A proof of more work is given that many times the time (JN8); the normal one CAPTCHA_TIMEOUT_MS.
  delays: { timeout: ({ context }) => CAPTCHA_TIMEOUT_MS * context.work },
}).createMachine({
  id: 'captcha',
  context: ({ input }) => ({ action: input.action ?? CAPTCHA_DEFAULT_ACTION, work: Math.max(1, Math.floor(input.work ?? 1)), token: null, error: null }),
  initial: 'solving',
  states: {
    solving: {
      invoke: {
        src: 'solve',
        input: ({ context }) => ({ action: context.action, work: context.work }),
        onDone: { target: 'solved', actions: assign({ token: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: 'CAPTCHA_INVALID' as ErrorCode }) },
      },
      // Leaving the state stops the invoked solver, which aborts its signal.
      after: { timeout: { target: 'failed', actions: assign({ error: 'ERR_TIMEOUT' as ErrorCode }) } },
    },
    solved: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }) => ({ token: context.token, error: context.error }),
});

export function provideCaptchaSolver(solver: CaptchaSolverPort) {
  return captchaMachine.provide({
    actors: { solve: fromPromise<string, { action: string; work: number }>(({ input, signal }) => solver.solve(input.action, signal, input.work)) },
  });
}

/**
 * A token for `action`, or a rejection with `{ code }` (ERR_TIMEOUT after 10 s, CAPTCHA_INVALID when
 * the challenge could not be fetched or solved). `clock` is XState's (a simulated one in tests).
 */
export function requestCaptchaToken(solver: CaptchaSolverPort, options: { action?: string; work?: number; clock?: Clock } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const actor: AnyActorRef = createActor(provideCaptchaSolver(solver), {
      input: { action: options.action, work: options.work },
      ...(options.clock ? { clock: options.clock } : {}),
    });
    actor.subscribe({
      complete: () => {
        const out = actor.getSnapshot().output as { token: string | null; error: ErrorCode | null };
        if (out.token) resolve(out.token);
        else reject(Object.assign(new Error(out.error ?? 'CAPTCHA_INVALID'), { code: out.error ?? 'CAPTCHA_INVALID' }));
      },
    });
    actor.start();
  });
}
