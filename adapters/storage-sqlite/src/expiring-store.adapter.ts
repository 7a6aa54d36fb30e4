import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { ClockPort, ExpiringStorePort } from '@eid/domain';
import type { EidDatabase } from './database.js';
import { expiring } from './schema.js';

/** Expired rows are deleted every this many writes: the table follows live traffic only. */
const SWEEP_EVERY = 256;

/**
 * ExpiringStorePort in SQLite: rate-limit counters, pending phone codes, preview lock-outs and used
 * captcha tokens survive a restart (FU7). Values are JSON text; a read past the expiry answers null.
 */
export class SqliteExpiringStore implements ExpiringStorePort {
  private writes = 0;

  constructor(
    private readonly db: EidDatabase,
    private readonly clock: ClockPort,
  ) {}

  async get(key: string): Promise<unknown> {
    const row = this.db
      .select({ value: expiring.value })
      .from(expiring)
      .where(and(eq(expiring.key, key), gt(expiring.expiresAt, this.clock.now())))
      .get();
    return row ? (JSON.parse(row.value) as unknown) : null;
  }

  async set(key: string, value: unknown, expiresAt: number): Promise<void> {
    const json = JSON.stringify(value);
    this.db.insert(expiring).values({ key, value: json, expiresAt }).onConflictDoUpdate({ target: expiring.key, set: { value: json, expiresAt } }).run();
    this.writes += 1;
    if (this.writes % SWEEP_EVERY === 0) this.sweep();
  }

  async delete(key: string): Promise<void> {
    this.db.delete(expiring).where(eq(expiring.key, key)).run();
  }

  async claim(key: string, value: unknown, expiresAt: number): Promise<boolean> {
    const json = JSON.stringify(value);
    const row = this.db.get<{ key: string } | undefined>(sql`
      insert into ${expiring} (key, value, expires_at) values (${key}, ${json}, ${expiresAt})
      on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at where ${expiring.expiresAt} <= ${this.clock.now()}
      returning key`);
    this.writes += 1;
    if (this.writes % SWEEP_EVERY === 0) this.sweep();
    return row !== undefined;
  }

  async take(key: string): Promise<unknown> {
    const row = this.db.get<{ value: string } | undefined>(sql`delete from ${expiring} where key = ${key} and expires_at > ${this.clock.now()} returning value`);
    return row ? (JSON.parse(row.value) as unknown) : null;
  }

  /**
   * One more hit under `key` in a window of `windowMs` that starts with the first hit: the count
   * and when the window ends, in one statement (two servers' hits are never lost, FU7). Kept apart
   * from the JSON values of `set` by the caller's keys.
   */
  hit(key: string, windowMs: number): { readonly current: number; readonly resetAt: number } {
    const now = this.clock.now();
    const row = this.db.get<{ value: string; expires_at: number }>(sql`
      insert into ${expiring} (key, value, expires_at) values (${key}, '1', ${now + windowMs})
      on conflict (key) do update set
        value = case when ${expiring.expiresAt} <= ${now} then '1' else cast(cast(${expiring.value} as integer) + 1 as text) end,
        expires_at = case when ${expiring.expiresAt} <= ${now} then ${now + windowMs} else ${expiring.expiresAt} end
      returning value, expires_at`);
    this.writes += 1;
    if (this.writes % SWEEP_EVERY === 0) this.sweep();
    return { current: Number(row.value), resetAt: row.expires_at };
  }

  /** The count and window end under `key` without a hit; zero when none is running. */
  peek(key: string): { readonly current: number; readonly resetAt: number } {
    const row = this.db.select().from(expiring).where(and(eq(expiring.key, key), gt(expiring.expiresAt, this.clock.now()))).get();
    return row ? { current: Number(row.value), resetAt: row.expiresAt } : { current: 0, resetAt: this.clock.now() };
  }

  /** Deletes the expired rows; answers how many. */
  sweep(): number {
    return this.db.delete(expiring).where(lte(expiring.expiresAt, this.clock.now())).run().changes;
  }
}
