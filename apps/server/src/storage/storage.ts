/**
 * The server's storage, chosen by configuration: the SQLite file of one process (the embedded
 * default) or PostgreSQL shared by several nodes (EID_DATABASE_URL). Everything else in the server
 * sees only this shape: the domain's ports plus what the server itself needs of the local outbox,
 * the registry's seeding and the counters of the HTTP limits.
 */
import type {
  AccountStorePort,
  BureauRecordsPort,
  ChatStorePort,
  ClaimStorePort,
  StaffStorePort,
  BlobStorePort,
  DeclarationStorePort,
  EmailSenderPort,
  ExpiringStorePort,
  OutputStorePort,
  SmsSenderPort,
  SubmitQueueConsumerPort,
  SubmitQueuePort,
  VehicleRegistryPort,
} from '@eid/domain';
import type { InsurerStorePort } from '@eid/domain/insurer';
import type { OutboxMessage } from '@eid/adapter-outbox-sqlite';
import type { SmsStates } from '../messages/gateway-sms.js';
import type { RegistrySeed } from '@eid/adapter-registry-sqlite';
import type { HitCounter } from '../plugins/rate-limit-store.js';
import type { PgJobs } from '@eid/adapter-storage-postgres';
import type { Database as SqliteConnection } from 'better-sqlite3';

type Awaitable<T> = T | Promise<T>;

/** Where storage says what it cannot fix itself (the server's log). */
export type StorageLog = (level: 'info' | 'warn' | 'error', message: string, data?: unknown) => void;

/** The local outbox (an installation without SMS gateway or SMTP server): both senders and reading it back. */
export interface LocalOutbox extends SmsSenderPort, EmailSenderPort, SmsStates {
  list(query?: { readonly channel?: 'sms' | 'email'; readonly limit?: number }): Awaitable<readonly OutboxMessage[]>;
  removeBefore(before: number): Awaitable<number>;
}

/** The registry port plus the seeding of a local installation. */
export interface SeededRegistry extends VehicleRegistryPort {
  seed(data: RegistrySeed): Awaitable<void>;
  count(): Awaitable<{ readonly insurers: number; readonly vehicles: number }>;
}

/** What several nodes share besides the tables: the declaration lock, the change feed and presence. */
export interface ClusterLink {
  readonly node: string;
  withLock<T>(declarationId: string, run: () => Promise<T>, options?: { readonly endsWithSave?: boolean; readonly optimistic?: boolean }): Promise<T>;
  publishPresence(declarationId: string, present: { readonly A: boolean; readonly B: boolean }): Promise<void>;
  /** CH6: tells the other nodes that an account's chat changed (their open pages hear it). */
  publishChat(accountId: string, chatId: string): Promise<void>;
  /** Starts delivering the other nodes' announcements to `listener`. */
  start(listener: {
    changed(declarationId: string, version: number): void;
    presence(declarationId: string, node: string, present: { readonly A: boolean; readonly B: boolean }): void;
    resync(): void;
    chat(accountId: string, chatId: string): void;
  }): Promise<void>;
  readonly isListening: boolean;
  close(): Promise<void>;
}

export interface Storage {
  readonly kind: 'sqlite' | 'postgres';
  /** Where the data is, for the start-up line (never a password). */
  readonly describe: string;
  readonly declarations: DeclarationStorePort;
  /** Accounts, their sessions and link tokens (issue 15). */
  readonly accounts: AccountStorePort;
  /** The bureau's records of persons: documents, accidents, debts (issue 15). */
  readonly bureau: BureauRecordsPort;
  /** The chats between drivers and the bureau (issue 16). */
  readonly chats: ChatStorePort;
  /** The victims' claims (issue 17). */
  readonly claims: ClaimStorePort;
  /** The bureau's staff, their sessions and the audit log (issue 16). */
  readonly staff: StaffStorePort;
  /** The insurers' clients and feeds (issue 36). */
  readonly insurers: InsurerStorePort;
  readonly submitQueue: SubmitQueuePort;
  /**
   * Who does the background work: this process on timers over the SQLite tables (one process), or
   * the job queue every node shares (several nodes: each job done once, on one node).
   */
  readonly work: { readonly kind: 'timers'; readonly queue: SubmitQueueConsumerPort } | { readonly kind: 'jobs'; readonly jobs: PgJobs };
  readonly output: OutputStorePort;
  readonly expiring: ExpiringStorePort & HitCounter;
  readonly outbox: LocalOutbox;
  readonly registry: SeededRegistry;
  readonly blobs: BlobStorePort;
  /** Several nodes only. */
  readonly cluster: ClusterLink | null;
  /** Does the database answer? */
  ping(): Promise<boolean>;
  /** Does the object store answer? Null: the binaries are files on this node. */
  readonly pingObjects: (() => Promise<boolean>) | null;
  /** Records a fact about this installation (the last start). */
  setMeta(key: string, value: string, now: number): Promise<void>;
  /** The raw SQLite connection (tests that break the store on purpose); null on PostgreSQL. */
  readonly sqlite: SqliteConnection | null;
  close(): Promise<void>;
}
