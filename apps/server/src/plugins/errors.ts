import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { isStorageFull, STORAGE_FULL_RETRY_MS, type ApiErrorBody, type ErrorCode } from '@eid/domain';
import { ConsoleError, type ConsoleFailure } from '@eid/accounts';
import { HttpError } from '../http-error.js';

/** Fastify's own error codes for bad requests, mapped to the API's typed codes. */
const FASTIFY_CODES: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'DATA_ERROR' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'DATA_ERROR' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'DATA_ERROR' },
  FST_ERR_VALIDATION: { status: 400, code: 'DATA_ERROR' },
};

/** The chat, claim and console use cases' refusals (CH6, SF1-SF4, UE). */
const CONSOLE_STATUS: Record<ConsoleFailure, number> = {
  CHAT_NOT_FOUND: 404,
  CHAT_TOPIC_INVALID: 400,
  CHAT_TEXT_INVALID: 400,
  CHAT_FILE_INVALID: 400,
  CHAT_TOO_MANY_FILES: 400,
  STAFF_SIGN_IN_FAILED: 401,
  STAFF_NOT_SIGNED_IN: 401,
  STAFF_FORBIDDEN: 403,
  STAFF_EXISTS: 409,
  STAFF_NOT_FOUND: 404,
  RECIPIENT_NOT_FOUND: 404,
  CLAIM_NOT_FOUND: 404,
  CLAIM_NOT_EDITABLE: 409,
  CLAIM_INCOMPLETE: 400,
  CLAIM_STATE_INVALID: 409,
  CLAIM_NOT_VICTIM: 403,
  CLAIM_FILE_INVALID: 400,
  CLAIM_TOO_MANY_FILES: 400,
  CLAIM_DOCUMENT_MISSING: 400,
  CLAIM_NO_DAMAGE: 400,
  COMPANY_CODE_INVALID: 400,
  IBAN_BANK_MISMATCH: 400,
};

function classify(error: FastifyError | HttpError | ConsoleError): { status: number; body: ApiErrorBody } {
  // OP3: the disk is full: nothing was kept, the caller tries again when space returns.
  if (isStorageFull(error)) return { status: 507, body: { code: 'STORAGE_FULL' } };
  if (error instanceof ConsoleError) return { status: CONSOLE_STATUS[error.code], body: { code: error.code } };
  if (error instanceof HttpError) {
    return { status: error.statusCode, body: error.path ? { code: error.code, path: error.path } : { code: error.code } };
  }
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) return { status: known.status, body: { code: known.code } };
  const status = error.statusCode ?? 500;
  if (status === 429) return { status, body: { code: 'RATE_LIMITED' } };
  if (status === 404) return { status, body: { code: 'ROUTE_NOT_FOUND' } };
  if (status === 405) return { status, body: { code: 'METHOD_NOT_ALLOWED' } };
  if (status === 413) return { status, body: { code: 'PAYLOAD_TOO_LARGE' } };
  if (status >= 400 && status < 500) return { status, body: { code: 'DATA_ERROR' } };
  return { status: 500, body: { code: 'SERVER_ERROR' } };
}

/** Every error leaves as a typed `{ code }`; only genuine faults are 5xx and logged as errors. */
export default fp(
  async (app) => {
    let diskFullLoggedAt = -Infinity;
    app.setErrorHandler((error: FastifyError | HttpError | ConsoleError, request, reply) => {
      const { status, body } = classify(error);
      if (status === 507) {
        // Said once a minute: a full disk refuses every write until space returns.
        const now = app.clock.now();
        if (now - diskFullLoggedAt >= 60_000) {
          diskFullLoggedAt = now;
          request.log.error({ err: error }, 'a write was refused: the disk is full');
        }
        return reply.code(status).header('retry-after', String(STORAGE_FULL_RETRY_MS / 1000)).type('application/json; charset=utf-8').send(body);
      }
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      // A refusal is the caller's: written within its address's budget (FU12).
      else request.server.requestLogBudget.line(request.ip, () => request.log.info({ code: body.code, path: body.path }, 'request refused'));
      return reply.code(status).type('application/json; charset=utf-8').send(body);
    });
  },
  { name: 'eid-errors', dependencies: ['eid-request-log'] },
);
