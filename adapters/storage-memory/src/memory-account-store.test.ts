import { describe } from 'vitest';
import { registerAccountStoreContract, registerBureauRecordsContract, registerChatStoreContract, registerInsurerStoreContract, registerStaffStoreContract } from '@eid/test-fixtures';
import { MemoryInsurerStore } from './memory-insurer-store.adapter.js';
import { MemoryStaffStore } from './memory-staff-store.adapter.js';
import { MemoryChatStore } from './memory-chat-store.adapter.js';
import { MemoryAccountStore } from './memory-account-store.adapter.js';
import { MemoryBureauRecords } from './memory-bureau-records.adapter.js';

registerAccountStoreContract('memory', () => ({ store: new MemoryAccountStore(), close: () => {} }));
registerBureauRecordsContract('memory', () => ({ store: new MemoryBureauRecords(), close: () => {} }));

describe('[CH1] [CH2] [CH3] [CH5] the chats kept', () => {
  registerChatStoreContract('memory', () => ({ store: new MemoryChatStore(), account: async () => undefined, close: () => {} }));
});

describe('[SF1] [SF3] [SF4] [AL1] [AL2] [AL3] the staff and the audit log', () => {
  registerStaffStoreContract('memory', () => ({ store: new MemoryStaffStore(), close: () => {} }));
});

describe('the insurers\' clients and feeds', () => {
  registerInsurerStoreContract('memory', () => ({ store: new MemoryInsurerStore(), close: () => {} }));
});
