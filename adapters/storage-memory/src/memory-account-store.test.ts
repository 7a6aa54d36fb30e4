import { registerAccountStoreContract } from '@eid/test-fixtures';
import { MemoryAccountStore } from './memory-account-store.adapter.js';

registerAccountStoreContract('memory', () => ({ store: new MemoryAccountStore(), close: () => {} }));
