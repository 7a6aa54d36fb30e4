export { MemoryBlobStore, MemoryDeclarationStore, MemorySubmitQueue } from './memory-store.adapter.js';
export { MemoryOutputStore } from './memory-output-store.adapter.js';
export { MemoryExpiringStore } from './memory-expiring-store.adapter.js';
export { MemoryAccountStore } from './memory-account-store.adapter.js';
export { MemoryBureauRecords } from './memory-bureau-records.adapter.js';
export { MemoryChatStore } from './memory-chat-store.adapter.js';
export { MemoryClaimStore } from './memory-claim-store.adapter.js';
export { MemoryStaffStore } from './memory-staff-store.adapter.js';
export { MemoryInsurerStore } from './memory-insurer-store.adapter.js';
