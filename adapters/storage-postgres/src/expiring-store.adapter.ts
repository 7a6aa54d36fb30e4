import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { ClockPort, ExpiringStorePort } from '@eid/domain';
import type { PgDatabase } from './database.js';
import { expiring } from './schema.js';

/** Expired rows are deleted every this many writes of a node: the table follows live traffic only. */
const SWEEP_EVERY = 256;

/**
 * ExpiringStorePort in PostgreSQL: the limits, codes, lock-outs and used captcha tokens every node
 * sees (a driver's next call may reach another node). `hit` is one atomic statement.
 */
export class PgExpiringStore implements ExpiringStorePort {
  private writes = 0;

  constructor(
    private readonly db: PgDatabase,
    private readonly clock: ClockPort,
  ) {}

  async get(key: string): Promise<unknown> {
    const [row] = await this.db
      .select({ value: expiring.value })
      .from(expiring)
      .where(and(eq(expiring.key, key), gt(expiring.expiresAt, this.clock.now())));
    return row ? (JSON.parse(row.value) as unknown) : null;
  }

  async set(key: string, value: unknown, expiresAt: number): Promise<void> {
    const json = JSON.stringify(value);
    await this.db.insert(expiring).values({ key, value: json, expiresAt }).onConflictDoUpdate({ target: expiring.key, set: { value: json, expiresAt } });
    await this.wrote();
  }

  async delete(key: string): Promise<void> {
    await this.db.delete(expiring).where(eq(expiring.key, key));
  }

  async claim(key: string, value: unknown, expiresAt: number): Promise<boolean> {
    const json = JSON.stringify(value);
    const result = await this.db.execute<{ key: string }>(sql`
      insert into ${expiring} (key, value, expires_at) values (${key}, ${json}, ${expiresAt})
      on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at where ${expiring}.expires_at <= ${this.clock.now()}
      returning key`);
    await this.wrote();
    return result.rows.length === 1;
  }

  async take(key: string): Promise<unknown> {
    const [row] = await this.db.delete(expiring).where(and(eq(expiring.key, key), gt(expiring.expiresAt, this.clock.now()))).returning({ value: expiring.value });
    return row ? (JSON.parse(row.value) as unknown) : null;
  }

  /** One more hit under `key` in a window of `windowMs` that starts with the first hit (see the SQLite store). */
  async hit(key: string, windowMs: number): Promise<{ readonly current: number; readonly resetAt: number }> {
    const now = this.clock.now();
    const result = await this.db.execute<{ value: string; expires_at: string }>(sql`
      insert into ${expiring} (key, value, expires_at) values (${key}, '1', ${now + windowMs})
      on conflict (key) do update set
        value = case when ${expiring}.expires_at <= ${now} then '1' else (cast(${expiring}.value as bigint) + 1)::text end,
        expires_at = case when ${expiring}.expires_at <= ${now} then ${now + windowMs} else ${expiring}.expires_at end
      returning value, expires_at`);
    await this.wrote();
    const row = result.rows[0];
    if (!row) throw new Error('expiring store: the hit returned no row');
    return { current: Number(row.value), resetAt: Number(row.expires_at) };
  }

  /** The count and window end under `key` without a hit; zero when none is running. */
  async peek(key: string): Promise<{ readonly current: number; readonly resetAt: number }> {
    const now = this.clock.now();
    const [row] = await this.db.select().from(expiring).where(and(eq(expiring.key, key), gt(expiring.expiresAt, now)));
    return row ? { current: Number(row.value), resetAt: row.expiresAt } : { current: 0, resetAt: now };
  }

  /** Deletes the expired rows; answers how many. */
  async sweep(): Promise<number> {
    const rows = await this.db.delete(expiring).where(lte(expiring.expiresAt, this.clock.now())).returning({ key: expiring.key });
    return rows.length;
  }

  private async wrote(): Promise<void> {
    this.writes += 1;
    if (this.writes % SWEEP_EVERY === 0) await this.sweep();
  }
}
