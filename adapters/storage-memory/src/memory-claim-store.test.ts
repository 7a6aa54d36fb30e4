import { describe } from 'vitest';
import { registerClaimStoreContract } from '@eid/test-fixtures';
import { MemoryClaimStore } from './memory-claim-store.adapter.js';

describe('[UE9] the claims kept', () => {
  registerClaimStoreContract('memory', () => ({ store: new MemoryClaimStore(), account: async () => undefined, close: () => {} }));
});
