/**
 * Codes of the HTTP and RPC layer itself, beside the business codes of the spec's catalogue.
 * A request that fails schema validation gets the catalogue's own DATA_ERROR.
 */
export const API_ERROR_CODES = [
  'DATA_ERROR',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'RATE_LIMITED',
  'SERVER_ERROR',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** The body of every error answer: a code for programs, never a UI text. */
export interface ApiErrorBody {
  readonly code: ApiErrorCode;
  /** Where the input was wrong (dot path), when the code is DATA_ERROR. */
  readonly path?: string;
}

export function isApiErrorCode(x: unknown): x is ApiErrorCode {
  return typeof x === 'string' && (API_ERROR_CODES as readonly string[]).includes(x);
}
