export { openPostgres, pingPostgres, setPgMeta, PG_MIGRATIONS_FOLDER, type OpenedPostgres, type PgDatabase, type PostgresOptions } from './database.js';
export { PgDeclarationStore, CHANGES_CHANNEL, REMOVED_VERSION } from './declaration-store.adapter.js';
export { PgSubmitQueue } from './submit-queue.adapter.js';
export { PgOutputStore } from './output-store.adapter.js';
export { PgExpiringStore } from './expiring-store.adapter.js';
export { createPgOutbox, type PgOutbox, type PgOutboxMessage, type PgOutboxMessageWithContent } from './outbox.adapter.js';
export { createPgRegistry, type PgRegistry, type PgRegistrySeed, type PgRegistrySeedVehicle } from './registry.adapter.js';
export * as pgSchema from './schema.js';
export { PgCluster, PRESENCE_CHANNEL, LOCK_TIMEOUT_MS, listenBackoffMs, type ClusterListener } from './cluster.adapter.js';
