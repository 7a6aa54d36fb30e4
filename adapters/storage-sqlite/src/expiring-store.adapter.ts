import { and, eq, gt, lte } from 'drizzle-orm';
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

  /** Deletes the expired rows; answers how many. */
  sweep(): number {
    return this.db.delete(expiring).where(lte(expiring.expiresAt, this.clock.now())).run().changes;
  }
}
