/**
 * What one address can make the log say (FU12): lines tied to an address (a closed socket, a
 * protocol error, a request) are written while the address has budget left — a burst, then a steady
 * rate — so that a flood costs the log a few lines, not one (or several) per frame or request. The
 * first line left out says so; a line written later says how many were left out (these notices at
 * most once a minute an address). Addresses are forgotten when their budget is full again, so the table stays small.
 */
import type { ClockPort } from '@eid/domain';

export interface LogBudgetOptions {
  /** Lines an address may write at once. */
  readonly burst: number;
  /** Lines an address may keep writing per minute. */
  readonly perMinute: number;
  readonly clock: ClockPort;
  /** Writes the budget's own notices (the line left out, how many were). */
  readonly notice: (message: string, data: Record<string, unknown>) => void;
}

/** Sizes of the address table: looked through from FORGET_FROM entries, never more than MAX_ADDRESSES. */
const FORGET_FROM = 1_024;
const MAX_ADDRESSES = 10_000;

/** The budget's own notices for one address: at most one per this time. */
const NOTICE_EVERY_MS = 60_000;

interface Account {
  tokens: number;
  last: number;
  leftOut: number;
  noticedAt: number;
}

export class LogBudget {
  private readonly addresses = new Map<string, Account>();
  private sweptAt = -Infinity;

  constructor(private readonly options: LogBudgetOptions) {}

  /** Writes the line (`write`) if the address may, else counts it as left out. */
  line(address: string | undefined, write: () => void): void {
    const key = address ?? 'unknown';
    const now = this.options.clock.now();
    const account = this.refill(key, now);
    // The budget's own notices: at most one a minute for an address, so they cannot flood either.
    const mayNotice = now - account.noticedAt >= NOTICE_EVERY_MS;
    if (account.tokens < 1) {
      account.leftOut += 1;
      if (mayNotice) {
        account.noticedAt = now;
        this.options.notice('log lines of one address are left out until its budget refills', { address: key, perMinute: this.options.perMinute });
      }
      return;
    }
    account.tokens -= 1;
    if (account.leftOut > 0 && mayNotice) {
      account.noticedAt = now;
      this.options.notice(`${account.leftOut} log lines of one address were left out`, { address: key, leftOut: account.leftOut });
      account.leftOut = 0;
    }
    write();
  }

  /** Addresses being counted (for tests and metrics). */
  get size(): number {
    return this.addresses.size;
  }

  private refill(key: string, now: number): Account {
    this.forgetFull(now);
    let account = this.addresses.get(key);
    if (!account) {
      account = { tokens: this.options.burst, last: now, leftOut: 0, noticedAt: -Infinity };
      this.addresses.set(key, account);
      return account;
    }
    account.tokens = Math.min(this.options.burst, account.tokens + ((now - account.last) * this.options.perMinute) / 60_000);
    account.last = now;
    return account;
  }

  /**
   * An address whose budget would be full again needs no entry; past MAX_ADDRESSES (many addresses
   * at once) the oldest go first, so the table's memory is bounded whatever the traffic.
   */
  private forgetFull(now: number): void {
    if (this.addresses.size < FORGET_FROM || (now - this.sweptAt < 1_000 && this.addresses.size < MAX_ADDRESSES)) return;
    this.sweptAt = now;
    for (const [key, a] of this.addresses) {
      const tokens = a.tokens + ((now - a.last) * this.options.perMinute) / 60_000;
      if (tokens >= this.options.burst) this.addresses.delete(key);
    }
    // Down to nine tenths at once, so that a stream of new addresses sweeps seldom.
    for (const key of this.addresses.keys()) {
      if (this.addresses.size < MAX_ADDRESSES * 0.9) break;
      this.addresses.delete(key);
    }
  }
}
