/**
 * The declaration wizard (declaration-flow §2, §4): 14 steps in fixed order, each driver with
 * their own progress. The machine owns navigation (next, back, skip, the navigation menu, the
 * preview's links back to a step) and the per-step hooks; the screens own their forms and report
 * each step's validity. Hooks reach the screens as emitted events (step.enter, step.leave,
 * step.hint, step.reset); a step's custom next action is the `customNext` actor, provided by the
 * app (the plates step connects, the contacts step checks the code, ...).
 */
import { assign, emit, enqueueActions, fromPromise, not, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { EidMode, Party } from '../../rules/constants.js';
import type { ErrorCode } from '../../rules/errors.js';
import { END_STEP, FIRST_STEP, PREVIEW_STEP, stepDefinition, type StepName } from './steps.js';

export interface StepValidity {
  readonly valid: boolean;
  /** For tabbed steps: the A and B parts separately. */
  readonly validA: boolean;
  readonly validB: boolean;
}

export interface WizardInput {
  readonly mode: EidMode;
  /** Steps whose next button runs the customNext actor. */
  readonly customNextSteps?: readonly number[];
  /** Resume at this step (after a reload), with everything before it reached. */
  readonly step?: number;
}

export interface WizardContext {
  readonly mode: EidMode;
  readonly step: number;
  /** The furthest step this device reached: every step up to it is accessible. */
  readonly furthest: number;
  readonly validity: Readonly<Record<number, StepValidity>>;
  /** The step is waiting for something (an upload, the other driver): the next button looks busy. */
  readonly waiting: boolean;
  /** Set when a step was opened from the preview: next returns there. */
  readonly returnTo: number | null;
  /** The custom next action's failure, shown on the step. */
  readonly error: ErrorCode | null;
  readonly customNextSteps: readonly number[];
  /** Counts presses of a disabled next button, so screens can react to each. */
  readonly hints: number;
}

export type WizardEvent =
  | { readonly type: 'user.next' }
  | { readonly type: 'user.back' }
  | { readonly type: 'user.skip' }
  | { readonly type: 'user.goto'; readonly step: number }
  | { readonly type: 'user.restart' }
  | { readonly type: 'step.validity'; readonly step: number; readonly validity: StepValidity }
  | { readonly type: 'step.waiting'; readonly waiting: boolean }
  | { readonly type: 'connection.lost' }
  | { readonly type: 'declaration.resumed'; readonly step: number }
  | { readonly type: 'declaration.ended' };

export type WizardEmitted =
  | { readonly type: 'step.enter'; readonly step: number; readonly name: StepName }
  | { readonly type: 'step.leave'; readonly step: number; readonly name: StepName }
  /** The disabled next button was pressed: show why, and validate everything now. */
  | { readonly type: 'step.hint'; readonly step: number; readonly name: StepName }
  /** The connection or session was lost: steps with a reset hook reset. */
  | { readonly type: 'step.reset'; readonly step: number; readonly name: StepName };

const INVALID: StepValidity = { valid: false, validA: false, validB: false };

/** The step after `step`: the demo notice is shown only in practice mode. */
export function nextStepOf(step: number, mode: EidMode): number {
  const next = Math.min(END_STEP, step + 1);
  return next === 2 && mode === 'live' ? 3 : next;
}

/** The step before `step`, or null when back is not allowed there (steps 1 to 5, the end). */
export function previousStepOf(step: number, mode: EidMode): number | null {
  if (step === END_STEP || stepDefinition(step).flags.noBack) return null;
  const prev = step - 1;
  return prev === 2 && mode === 'live' ? null : prev;
}

/**
 * May the driver jump from `from` to `to`? Through the navigation menu between reached steps 5 to
 * 13; from the preview also back to the terms (3) and the plates (4), which the preview's findings
 * link to. Never into or out of the end screen, never before the connect.
 */
export function canJump(from: number, to: number, furthest: number): boolean {
  if (from === END_STEP || to === END_STEP || to > furthest || to === from) return false;
  if (from < 5) return false;
  const target = stepDefinition(to);
  if (target.navAccess) return true;
  return from === PREVIEW_STEP && (to === 3 || to === 4);
}

const validityOf = (c: WizardContext, step: number): StepValidity => c.validity[step] ?? INVALID;

export const wizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    emitted: {} as WizardEmitted,
    input: {} as WizardInput,
  },
  actors: {
    /** The step's custom next action; resolves to continue, rejects (with `code`) to stay. */
    customNext: fromPromise<void, { step: number; name: StepName }>(async () => {}),
  },
  guards: {
    stepValid: ({ context }) => validityOf(context, context.step).valid && !context.waiting,
    hasCustomNext: ({ context }) => context.customNextSteps.includes(context.step),
    canBack: ({ context }) => previousStepOf(context.step, context.mode) !== null,
    canSkip: ({ context }) => stepDefinition(context.step).flags.skippable,
    canGoto: ({ context, event }) => event.type === 'user.goto' && canJump(context.step, event.step, context.furthest),
  },
  actions: {
    enter: emit(({ context }) => ({ type: 'step.enter' as const, step: context.step, name: stepDefinition(context.step).name })),
    leave: emit(({ context }) => ({ type: 'step.leave' as const, step: context.step, name: stepDefinition(context.step).name })),
    hint: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ hints: context.hints + 1 });
      enqueue.emit({ type: 'step.hint', step: context.step, name: stepDefinition(context.step).name });
    }),
    advance: assign(({ context }) => {
      const step = context.returnTo ?? nextStepOf(context.step, context.mode);
      return { step, furthest: Math.max(context.furthest, step), returnTo: null, error: null, waiting: false };
    }),
    goBack: assign(({ context }) => ({ step: previousStepOf(context.step, context.mode) ?? context.step, error: null, waiting: false })),
    jump: assign(({ context, event }) =>
      event.type === 'user.goto'
        ? { step: event.step, returnTo: context.step === PREVIEW_STEP ? PREVIEW_STEP : context.returnTo, error: null, waiting: false }
        : {},
    ),
    skip: assign(({ context }) => {
      const step = context.step + 1;
      return { step, furthest: Math.max(context.furthest, step), error: null };
    }),
    setValidity: assign(({ context, event }) =>
      event.type === 'step.validity' ? { validity: { ...context.validity, [event.step]: event.validity } } : {},
    ),
    setWaiting: assign(({ event }) => (event.type === 'step.waiting' ? { waiting: event.waiting } : {})),
    reset: emit(({ context }) => ({ type: 'step.reset' as const, step: context.step, name: stepDefinition(context.step).name })),
    resume: assign(({ context, event }) =>
      event.type === 'declaration.resumed'
        ? { step: event.step, furthest: Math.max(context.furthest, event.step), returnTo: null }
        : {},
    ),
    toEnd: assign(({ context }) => ({ step: END_STEP, furthest: END_STEP, returnTo: null, waiting: false, error: context.error })),
    restart: assign(({ context }) => ({
      step: FIRST_STEP,
      furthest: FIRST_STEP,
      validity: {},
      waiting: false,
      returnTo: null,
      error: null,
      hints: context.hints,
    })),
  },
}).createMachine({
  id: 'wizard',
  context: ({ input }) => {
    const step = input.step ?? FIRST_STEP;
    return {
      mode: input.mode,
      step,
      furthest: step,
      validity: {},
      waiting: false,
      returnTo: null,
      error: null,
      customNextSteps: input.customNextSteps ?? [],
      hints: 0,
    };
  },
  on: {
    'step.validity': { actions: 'setValidity' },
    'step.waiting': { actions: 'setWaiting' },
    'connection.lost': { actions: 'reset' },
    'declaration.ended': { target: '.showing', reenter: true, actions: 'toEnd' },
    'declaration.resumed': { target: '.showing', reenter: true, actions: 'resume' },
  },
  initial: 'showing',
  states: {
    showing: {
      description: 'A step is on screen.',
      entry: 'enter',
      exit: 'leave',
      on: {
        'user.next': [
          { guard: not('stepValid'), actions: 'hint' },
          { guard: 'hasCustomNext', target: 'advancing' },
          { target: 'showing', reenter: true, actions: 'advance' },
        ],
        'user.back': { guard: 'canBack', target: 'showing', reenter: true, actions: 'goBack' },
        'user.skip': { guard: 'canSkip', target: 'showing', reenter: true, actions: 'skip' },
        'user.goto': { guard: 'canGoto', target: 'showing', reenter: true, actions: 'jump' },
        'user.restart': { target: 'showing', reenter: true, actions: 'restart' },
      },
    },
    advancing: {
      description: "The step's custom next action runs (connect, check the code, submit ...).",
      tags: ['busy'],
      invoke: {
        src: 'customNext',
        input: ({ context }) => ({ step: context.step, name: stepDefinition(context.step).name }),
        onDone: { target: 'showing', actions: 'advance' },
        onError: {
          target: 'showing',
          actions: assign(({ event }) => {
            const code = (event.error as { code?: unknown } | null)?.code;
            return { error: (typeof code === 'string' ? code : 'SERVER_ERROR') as ErrorCode };
          }),
        },
      },
      on: { 'user.next': {}, 'user.back': {}, 'user.goto': {} },
    },
  },
});

export type WizardActor = ActorRefFrom<typeof wizardMachine>;
export type WizardSnapshot = SnapshotFrom<typeof wizardMachine>;

/** A step's custom next action; reject with `{ code }` to stay on the step with that error. */
export type CustomNext = (step: number, name: StepName) => Promise<void>;

export function provideWizard(customNext: CustomNext) {
  return wizardMachine.provide({
    actors: { customNext: fromPromise(({ input }: { input: { step: number; name: StepName } }) => customNext(input.step, input.name)) },
  });
}

/** Per-driver progress (declaration-flow §2): accessible steps, the active one, filled fractions. */
export interface DriverProgress {
  readonly party: Party;
  readonly accessible: readonly number[];
  readonly active: number;
  /** Filled fraction 0 to 1, by step number. */
  readonly filled: Readonly<Record<number, number>>;
}
