/**
 * The image-sync machine: keeps the device's image sets equal to the hub's photos. A sync runs
 * after (re)connecting and whenever the other driver's PHOTO change is pushed: it lists the
 * remote photos (current-fotos), removes what is gone and fetches (get-foto) what is missing,
 * adding each image as it arrives. A sync asked for while one runs is run again after it; a
 * failed sync is retried after IMAGE_SYNC_RETRY_MS.
 */
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Party } from '../../rules/constants.js';
import {
  addFetched,
  addImage,
  emptyImageSets,
  markStored,
  planImageSync,
  removeImages,
  type ImageSets,
  type LocalImage,
} from './image-sync.js';
import type { RemotePhoto } from '../../protocol/instructions.js';

export const IMAGE_SYNC_RETRY_MS = 5000;

/** API Boundary: what image sync needs from the hub. */
export interface ImageSyncPort {
  /** current-fotos */
  list(): Promise<readonly RemotePhoto[]>;
  /** get-foto: the image as a data URL. */
  get(remote: RemotePhoto): Promise<{ dataURL: string; filename: string }>;
}

export interface ImageSyncContext {
  readonly sets: ImageSets;
  /** The fetch plan of the running sync. */
  readonly toFetch: readonly RemotePhoto[];
  readonly again: boolean;
  readonly failures: number;
}

export type ImageSyncEvent =
  | { readonly type: 'sync' }
  | { readonly type: 'local.add'; readonly party: Party; readonly set: number; readonly image: LocalImage }
  | { readonly type: 'local.stored'; readonly id: string }
  | { readonly type: 'local.remove'; readonly id: string }
  | { readonly type: 'remote.fetched'; readonly remote: RemotePhoto; readonly image: { dataURL: string; filename: string } }
  | { readonly type: 'remote.done' }
  | { readonly type: 'remote.failed' };

export const imageSyncMachine = setup({
  types: {
    context: {} as ImageSyncContext,
    events: {} as ImageSyncEvent,
    input: {} as { sets?: ImageSets } | undefined,
  },
  actors: {
    list: fromPromise<readonly RemotePhoto[]>(async () => {
      throw new Error('imageSyncMachine: no ImageSyncPort provided');
    }),
    fetchAll: fromCallback<ImageSyncEvent, readonly RemotePhoto[]>(({ sendBack }) => {
      sendBack({ type: 'remote.failed' });
    }),
  },
  actions: {
    addLocal: assign(({ context, event }) =>
      event.type === 'local.add' ? { sets: addImage(context.sets, event.party, event.set, event.image) } : {},
    ),
    markLocalStored: assign(({ context, event }) => (event.type === 'local.stored' ? { sets: markStored(context.sets, event.id) } : {})),
    removeLocal: assign(({ context, event }) =>
      event.type === 'local.remove' ? { sets: removeImages(context.sets, new Set([event.id])) } : {},
    ),
    noteAgain: assign({ again: true }),
  },
  guards: {
    again: ({ context }) => context.again,
  },
  delays: {
    retry: ({ context }) => IMAGE_SYNC_RETRY_MS * Math.min(8, 2 ** Math.max(0, context.failures - 1)),
  },
}).createMachine({
  id: 'imageSync',
  context: ({ input }) => ({ sets: input?.sets ?? emptyImageSets(), toFetch: [], again: false, failures: 0 }),
  initial: 'idle',
  on: {
    'local.add': { actions: 'addLocal' },
    'local.stored': { actions: 'markLocalStored' },
    'local.remove': { actions: 'removeLocal' },
  },
  states: {
    idle: {
      on: { sync: 'listing' },
    },
    listing: {
      tags: ['syncing'],
      entry: assign({ again: false }),
      on: { sync: { actions: 'noteAgain' } },
      invoke: {
        src: 'list',
        onDone: {
          target: 'fetching',
          actions: assign(({ context, event }) => {
            const plan = planImageSync(context.sets, event.output);
            return { sets: removeImages(context.sets, new Set(plan.remove)), toFetch: plan.fetch };
          }),
        },
        onError: 'failed',
      },
    },
    fetching: {
      tags: ['syncing'],
      on: {
        sync: { actions: 'noteAgain' },
        'remote.fetched': {
          actions: assign(({ context, event }) => ({ sets: addFetched(context.sets, event.remote, event.image) })),
        },
        'remote.done': [
          { guard: 'again', target: 'listing', actions: assign({ toFetch: [], failures: 0 }) },
          { target: 'idle', actions: assign({ toFetch: [], failures: 0 }) },
        ],
        'remote.failed': 'failed',
      },
      invoke: { src: 'fetchAll', input: ({ context }) => context.toFetch },
    },
    failed: {
      description: 'The last sync failed; it is tried again after a while, or at the next push.',
      entry: assign(({ context }) => ({ failures: context.failures + 1, toFetch: [] })),
      on: { sync: 'listing' },
      after: { retry: 'listing' },
    },
  },
});

export type ImageSyncActor = ActorRefFrom<typeof imageSyncMachine>;
export type ImageSyncSnapshot = SnapshotFrom<typeof imageSyncMachine>;

export function provideImageSyncPorts(port: ImageSyncPort) {
  return imageSyncMachine.provide({
    actors: {
      list: fromPromise(() => port.list()),
      fetchAll: fromCallback<ImageSyncEvent, readonly RemotePhoto[]>(({ sendBack, input }) => {
        let stopped = false;
        void (async () => {
          for (const remote of input) {
            if (stopped) return;
            let image: { dataURL: string; filename: string };
            try {
              image = await port.get(remote);
            } catch {
              if (!stopped) sendBack({ type: 'remote.failed' });
              return;
            }
            if (!stopped) sendBack({ type: 'remote.fetched', remote, image });
          }
          if (!stopped) sendBack({ type: 'remote.done' });
        })();
        return () => {
          stopped = true;
        };
      }),
    },
  });
}
