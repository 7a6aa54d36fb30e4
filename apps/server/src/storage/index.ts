import type { ClockPort, IdPort } from '@eid/domain';
import type { ServerConfig } from '../config.js';
import { openPostgresStorage } from './postgres-storage.js';
import { openSqliteStorage } from './sqlite-storage.js';
import type { Storage, StorageLog } from './storage.js';

export type { ClusterLink, LocalOutbox, SeededRegistry, Storage, StorageLog } from './storage.js';

/** Opens the configured storage: PostgreSQL when EID_DATABASE_URL is set, else the SQLite file. */
export function openStorage(config: ServerConfig, clock: ClockPort, ids: IdPort, log: StorageLog): Promise<Storage> {
  return config.databaseUrl ? openPostgresStorage(config, clock, ids, log) : openSqliteStorage(config, clock, ids, log);
}
