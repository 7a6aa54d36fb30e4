import pg from 'pg';
import type { HeldLock, OpenedPostgres, OptimisticAttempt } from './database.js';
import { CHANGES_CHANNEL, readAnnouncement } from './announcement.js';
import { LOCK_AND_STAMP, UNLOCK, checkedId, stampOf, type RawStamp } from './declaration-rows.js';

export { LOCK_TIMEOUT_MS, IDLE_HOLDER_TIMEOUT_MS } from './database.js';

/** The channel on which a node tells the others which parties it has devices of: `{declarationId, node, A, B}`. */
export const PRESENCE_CHANNEL = 'eid_presence';
/** The channel on which a node tells the others that an account's chat changed: `{accountId, chatId, node}`. */
export const CHAT_CHANNEL = 'eid_chat';

/** How often the listening connection is checked with a round trip (a silent half-open one is replaced). */
const LISTEN_PING_MS = 10_000;

/** Back-off of the listening connection after it was lost: 0.5 s doubling to 10 s. */
export function listenBackoffMs(attempt: number): number {
  return Math.min(10_000, 500 * 2 ** Math.max(0, attempt));
}

export interface ClusterListener {
  /**
   * A version of a declaration was committed (by any node, this one included); negative: it was removed.
   * `announcement`: its fields, for PgDeclarationStore.heard (which keeps a row it carries, signed).
   */
  changed(declarationId: string, version: number, announcement?: Readonly<Record<string, unknown>>): void;
  /** Another node's devices of a declaration, by party. */
  presence(declarationId: string, node: string, present: { readonly A: boolean; readonly B: boolean }): void;
  /** The listening connection is back after a loss: what was announced meanwhile is unknown, look again. */
  resync(): void;
  /** Another node wrote in an account's chat. */
  chat?(accountId: string, chatId: string): void;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/**
 * What several nodes share through PostgreSQL besides the tables: the per-declaration lock
 * (`pg_advisory_lock` on a connection of its own pool, held while a change runs), the
 * announcements of committed versions (LISTEN on CHANGES_CHANNEL, sent by the store after its commits)
 * and presence (NOTIFY on PRESENCE_CHANNEL). The listening connection comes back by itself after
 * a database restart, with back-off, and then asks for a resync.
 */
export class PgCluster {
  private client: pg.Client | null = null;
  private attempt = 0;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private listening = false;
  /** Changes tried without the lock, and of them those done again under it (a lost compare-and-set, a refusal, nothing saved). */
  private readonly optimistic = { tried: 0, redone: 0 };

  constructor(
    private readonly opened: OpenedPostgres,
    /** This node's id (random per process). */
    readonly node: string,
    private readonly listener: ClusterListener,
    private readonly log: (level: 'info' | 'warn', message: string, data?: unknown) => void = () => {},
  ) {}

  /** Starts listening; resolves once the first LISTEN is in place (or failed: it is retried). */
  async start(): Promise<void> {
    await this.connect();
  }

  /** Is the listening connection up (readiness)? */
  get isListening(): boolean {
    return this.listening;
  }

  /**
   * Runs `run` holding the declaration's lock across nodes: a session lock on a connection of the
   * lock pool (its time-outs are the pool's: LOCK_TIMEOUT_MS waiting, IDLE_HOLDER_TIMEOUT_MS
   * silent), taken in the same round trip as the row's stamp; the store runs the holder's
   * statements on that connection (see HeldLock). The lock is released when `run` is over — or, with
   * `endsWithSave` (run's last statement is its save, nothing follows it on the declaration), at that
   * save's commit, taken over by its transaction: one round trip fewer per change (issue 35 item 5).
   *
   * `optimistic` (with `endsWithSave`; for a run whose work before its save may be done twice: reads and decisions,
   * nothing sent or counted): run is first tried without the lock — its read answered from the document this node
   * keeps, its save written only if the row is still that revision and nobody holds the lock (OptimisticAttempt) —
   * and done again under the lock unless that try ended in its own save. A change then costs one round trip.
   */
  async withLock<T>(declarationId: string, run: () => Promise<T>, options: { readonly endsWithSave?: boolean; readonly optimistic?: boolean } = {}): Promise<T> {
    const id = checkedId(declarationId, 'PgCluster.withLock');
    if (options.optimistic === true && options.endsWithSave === true) {
      const attempt: OptimisticAttempt = { declarationId: id, rev: null, saved: false, unknown: false, active: true };
      this.optimistic.tried += 1;
      try {
        const result = await this.opened.attempts.run(attempt, run);
        if (attempt.saved) return result;
      } catch (error) {
        // Saved, then failed: what failed came after the write, which must not be made twice. A save lost on its way
        // may have been written: it is answered as failed, not made again on top of itself.
        if (attempt.saved || attempt.unknown) throw error;
      } finally {
        attempt.active = false;
      }
      this.optimistic.redone += 1;
    }
    const client = await this.opened.lockPool.connect();
    let held: HeldLock;
    try {
      const raw = (await client.query<RawStamp>({ ...LOCK_AND_STAMP, values: [id] })).rows[0];
      held = { declarationId, client, stamp: raw ? stampOf(raw) : null, active: true, handOver: options.endsWithSave === true, released: false };
    } catch (error) {
      // Whether the lock was taken is unknown: the session goes, and its lock with it.
      client.release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    try {
      return await this.opened.held.run(held, run);
    } finally {
      held.active = false;
      // Only a connection that failed itself is dropped; a refusal from `run` leaves it healthy. A lock its save took
      // over was released at the save's commit.
      if (held.released) client.release();
      else await client.query({ ...UNLOCK, values: [id] }).then(
        () => client.release(),
        (error: unknown) => client.release(error instanceof Error ? error : new Error(String(error))),
      );
    }
  }

  /** How many changes were tried without the lock, and how many of them were done again under it. */
  get optimisticCounts(): { readonly tried: number; readonly redone: number } {
    return { ...this.optimistic };
  }

  /** CH6: tells the other nodes that an account's chat changed (PgNotices, with the other notices). */
  publishChat(accountId: string, chatId: string): Promise<void> {
    return this.opened.notices.send(CHAT_CHANNEL, JSON.stringify({ accountId, chatId, node: this.node }));
  }

  /**
   * Tells the other nodes which parties this node has devices of: with the notices that come meanwhile, in one
   * statement (PgNotices; every 10 s a node repeats the presence of each declaration it has devices of — at 1,200
   * declarations 1,200 notices at once, each a commit of its own before), the latest of a declaration replacing
   * one still waiting.
   */
  publishPresence(declarationId: string, present: { readonly A: boolean; readonly B: boolean }): Promise<void> {
    return this.opened.notices.send(PRESENCE_CHANNEL, JSON.stringify({ declarationId, node: this.node, A: present.A, B: present.B }), declarationId);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    this.listening = false;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.opened.url, connectionTimeoutMillis: 5000, application_name: 'eid-listen', keepAlive: true });
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      this.listening = false;
      this.log('warn', 'the cluster listener lost its connection; reconnecting', { error: error ? String(error) : undefined });
      void client.end().catch(() => {});
      this.schedule();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => this.dispatch(n.channel, n.payload));
    this.client = client;
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
      await client.query(`listen ${PRESENCE_CHANNEL}`);
      await client.query(`listen ${CHAT_CHANNEL}`);
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    const wasRetry = this.attempt > 0;
    this.attempt = 0;
    this.listening = true;
    this.watch(client, lost);
    if (wasRetry) {
      this.log('info', 'the cluster listener is back');
      this.listener.resync();
    }
  }

  /** A round trip every LISTEN_PING_MS: a connection that does not answer in 5 s counts as lost. */
  private watch(client: pg.Client, lost: (error?: Error) => void): void {
    const ping = setInterval(() => {
      if (this.client !== client) {
        clearInterval(ping);
        return;
      }
      const timeout = setTimeout(() => lost(new Error('the listening connection did not answer')), 5000);
      client.query('select 1').then(
        () => clearTimeout(timeout),
        (error: unknown) => {
          clearTimeout(timeout);
          lost(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }, LISTEN_PING_MS);
    ping.unref();
  }

  private schedule(): void {
    if (this.closed || this.retry) return;
    const wait = listenBackoffMs(this.attempt);
    this.attempt += 1;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, wait);
    this.retry.unref();
  }

  private dispatch(channel: string, payload: string | undefined): void {
    if (channel === CHANGES_CHANNEL) {
      const announced = readAnnouncement(payload ?? '');
      if (announced) this.listener.changed(announced.declarationId, announced.version, announced.fields);
      return;
    }
    let data: unknown;
    try {
      data = JSON.parse(payload ?? '');
    } catch {
      return;
    }
    if (channel === CHAT_CHANNEL && isObject(data) && typeof data.accountId === 'string' && typeof data.chatId === 'string' && data.node !== this.node) {
      this.listener.chat?.(data.accountId, data.chatId);
      return;
    }
    if (!isObject(data) || typeof data.declarationId !== 'string') return;
    if (channel === PRESENCE_CHANNEL && typeof data.node === 'string' && data.node !== this.node) {
      this.listener.presence(data.declarationId, data.node, { A: data.A === true, B: data.B === true });
    }
  }
}
