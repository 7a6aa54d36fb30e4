import type { AccountFailure } from '@eid/domain';

/** A use case refuses by throwing this with a code; the server answers it as a typed error. */
export class AccountError extends Error {
  constructor(
    readonly code: AccountFailure,
    readonly retryAfterMs?: number,
  ) {
    super(code);
    this.name = 'AccountError';
  }
}

export function refuseAccount(code: AccountFailure, retryAfterMs?: number): never {
  throw new AccountError(code, retryAfterMs);
}
