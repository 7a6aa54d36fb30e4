/**
 * Account refusals (issue 15; names are ours): a wrong address or password (one code for both:
 * nothing tells whether an address has an account; an unconfirmed one has no password yet), a
 * locked address, a used or expired link, no session, a missing CSRF token, a session that is not the caller's.
 * A module of its own (in errors.ts's families): the first screen's login host narrows a refusal with
 * it, and importing errors.ts for it put every family in the first screen's bundle (issue 35).
 */
export const ACCOUNT_ERROR_CODES = [
  'INVALID_CREDENTIALS',
  'SIGN_IN_LOCKED',
  'ACCOUNT_LINK_INVALID',
  'NOT_SIGNED_IN',
  'CSRF_TOKEN_INVALID',
  'SESSION_NOT_FOUND',
  'SIGN_IN_ATTEMPT_UNKNOWN',
  'SIGN_IN_TOO_SOON',
  'IDENTITY_USER_REFUSED',
  'SOCIAL_SIGN_IN_CANCELLED',
  'PERSONAL_CODE_TAKEN',
  'ACCOUNT_ALREADY_VERIFIED',
  'IDENTITY_TIMEOUT',
  'IDENTITY_WRONG_VC',
  'IDENTITY_NOT_CLIENT',
  'IDENTITY_NOT_DELIVERED',
  'IDENTITY_NOT_VERIFIED',
  'IDENTITY_FAILED',
  'EMAIL_IS_SIGN_IN',
  'EMAIL_TAKEN',
] as const;
