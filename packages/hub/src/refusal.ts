/**
 * The hub's one error mechanism: a service refuses by throwing a Refusal with a code of the
 * catalogue; the endpoint turns it into the answer `{ ok: false, code, retryAfterMs? }`. Anything
 * else thrown is a fault: logged, answered SERVER_ERROR.
 */
import type { ErrorCode } from '@eid/domain';

export class Refusal extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly retryAfterMs?: number,
  ) {
    super(code);
    this.name = 'Refusal';
  }
}

export function refuse(code: ErrorCode, retryAfterMs?: number): never {
  throw new Refusal(code, retryAfterMs);
}
