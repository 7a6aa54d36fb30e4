import type pg from 'pg';

/** The most notices one statement sends (more go in the next). */
const NOTICES_PER_STATEMENT = 1000;

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
 * of its own whose commits do not wait for the disk (a notice lost to a crash is what a dropped listener already
 * is: a device learns the version from its next heartbeat). The notices that come while the previous statement is
 * on its way go in the next, in one statement and one commit, in the order sent (one connection); a notice given a
 * `key` (a declaration's presence) replaces the one of that key still waiting.
 */
export class PgNotices {
  private readonly pending = new Map<string | symbol, Pending>();
  private sending = false;
  private statements = 0;

  constructor(private readonly pool: pg.Pool) {}

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
          for (const n of notices) for (const w of n.waiting) w.reject(error);
        }
      }
    } finally {
      this.sending = false;
    }
  }
}
