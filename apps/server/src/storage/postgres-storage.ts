import { hkdfSync } from 'node:crypto';
import { FileBlobStore } from '@eid/adapter-storage-files';
import { S3BlobStore } from '@eid/adapter-blobs-s3';
import {
  createPgOutbox,
  createPgRegistry,
  openPostgres,
  PgCluster,
  PgAccountStore,
  PgBureauRecords,
  PgChatStore,
  PgClaimStore,
  PgStaffStore,
  PgInsurerStore,
  PgDeclarationStore,
  DEFAULT_JOB_SETTINGS,
  PgBlobIndex,
  PgJobs,
  PgExpiringStore,
  PgOutputStore,
  PgSubmitQueue,
  pingPostgres,
  setPgMeta,
} from '@eid/adapter-storage-postgres';
import type { ClockPort, IdPort } from '@eid/domain';
import type { ServerConfig } from '../config.js';
import type { ClusterLink, Storage, StorageLog } from './storage.js';

/** Host, port and database of a URL, without its user or password (the start-up line, logs). */
export function describeDatabaseUrl(url: string): string {
  const u = new URL(url);
  return `postgres://${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
}

/**
 * Several nodes: PostgreSQL for every store, the declaration lock, the change feed and presence.
 * A lost database answers errors (typed by the routes and the hub) until the pools reconnect.
 */
export async function openPostgresStorage(config: ServerConfig, clock: ClockPort, ids: IdPort, log: StorageLog): Promise<Storage> {
  const opened = await openPostgres(config.databaseUrl, {
    onError: (error) => log('warn', 'a PostgreSQL connection was lost', { error: error.message }),
    // The other nodes' devices learn those versions from their next heartbeat.
    onNoticesLost: (error, lost) => log('warn', 'announcements to the other nodes were not sent', { lost, error: error.message }),
  });
  let objects: S3BlobStore | null = null;
  let jobs: PgJobs | null = null;
  try {
    // The binaries on the object store the nodes share (indexed here), or files on this node's disk.
    objects = config.s3 ? new S3BlobStore(config.s3, new PgBlobIndex(opened.db)) : null;
    if (objects) await objects.ensureBucket();
    else log('warn', 'the binaries are files on this node (no EID_S3_URL): right for one node on PostgreSQL, wrong for several (each would see only its own photos)');
    const blobs = objects ?? (await FileBlobStore.open(config.blobsDir));
    const queue = new PgJobs(config.databaseUrl, DEFAULT_JOB_SETTINGS, (message, data) => log('warn', message, data));
    jobs = queue;
    await queue.start();
    const store = objects;
    // The rows the nodes' announcements carry are signed with a key of the shared secret (a node without one signs with its own: none is taken).
    const announceKey = config.secret ? Buffer.from(hkdfSync('sha256', config.secret, 'eid-cluster', 'announced-rows', 32)) : undefined;
    const declarations = new PgDeclarationStore(opened, queue, announceKey);
    let cluster: PgCluster | null = null;
    const node = ids.token().slice(0, 12);
    const link: ClusterLink = {
      node,
      withLock: (id, run, options) => (cluster ? cluster.withLock(id, run, options) : Promise.reject(new Error('the cluster link is not started'))),
      publishPresence: async (id, present) => cluster?.publishPresence(id, present),
      publishChat: async (accountId, chatId) => cluster?.publishChat(accountId, chatId),
      async start(listener) {
        // A save's row carried by its announcement is kept by the store: the hub's read for its devices then costs nothing.
        const hearing = {
          ...listener,
          changed: (id: string, version: number, announcement?: Readonly<Record<string, unknown>>) => {
            declarations.heard(id, version, announcement);
            listener.changed(id, version);
          },
        };
        cluster = new PgCluster(opened, node, hearing, log);
        await cluster.start();
      },
      get isListening() {
        return cluster?.isListening ?? false;
      },
      close: async () => cluster?.close(),
    };
    return {
      kind: 'postgres',
      describe: describeDatabaseUrl(config.databaseUrl),
      declarations,
      accounts: new PgAccountStore(opened.db),
      bureau: new PgBureauRecords(opened.db),
      chats: new PgChatStore(opened.db),
      claims: new PgClaimStore(opened.db),
      staff: new PgStaffStore(opened.db),
      insurers: new PgInsurerStore(opened.db),
      submitQueue: new PgSubmitQueue(),
      work: { kind: 'jobs', jobs: queue },
      output: new PgOutputStore(opened.db, { pool: opened.pool, queue }),
      expiring: new PgExpiringStore(opened.db, clock),
      outbox: createPgOutbox(opened.db, clock, ids),
      registry: createPgRegistry(opened.db),
      blobs,
      cluster: link,
      sqlite: null,
      ping: () => pingPostgres(opened.pool),
      pingObjects: store ? () => store.ping() : null,
      setMeta: (key, value, now) => setPgMeta(opened.db, key, value, now),
      async close() {
        await queue.stop();
        await link.close();
        store?.close();
        await opened.close();
      },
    };
  } catch (error) {
    await jobs?.stop().catch(() => undefined);
    objects?.close();
    await opened.close();
    throw error;
  }
}
