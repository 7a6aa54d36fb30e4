import { registerAccountStoreContract, registerBureauRecordsContract } from '@eid/test-fixtures';
import { MemoryAccountStore } from './memory-account-store.adapter.js';
import { MemoryBureauRecords } from './memory-bureau-records.adapter.js';

registerAccountStoreContract('memory', () => ({ store: new MemoryAccountStore(), close: () => {} }));
registerBureauRecordsContract('memory', () => ({ store: new MemoryBureauRecords(), close: () => {} }));
