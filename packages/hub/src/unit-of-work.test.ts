import { describe, expect, it } from 'vitest';
import type { DeclarationStorePort, StoredDeclaration } from '@eid/domain';
import { MemoryDeclarationStore } from '@eid/adapter-storage-memory';
import { ask, connect, Device, makeHarness, meet } from './testing/hub-harness.js';
import type { ClusterPort, LockOptions } from './ports.js';

/** A store whose next save loses the compare-and-set, as if another process had written first. */
class RacingStore extends MemoryDeclarationStore implements DeclarationStorePort {
  loseNextSave = false;
  override async save(record: StoredDeclaration, expectedVersion: number): Promise<boolean> {
    if (this.loseNextSave) {
      this.loseNextSave = false;
      return false;
    }
    return super.save(record, expectedVersion);
  }
}

describe('the unit of work', () => {
  it('[HB18] a commit that loses its compare-and-set is SERVER_ERROR: nothing is pushed, nothing acknowledged, the next edit goes through', async () => {
    const store = new RacingStore();
    const h = makeHarness({ store });
    const a = new Device();
    const b = new Device();
    const sa = await connect(h, a, 'KLM123', 'HBN512');
    await meet(h, b, a, 'HBN512', 'KLM123');
    const before = (await store.get(sa.declarationId))?.declaration;
    store.loseNextSave = true;
    b.inbox.length = 0;
    expect(await ask(h, a, { t: 'call', op: 'eid-comment', p: { text: 'lost race' } })).toMatchObject({ ok: false, code: 'SERVER_ERROR' });
    expect(b.inbox.filter((m) => m.t === 'changed')).toEqual([]);
    expect((await store.get(sa.declarationId))?.declaration).toEqual(before);
    expect(await ask(h, a, { t: 'call', op: 'eid-comment', p: { text: 'again' } })).toMatchObject({ ok: true });
    expect((await store.get(sa.declarationId))?.declaration.parties.A.comment).toBe('again');
  });

  it('[HB18] changes of one declaration run one at a time, in arrival order: none is lost', async () => {
    const h = makeHarness();
    const a = new Device();
    const sa = await connect(h, a, 'KLM123', 'HBN512');
    const start = (await h.store.get(sa.declarationId))?.declaration.version ?? 0;
    await Promise.all(Array.from({ length: 20 }, (_, i) => h.hub.handle(a, { t: 'call', id: 1000 + i, op: 'eid-comment', p: { text: `c${i}` } })));
    const stored = (await h.store.get(sa.declarationId))?.declaration;
    expect(stored?.version).toBe(start + 20);
    expect(stored?.parties.A.comment).toBe('c19');
    expect(a.results.filter((r) => r.id >= 1000).every((r) => r.ok)).toBe(true);
  });

  it('[HB18] only a change that decides alone may be tried without the cross-node lock: the edits; joining (codes drawn, costs counted) never', async () => {
    const calls: Array<LockOptions | undefined> = [];
    const cluster: ClusterPort = {
      withLock: (_id, run, options) => {
        calls.push(options);
        return run();
      },
      publishPresence: () => undefined,
    };
    const h = makeHarness({ cluster });
    const a = new Device();
    const b = new Device();
    await connect(h, a, 'KLM123', 'HBN512');
    await meet(h, b, a, 'HBN512', 'KLM123');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((o) => o?.optimistic === true)).toEqual([]);
    calls.length = 0;
    expect(await ask(h, a, { t: 'call', op: 'eid-comment', p: { text: 'pure' } })).toMatchObject({ ok: true });
    expect(calls).toEqual([{ endsWithSave: true, optimistic: true }]);
  });
});
