/** Opening a statement refused, with its typed code (and when to try again, for a locked link). */
export type StatementFailure = 'CAPTCHA_REQUIRED' | 'CAPTCHA_INVALID' | 'PREVIEW_LOAD_FAILED' | 'RATE_LIMITED' | 'FILE_NOT_FOUND';

export class StatementError extends Error {
  constructor(
    readonly code: StatementFailure,
    readonly retryAfterMs?: number,
  ) {
    super(code);
    this.name = 'StatementError';
  }
}
