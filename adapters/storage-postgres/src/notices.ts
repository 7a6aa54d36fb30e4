import type pg from 'pg';

/** The most notices one statement sends (more go in the next). */
const NOTICES_PER_STATEMENT = 1000;
/** The most notices waiting (a database that does not answer): past it the oldest is refused to its caller. */
export const NOTICES_WAITING_MAX = 20_000;

interface Pending {
  readonly channel: string;
  payload: string;
  readonly waiting: Array<{ resolve: () => void; reject: (error: unknown) => void }>;
}

/**
 * NOTIFYs sent outside the transactions they tell of (issue 35 item 5; docs/decisions/cluster.md, "Announcements
 * after the commit"). PostgreSQL serialises notifying commits: a transaction that notifies holds one lock for the
 * whole database from its notices' queueing through its commit's flush to disk, so saves that each announced
 * themselves committed one at a time. Here a save commits without it, and its announcement follows on a connection
 * of its own whose commits do not wait for the disk. A notice can be lost — the node stops between the commit and
 * the notice, the statement fails (the connection lost, the time-out, the pool closed at shutdown: said in the log
 * once per statement), or NOTICES_WAITING_MAX are waiting — which is what a listener that lost its connection
 * already is: a device learns the version from its next heartbeat. The notices that come while the previous statement is
 * on its way go in the next, in one statement and one commit, in the order sent (one connection); a notice given a
 * `key` (a declaration's presence) replaces the one of that key still waiting.
 */
export class PgNotices {
  private readonly pending = new Map<string | symbol, Pending>();
  private sending = false;
  private statements = 0;

  constructor(
    private readonly pool: pg.Pool,
    /** Told once per statement that failed, with how many notices it lost (the server's log). */
    private readonly onFailed: (error: unknown, lost: number) => void = () => {},
  ) {}

  /** Statements sent so far (tests, benchmarks). */
  get statementsSent(): number {
    return this.statements;
  }

  send(channel: string, payload: string, key?: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const slot = key === undefined ? Symbol('notice') : `${channel}\u0000${key}`;
      const waiting = this.pending.get(slot);
      if (waiting) {
        waiting.payload = payload;
        waiting.waiting.push({ resolve, reject });
      } else {
        this.pending.set(slot, { channel, payload, waiting: [{ resolve, reject }] });
        if (this.pending.size > NOTICES_WAITING_MAX) {
          const [oldest, notice] = this.pending.entries().next().value as [string | symbol, Pending];
          this.pending.delete(oldest);
          for (const w of notice.waiting) w.reject(new Error('too many notices waiting: the database does not answer'));
        }
      }
      if (!this.sending) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.sending = true;
    try {
      while (this.pending.size > 0) {
        const batch = [...this.pending].slice(0, NOTICES_PER_STATEMENT);
        for (const [slot] of batch) this.pending.delete(slot);
        const notices = batch.map(([, notice]) => notice);
        this.statements += 1;
        try {
          await this.pool.query('select pg_notify(c, p) from unnest($1::text[], $2::text[]) with ordinality as t(c, p, n) order by n', [
            notices.map((n) => n.channel),
            notices.map((n) => n.payload),
          ]);
          for (const n of notices) for (const w of n.waiting) w.resolve();
        } catch (error) {
          this.onFailed(error, notices.length);
          for (const n of notices) for (const w of n.waiting) w.reject(error);
        }
      }
    } finally {
      this.sending = false;
    }
  }
}
