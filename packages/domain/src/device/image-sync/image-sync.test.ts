import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import {
  addFetched,
  addImage,
  emptyImageSets,
  planImageSync,
  removeImages,
  upsertImage,
  type ImageSets,
  type LocalImage,
} from './image-sync.js';
import type { RemotePhoto } from '../../protocol/instructions.js';
import { IMAGE_SYNC_RETRY_MS, provideImageSyncPorts, type ImageSyncPort } from './image-sync.machine.js';

const img = (id: string, inDMZ = true): LocalImage => ({ id, dataURL: `data:image/jpeg;base64,${id}`, filename: `${id}.jpg`, inDMZ });
const ids = (sets: ImageSets) => ({ A: sets.A.map((l) => l.map((i) => i.id)), B: sets.B.map((l) => l.map((i) => i.id)) });

describe('image sync rules', () => {
  it('[IS1] images in state that are absent from the remote list are removed (only those already stored on the server)', () => {
    let sets = addImage(emptyImageSets(), 'A', 2, img('gone00001'));
    sets = addImage(sets, 'A', 2, img('uploading', false));
    sets = addImage(sets, 'B', 1, img('kept00001'));
    const plan = planImageSync(sets, [{ id: 'kept00001', set: 1, userA: false }]);
    expect(plan.remove).toEqual(['gone00001']);
    expect(plan.fetch).toEqual([]);
  });

  it('[IS2] remote images not yet loaded are fetched and added, marked refreshed from the remote store', () => {
    const remote: RemotePhoto = { id: 'remote001', set: 2, userA: false };
    const plan = planImageSync(emptyImageSets(), [remote]);
    expect(plan.fetch).toEqual([remote]);
    const sets = addFetched(emptyImageSets(), remote, { dataURL: 'data:x', filename: 'damage.jpg' });
    expect(sets.B[2]).toEqual([{ id: 'remote001', dataURL: 'data:x', filename: 'damage.jpg', inDMZ: true, refreshed: true }]);
    expect(sets.A[2]).toEqual([]);
    expect(planImageSync(sets, [remote]).fetch).toEqual([]);
  });

  it("[IS3] an image of set 0 (the shared overview) is also added to the other party's set 0", () => {
    const sets = addFetched(emptyImageSets(), { id: 'overview1', set: 0, userA: true }, { dataURL: 'data:o', filename: 'o.jpg' });
    expect(ids(sets).A[0]).toEqual(['overview1']);
    expect(ids(sets).B[0]).toEqual(['overview1']);
    const own = addImage(emptyImageSets(), 'B', 0, img('mine00001', false));
    expect(ids(own).A[0]).toEqual(['mine00001']);
  });

  it('[IS4] an image list update changes dataURL, filename and inDMZ of a known id, otherwise adds it', () => {
    const list = [img('one000001', false), img('two000002')];
    const updated = upsertImage(list, { id: 'one000001', dataURL: 'data:new', filename: 'new.jpg', inDMZ: true });
    expect(updated).toHaveLength(2);
    expect(updated[0]).toEqual({ id: 'one000001', dataURL: 'data:new', filename: 'new.jpg', inDMZ: true });
    expect(upsertImage(list, img('three0003'))).toHaveLength(3);
  });

  it('[IS5] after applying a plan, the device holds exactly the remote photos plus its own not-yet-stored ones', () => {
    const id = fc.stringMatching(/^[a-z0-9]{8}$/);
    const remotePhoto = fc.record({ id, set: fc.integer({ min: 0, max: 3 }), userA: fc.boolean() });
    const localEntry = fc.record({ id, set: fc.integer({ min: 0, max: 3 }), party: fc.constantFrom('A' as const, 'B' as const), inDMZ: fc.boolean() });
    fc.assert(
      fc.property(fc.uniqueArray(remotePhoto, { selector: (r) => r.id, maxLength: 12 }), fc.array(localEntry, { maxLength: 12 }), (remote, local) => {
        const remoteIds = new Set(remote.map((r) => r.id));
        let sets = emptyImageSets();
        for (const l of local) if (!remoteIds.has(l.id)) sets = addImage(sets, l.party, l.set, img(l.id, l.inDMZ));
        const plan = planImageSync(sets, remote);
        sets = removeImages(sets, new Set(plan.remove));
        for (const r of plan.fetch) sets = addFetched(sets, r, { dataURL: 'd', filename: 'f' });
        for (const r of remote) {
          expect((r.userA ? sets.A : sets.B)[r.set]!.some((i) => i.id === r.id)).toBe(true);
          if (r.set === 0) expect((r.userA ? sets.B : sets.A)[0]!.some((i) => i.id === r.id)).toBe(true);
        }
        const all = [...sets.A.flat(), ...sets.B.flat()];
        for (const i of all) expect(remoteIds.has(i.id) || !i.inDMZ).toBe(true);
        expect(planImageSync(sets, remote)).toEqual({ remove: [], fetch: [] });
      }),
      { numRuns: 300 },
    );
  });
});

class FakePhotos implements ImageSyncPort {
  remote: RemotePhoto[] = [];
  failList = 0;
  fetched: string[] = [];
  gate: Promise<void> = Promise.resolve();
  async list() {
    if (this.failList > 0) {
      this.failList -= 1;
      throw new Error('ERROR_IO');
    }
    return [...this.remote];
  }
  async get(r: RemotePhoto) {
    await this.gate;
    this.fetched.push(r.id);
    return { dataURL: `data:image/jpeg;base64,${r.id}`, filename: `${r.id}.jpg` };
  }
}

describe('image sync machine', () => {
  it('[IS6] a sync lists, removes and fetches; a sync asked for meanwhile runs again; a failed one is retried', async () => {
    const port = new FakePhotos();
    const clock = new SimulatedClock();
    const actor = createActor(provideImageSyncPorts(port), { clock, input: { sets: addImage(emptyImageSets(), 'A', 2, img('stale0001')) } }).start();
    port.remote = [{ id: 'photoB001', set: 1, userA: false }];
    let open!: () => void;
    port.gate = new Promise<void>((r) => (open = r));
    actor.send({ type: 'sync' });
    await waitFor(actor, (s) => s.matches('fetching'));
    expect(ids(actor.getSnapshot().context.sets).A[2]).toEqual([]);
    // The other driver adds another photo while the first is being fetched.
    port.remote.push({ id: 'photoB002', set: 0, userA: false });
    actor.send({ type: 'sync' });
    open();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(port.fetched).toEqual(['photoB001', 'photoB002']);
    expect(ids(actor.getSnapshot().context.sets).B[1]).toEqual(['photoB001']);
    expect(ids(actor.getSnapshot().context.sets).A[0]).toEqual(['photoB002']);

    port.failList = 1;
    actor.send({ type: 'sync' });
    await waitFor(actor, (s) => s.matches('failed'));
    port.remote = [];
    clock.increment(IMAGE_SYNC_RETRY_MS);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.sets.B.flat()).toEqual([]);
  });

  it('[IS7] photos taken on the device are kept while uploading and marked stored when the hub has them', async () => {
    const port = new FakePhotos();
    const actor = createActor(provideImageSyncPorts(port), { input: {} }).start();
    actor.send({ type: 'local.add', party: 'A', set: 1, image: img('plateA001', false) });
    actor.send({ type: 'sync' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(ids(actor.getSnapshot().context.sets).A[1]).toEqual(['plateA001']);
    actor.send({ type: 'local.stored', id: 'plateA001' });
    expect(actor.getSnapshot().context.sets.A[1]![0]!.inDMZ).toBe(true);
    actor.send({ type: 'local.remove', id: 'plateA001' });
    expect(actor.getSnapshot().context.sets.A[1]).toEqual([]);
  });
});
