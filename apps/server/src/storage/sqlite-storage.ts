import { FileBlobStore } from '@eid/adapter-storage-files';
import { openDatabase, pingDatabase, setMeta, SqliteAccountStore, SqliteBureauRecords, SqliteChatStore, SqliteClaimStore,
  SqliteStaffStore, SqliteInsurerStore, SqliteDeclarationStore, SqliteExpiringStore, SqliteOutputStore, SqliteSubmitQueue } from '@eid/adapter-storage-sqlite';
import { createSqliteOutbox } from '@eid/adapter-outbox-sqlite';
import { createSqliteRegistry } from '@eid/adapter-registry-sqlite';
import type { ClockPort, IdPort } from '@eid/domain';
import type { ServerConfig } from '../config.js';
import type { Storage, StorageLog } from './storage.js';

/**
 * The embedded default: one SQLite file (declarations, queue, output, limits, outbox, registry)
 * and the binaries as files, for one process. That process is the only worker, so claims found at
 * start-up are its killed predecessor's and are released at once.
 */
export async function openSqliteStorage(config: ServerConfig, clock: ClockPort, ids: IdPort, log: StorageLog): Promise<Storage> {
  const database = openDatabase(config.databaseFile, {
    checkpoints: 'thread',
    // The main connection's own checkpoints take over: worth a line in the log, not a stop.
    onCheckpointError: (error) => log('warn', 'SQLite\'s checkpoint thread failed: the main connection checkpoints past its safety limit', { error: error instanceof Error ? error.message : String(error) }),
  });
  try {
    const queue = new SqliteSubmitQueue(database.db);
    const output = new SqliteOutputStore(database.db);
    queue.releaseLeases();
    output.releaseLeases();
    const blobs = await FileBlobStore.open(config.blobsDir);
    return {
      kind: 'sqlite',
      describe: config.databaseFile,
      declarations: new SqliteDeclarationStore(database.db),
      accounts: new SqliteAccountStore(database.db),
      bureau: new SqliteBureauRecords(database.db),
      chats: new SqliteChatStore(database.db),
      claims: new SqliteClaimStore(database.db),
      staff: new SqliteStaffStore(database.db),
      insurers: new SqliteInsurerStore(database.db),
      submitQueue: queue,
      work: { kind: 'timers', queue },
      output,
      expiring: new SqliteExpiringStore(database.db, clock),
      outbox: createSqliteOutbox(database.sqlite, clock, ids),
      registry: createSqliteRegistry(database.sqlite),
      blobs,
      cluster: null,
      sqlite: database.sqlite,
      ping: async () => pingDatabase(database.db),
      pingObjects: null,
      setMeta: async (key, value, now) => setMeta(database.db, key, value, now),
      close: async () => {
        await database.checkpointer?.stop();
        database.close();
      },
    };
  } catch (error) {
    await database.checkpointer?.stop();
    database.close();
    throw error;
  }
}
