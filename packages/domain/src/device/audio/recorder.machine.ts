/**
 * The audio recorder of the damages and circumstances steps (declaration-flow §4 "Audio recorder:
 * error, ready, recording, paused"). A note is recorded, paused and resumed, and on stop saved
 * (uploaded and attached to the declaration); a note longer than AUDIO_MAX_MS stops by itself.
 * The microphone is asked for on the first recording only.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ErrorCode } from '../../rules/errors.js';

/** The longest note (not in the spec: three minutes say what happened; the file stays small). */
export const AUDIO_MAX_MS = 3 * 60_000;

export interface Recording {
  readonly bytes: Uint8Array;
  readonly contentType: string;
}

/** API Boundary: the device's microphone. */
export interface RecorderPort {
  /** Asks for the microphone; rejects when it is refused or absent. */
  open(): Promise<void>;
  start(): void;
  pause(): void;
  resume(): void;
  stop(): Promise<Recording>;
}

export interface RecorderContext {
  readonly error: ErrorCode | null;
  /** Id of the last saved note. */
  readonly savedId: string | null;
  readonly opened: boolean;
}

export type RecorderEvent =
  | { readonly type: 'user.record' }
  | { readonly type: 'user.pause' }
  | { readonly type: 'user.resume' }
  | { readonly type: 'user.stop' };

export const recorderMachine = setup({
  types: { context: {} as RecorderContext, events: {} as RecorderEvent },
  actors: {
    openMic: fromPromise<void>(async () => {
      throw new Error('recorderMachine: no RecorderPort provided');
    }),
    saveNote: fromPromise<string>(async () => {
      throw new Error('recorderMachine: no RecorderPort provided');
    }),
  },
  actions: {
    start: () => {},
    pause: () => {},
    resume: () => {},
  },
  delays: { maxLength: AUDIO_MAX_MS },
}).createMachine({
  id: 'recorder',
  context: { error: null, savedId: null, opened: false },
  initial: 'ready',
  states: {
    ready: {
      description: 'Nothing is being recorded; a note may be recorded (again).',
      on: { 'user.record': [{ guard: ({ context }) => context.opened, target: 'recording', actions: 'start' }, { target: 'opening' }] },
    },
    opening: {
      tags: ['busy'],
      invoke: {
        src: 'openMic',
        onDone: { target: 'recording', actions: [assign({ opened: true }), 'start'] },
        onError: { target: 'error', actions: assign({ error: 'MICROPHONE_UNAVAILABLE' as ErrorCode }) },
      },
    },
    recording: {
      entry: assign({ error: null }),
      on: { 'user.pause': { target: 'paused', actions: 'pause' }, 'user.stop': 'saving' },
      after: { maxLength: 'saving' },
    },
    paused: {
      on: { 'user.resume': { target: 'recording', actions: 'resume' }, 'user.stop': 'saving' },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveNote',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ savedId: event.output, error: null })) },
        onError: { target: 'error', actions: assign({ error: 'AUDIO_SAVE_FAILED' as ErrorCode }) },
      },
    },
    error: {
      description: 'The microphone is unavailable or the note could not be saved; recording may be tried again.',
      on: { 'user.record': [{ guard: ({ context }) => context.opened, target: 'recording', actions: 'start' }, { target: 'opening' }] },
    },
  },
});

export type RecorderActor = ActorRefFrom<typeof recorderMachine>;
export type RecorderSnapshot = SnapshotFrom<typeof recorderMachine>;

/** The recorder on a microphone, saving each note with `save` (upload + attach); resolves its id. */
export function provideRecorderPorts(mic: RecorderPort, save: (recording: Recording) => Promise<string>) {
  return recorderMachine.provide({
    actors: {
      openMic: fromPromise(() => mic.open()),
      saveNote: fromPromise(async () => save(await mic.stop())),
    },
    actions: {
      start: () => mic.start(),
      pause: () => mic.pause(),
      resume: () => mic.resume(),
    },
  });
}
