export { openDatabase, pingDatabase, setMeta, getMeta, MIGRATIONS_FOLDER } from './database.js';
export type { EidDatabase, OpenedDatabase } from './database.js';
export { SqliteDeclarationStore, SqliteSubmitQueue } from './declaration-store.adapter.js';
export * as schema from './schema.js';
export { SqliteOutputStore } from './output-store.adapter.js';
export { SqliteExpiringStore } from './expiring-store.adapter.js';
export { SqliteAccountStore } from './account-store.adapter.js';
export { SqliteBureauRecords } from './bureau-records.adapter.js';
export { SqliteChatStore } from './chat-store.adapter.js';
