/**
 * Fair use of one connection (FU1): a token bucket. Each call takes a token; tokens come back at a
 * steady rate up to the burst. An empty bucket refuses (TOO_MANY_CALLS) with a wait of at least
 * PENALTY_MIN_MS and refuses every call until it is over (a penalty window longer than a round
 * trip): the calls a device sent before it heard the first refusal are refused too, so the refused
 * calls are the last ones it sent, and it sends them again, in order, after the wait.
 */

/** Calls one connection may make at once (a reconnect sends what was queued offline). Chosen. */
export const CALL_BURST = 100;
/** Calls per second a connection may keep up (a driver types; edits are debounced). Chosen. */
export const CALLS_PER_SECOND = 20;
/**
 * The shortest penalty window: longer than a slow mobile round trip, so that every call the device
 * sent before it heard the first refusal is refused too, and its calls stay in order. Chosen.
 */
export const PENALTY_MIN_MS = 5_000;

export class TokenBucket {
  private tokens: number;
  private last: number;
  private blockedUntil = 0;

  constructor(
    now: number,
    private readonly burst = CALL_BURST,
    private readonly perSecond = CALLS_PER_SECOND,
    private readonly penaltyMs = PENALTY_MIN_MS,
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /**
   * Refuses every call until `ms` from now (a full disk, OP3): the calls sent meanwhile are refused
   * too, so that the refused ones are the last the device sent and go again in their order.
   */
  block(now: number, ms: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, now + ms);
  }

  /** Takes a token: null when allowed, else the milliseconds to wait. */
  take(now: number): number | null {
    if (now < this.blockedUntil) return this.blockedUntil - now;
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) * this.perSecond) / 1000);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return null;
    }
    const wait = Math.max(this.penaltyMs, Math.ceil(((1 - this.tokens) * 1000) / this.perSecond));
    this.blockedUntil = now + wait;
    return wait;
  }
}
