import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { JOIN_WORK_MAX, type CaptchaPort, type CaptchaVerdict, type ClockPort, type ExpiringStorePort } from '@eid/domain';

export interface AltchaOptions {
  /** Secret signing the challenges (and, derived from it, their keys). */
  readonly secret: string;
  /**
   * PBKDF2 iterations per try, and the range of tries a solution takes: the work a device does.
   * The defaults take a phone about a second, well inside the 10 s the client waits.
   */
  readonly cost?: number;
  readonly counter?: readonly [number, number];
  /** A challenge must be solved and used within this time. */
  readonly ttlMs?: number;
  readonly clock: ClockPort;
  /** Where used challenges are remembered until they expire (kept in the database: a restart forgets none, FU7); in memory without it. */
  readonly used?: ExpiringStorePort;
}

const ALGORITHM = 'PBKDF2/SHA-256';

/** The payload the ALTCHA widget (and our solver) sends: base64 of JSON `{ challenge, solution }`. */
function decode(token: string): Payload | null {
  try {
    const json = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Payload;
    if (!json || typeof json !== 'object' || !json.challenge?.parameters || !json.solution) return null;
    return json;
  } catch {
    return null;
  }
}

/**
 * Self-hosted proof-of-work captcha (ALTCHA v2, altcha-lib): nothing leaves the service, no
 * tracking. Each challenge carries its action in its signed data; a solution is accepted once, for
 * that action, before its expiry. Used challenges are remembered until they expire.
 */
export class AltchaCaptcha implements CaptchaPort {
  private readonly used = new Map<string, number>();
  private readonly cost: number;
  private readonly counter: readonly [number, number];
  private readonly ttlMs: number;

  constructor(private readonly options: AltchaOptions) {
    this.cost = options.cost ?? 200;
    this.counter = options.counter ?? [1000, 4000];
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
  }

  private get keySecret(): string {
    return `${this.options.secret}:keys`;
  }

  /**
   * `work` multiplies the tries a solution takes (the solver tries counters from 0 up to the one
   * chosen, so the work grows with it); it is signed into the challenge for the hub to read (JN8).
   */
  async challenge(action: string, work = 1): Promise<Challenge> {
    const times = Math.min(JOIN_WORK_MAX, Math.max(1, Math.floor(work)));
    return createChallenge({
      algorithm: ALGORITHM,
      cost: this.cost,
      counter: randomInt(this.counter[0] * times, this.counter[1] * times),
      deriveKey,
      hmacSignatureSecret: this.options.secret,
      hmacKeySignatureSecret: this.keySecret,
      // Expiry is ours, on the ClockPort (altcha-lib's own would read the wall clock): the issue time
      // is signed with the challenge.
      data: { action, issuedAt: this.options.clock.now(), work: times },
    });
  }

  async verify(token: string, action: string): Promise<CaptchaVerdict> {
    const refused = { valid: false } as const;
    const payload = decode(token);
    const data = payload?.challenge.parameters.data;
    if (!payload || data?.action !== action || typeof data.issuedAt !== 'number') return refused;
    const signature = payload.challenge.signature;
    if (!signature) return refused;
    const now = this.options.clock.now();
    if (now - data.issuedAt > this.ttlMs || data.issuedAt > now + 60_000) return refused;
    this.forgetExpired(now);
    if (this.used.has(signature)) return refused;
    // Reserved before any await: the same token sent on many sockets at once passes once at most.
    this.used.set(signature, data.issuedAt + this.ttlMs);
    if (((await this.options.used?.get(`captcha-used:${signature}`)) ?? null) !== null) return refused;
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.options.secret,
      hmacKeySignatureSecret: this.keySecret,
    });
    if (!result.verified) {
      this.used.delete(signature);
      return refused;
    }
    await this.options.used?.set(`captcha-used:${signature}`, true, data.issuedAt + this.ttlMs);
    // A challenge issued before work was signed into it (a token minted just before an upgrade) is the normal work.
    return { valid: true, work: typeof data.work === 'number' ? data.work : 1 };
  }

  private forgetExpired(now: number): void {
    for (const [signature, expires] of this.used) if (expires <= now) this.used.delete(signature);
  }
}
