/**
 * The hub's one error mechanism: a service refuses by throwing a Refusal with a code of the
 * catalogue; the endpoint turns it into the answer `{ ok: false, code, retryAfterMs?, work? }`. Anything
 * else thrown is a fault: logged, answered SERVER_ERROR.
 */
import type { ErrorCode } from '@eid/domain';

export class Refusal extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly retryAfterMs?: number,
    /** CAPTCHA_TOO_EASY: the work a new proof must carry (JN8). */
    readonly work?: number,
  ) {
    super(code);
    this.name = 'Refusal';
  }
}

export function refuse(code: ErrorCode, retryAfterMs?: number, work?: number): never {
  throw new Refusal(code, retryAfterMs, work);
}
