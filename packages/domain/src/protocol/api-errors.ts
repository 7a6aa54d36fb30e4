import type { ErrorCode } from '../rules/errors.js';

/**
 * The codes an HTTP or RPC answer may carry when the edge itself refuses a request, all members of
 * the one `ErrorCode` union: invalid input is the catalogue's DATA_ERROR.
 */
export const API_ERROR_CODES = [
  'DATA_ERROR',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'ROUTE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'RATE_LIMITED',
  'STORAGE_FULL',
  'SERVER_ERROR',
] as const satisfies readonly ErrorCode[];

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** The body of every error answer: a code for programs, never a UI text. */
export interface ApiErrorBody {
  readonly code: ErrorCode;
  /** Where the input was wrong (dot path), when the code is DATA_ERROR. */
  readonly path?: string;
}

export function isApiErrorCode(x: unknown): x is ApiErrorCode {
  return typeof x === 'string' && (API_ERROR_CODES as readonly string[]).includes(x);
}
