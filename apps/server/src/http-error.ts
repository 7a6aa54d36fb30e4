import * as v from 'valibot';
import type { ErrorCode } from '@eid/domain';

/** An error that leaves the server as `{ code }` with the given status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly path?: string,
  ) {
    super(code);
    this.name = 'HttpError';
  }
}

/**
 * Validates untrusted input with a domain schema. The server never trusts the client: every
 * payload passes the same valibot schema the browser used, and a failure is DATA_ERROR with
 * the path of the first bad field.
 */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const first = result.issues[0];
  const path = first ? v.getDotPath(first) ?? undefined : undefined;
  throw new HttpError(400, 'DATA_ERROR', path);
}
