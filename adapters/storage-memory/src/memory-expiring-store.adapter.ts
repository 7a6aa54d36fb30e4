import type { ClockPort, ExpiringStorePort } from '@eid/domain';

/** Entries are swept of the expired ones every this many writes: memory follows live traffic only. */
const SWEEP_EVERY = 256;

/**
 * ExpiringStorePort in a Map (the practice mode; the server until the state is persisted): values
 * are copied in and out as JSON, as a database would, so a caller never shares an object with it.
 */
export class MemoryExpiringStore implements ExpiringStorePort {
  private readonly entries = new Map<string, { readonly json: string; readonly expiresAt: number }>();
  private writes = 0;

  constructor(private readonly clock: ClockPort) {}

  async get(key: string): Promise<unknown> {
    return this.live(key);
  }

  async set(key: string, value: unknown, expiresAt: number): Promise<void> {
    this.entries.set(key, { json: JSON.stringify(value), expiresAt });
    this.writes += 1;
    if (this.writes % SWEEP_EVERY === 0) this.sweep();
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  // Check and change with no await between them: one step, as in a database.
  async claim(key: string, value: unknown, expiresAt: number): Promise<boolean> {
    if (this.live(key) !== null) return false;
    this.entries.set(key, { json: JSON.stringify(value), expiresAt });
    return true;
  }

  async take(key: string): Promise<unknown> {
    const value = this.live(key);
    this.entries.delete(key);
    return value;
  }

  private live(key: string): unknown {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.clock.now()) {
      this.entries.delete(key);
      return null;
    }
    return JSON.parse(entry.json) as unknown;
  }

  /** Entries held now, expired ones included until the next sweep (for tests). */
  get size(): number {
    return this.entries.size;
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
