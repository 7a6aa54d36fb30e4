import { describe, expect, it } from 'vitest';
import { FixedClock, registerExpiringStoreContract } from '@eid/test-fixtures';
import { MemoryExpiringStore } from './memory-expiring-store.adapter.js';

registerExpiringStoreContract('memory', (clock) => ({ store: new MemoryExpiringStore(clock), close: () => undefined }));

describe('memory expiring store', () => {
  it('[HB17] expired entries are swept as writes go on: memory follows live traffic, not all traffic ever', async () => {
    const clock = new FixedClock(0);
    const store = new MemoryExpiringStore(clock);
    for (let i = 0; i < 10_000; i++) {
      await store.set(`plate:${i}`, [i], clock.now() + 1000);
      clock.advance(10);
    }
    // At most the last second's 100 entries plus one sweep interval of expired ones remain.
    expect(store.size).toBeLessThanOrEqual(100 + 256);
  });
});
