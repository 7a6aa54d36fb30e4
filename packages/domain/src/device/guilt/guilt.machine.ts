/**
 * The guilty-party choice on the signatures step (declaration-flow §4 "Guilt"): each driver
 * chooses A, B or BOTH; equal choices resolve it, differing ones are a conflict and both choose
 * again. The machine follows the declaration's guilt state (its own saves and the other driver's
 * pushed changes) and says what the screen shows: choose, waiting for the other, conflict, agreed.
 */
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Party } from '../../rules/constants.js';
import type { ErrorCode } from '../../rules/errors.js';
import type { GuiltyChoice } from '../../declaration/entities.js';
import type { GuiltStateView } from '../../declaration/view.js';

/** API Boundary: what the guilt choice needs from the hub (the `guilty` instruction). */
export interface GuiltPort {
  set(party: Party, choice: GuiltyChoice): Promise<GuiltStateView>;
  reset(party: Party): Promise<GuiltStateView>;
  /**
   * The declaration's guilt as the device knows it (the one source the screens read too): calls
   * `onGuilt` with each new state; returns the unsubscribe. Without it, nothing changes by itself.
   */
  watch?(onGuilt: (guilt: GuiltStateView) => void): () => void;
}

export interface GuiltInput {
  /** The parties this device chooses for: its own, or both when one device fills for both. */
  readonly parties: readonly Party[];
  readonly guilt: GuiltStateView;
}

export interface GuiltContext {
  readonly parties: readonly Party[];
  readonly guilt: GuiltStateView;
  readonly error: ErrorCode | null;
  /** Set when a conflict happened: the screen says the choices differed. */
  readonly hadConflict: boolean;
}

export type GuiltEvent =
  | { readonly type: 'user.choose'; readonly choice: GuiltyChoice; readonly party?: Party }
  | { readonly type: 'user.reset'; readonly party?: Party }
  | { readonly type: 'peer.guilt'; readonly guilt: GuiltStateView };

const chosen = (g: GuiltStateView, p: Party): boolean => (p === 'A' ? g.achosen : g.bchosen);

export const guiltMachine = setup({
  types: {
    context: {} as GuiltContext,
    events: {} as GuiltEvent,
    input: {} as GuiltInput,
  },
  actors: {
    setGuilt: fromPromise<GuiltStateView, { party: Party; choice: GuiltyChoice }>(async () => {
      throw new Error('guiltMachine: no GuiltPort provided');
    }),
    resetGuilt: fromPromise<GuiltStateView, { party: Party }>(async () => {
      throw new Error('guiltMachine: no GuiltPort provided');
    }),
    /** The declaration's guilt changing (the other driver's choice), sent back as peer.guilt. */
    watchGuilt: fromCallback<GuiltEvent>(() => () => undefined),
  },
  guards: {
    isResolved: ({ context }) => context.guilt.status === 'RESOLVED',
    isConflict: ({ context }) => context.guilt.status === 'CONFLICT' && !context.parties.every((p) => chosen(context.guilt, p)),
    ownChosen: ({ context }) => context.parties.every((p) => chosen(context.guilt, p)),
    mayChoose: ({ context, event }) =>
      (event.type === 'user.choose' || event.type === 'user.reset') && context.parties.includes(event.party ?? context.parties[0]!),
  },
  actions: {
    takeGuilt: assign(({ context, event }) =>
      event.type === 'peer.guilt'
        ? { guilt: event.guilt, hadConflict: context.hadConflict || event.guilt.status === 'CONFLICT' }
        : {},
    ),
  },
}).createMachine({
  id: 'guilt',
  context: ({ input }) => ({ parties: input.parties, guilt: input.guilt, error: null, hadConflict: input.guilt.status === 'CONFLICT' }),
  initial: 'deciding',
  invoke: { src: 'watchGuilt' },
  on: { 'peer.guilt': { target: '.deciding', actions: 'takeGuilt' } },
  states: {
    deciding: {
      always: [
        { guard: 'isResolved', target: 'resolved' },
        { guard: 'isConflict', target: 'conflict' },
        { guard: 'ownChosen', target: 'waiting' },
        { target: 'choosing' },
      ],
    },
    choosing: {
      description: 'The driver has not chosen the guilty party yet.',
      tags: ['mustChoose'],
      on: { 'user.choose': { guard: 'mayChoose', target: 'saving' }, 'user.reset': { guard: 'mayChoose', target: 'resetting' } },
    },
    conflict: {
      description: 'The two drivers chose differently: both must choose again.',
      tags: ['mustChoose'],
      on: { 'user.choose': { guard: 'mayChoose', target: 'saving' } },
    },
    waiting: {
      description: 'Chosen; waiting for the other driver to choose.',
      on: { 'user.choose': { guard: 'mayChoose', target: 'saving' }, 'user.reset': { guard: 'mayChoose', target: 'resetting' } },
    },
    resolved: {
      description: 'Both chose the same guilty party.',
      on: { 'user.reset': { guard: 'mayChoose', target: 'resetting' } },
    },
    saving: {
      tags: ['busy'],
      // A peer change while saving is applied when the save answers (its answer is newer).
      on: { 'peer.guilt': { actions: 'takeGuilt' } },
      invoke: {
        src: 'setGuilt',
        input: ({ context, event }) => {
          const e = event as Extract<GuiltEvent, { type: 'user.choose' }>;
          return { party: e.party ?? context.parties[0]!, choice: e.choice };
        },
        onDone: {
          target: 'deciding',
          actions: assign(({ context, event }) => ({
            guilt: event.output,
            error: null,
            hadConflict: context.hadConflict || event.output.status === 'CONFLICT',
          })),
        },
        onError: { target: 'deciding', actions: assign({ error: 'GUILT_SET_FAILED' }) },
      },
    },
    resetting: {
      tags: ['busy'],
      on: { 'peer.guilt': { actions: 'takeGuilt' } },
      invoke: {
        src: 'resetGuilt',
        input: ({ context, event }) => ({ party: (event as Extract<GuiltEvent, { type: 'user.reset' }>).party ?? context.parties[0]! }),
        onDone: {
          target: 'deciding',
          actions: assign(({ context, event }) => ({
            guilt: event.output,
            error: null,
            hadConflict: context.hadConflict || event.output.status === 'CONFLICT',
          })),
        },
        onError: { target: 'deciding', actions: assign({ error: 'GUILT_RESET_FAILED' }) },
      },
    },
  },
});

export type GuiltActor = ActorRefFrom<typeof guiltMachine>;
export type GuiltSnapshot = SnapshotFrom<typeof guiltMachine>;

export function provideGuiltPorts(port: GuiltPort) {
  return guiltMachine.provide({
    actors: {
      setGuilt: fromPromise(({ input }: { input: { party: Party; choice: GuiltyChoice } }) => port.set(input.party, input.choice)),
      resetGuilt: fromPromise(({ input }: { input: { party: Party } }) => port.reset(input.party)),
      watchGuilt: fromCallback<GuiltEvent>(({ sendBack }) => port.watch?.((guilt) => sendBack({ type: 'peer.guilt', guilt })) ?? (() => undefined)),
    },
  });
}
