import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { isStorageFull, STORAGE_FULL_RETRY_MS, type ErrorCode } from '@eid/domain';
import { UPLOAD_REFUSAL_STATUS, type ApiErrorBody } from '@eid/domain/protocol';
import { UploadError } from '@eid/hub';
import { AccountError, ChatError, InsurerApiError, type InsurerApiFailure, ClaimError, ConsoleError, RecordsError, StatementError, type ChatFailure, type ClaimFailure, type ConsoleFailure, type RecordsFailure, type StatementFailure } from '@eid/accounts';
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

/** A chat's refusals (CH6). */
const CHAT_STATUS: Record<ChatFailure, number> = {
  CHAT_NOT_FOUND: 404,
  CHAT_TOPIC_INVALID: 400,
  CHAT_TEXT_INVALID: 400,
  CHAT_FILE_INVALID: 400,
  CHAT_TOO_MANY_FILES: 400,
};

/** The victim's claim's refusals (UE). */
const CLAIM_STATUS: Record<ClaimFailure, number> = {
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

/** The console's refusals (SF1-SF4). */
const CONSOLE_STATUS: Record<ConsoleFailure, number> = {
  STAFF_SIGN_IN_FAILED: 401,
  STAFF_NOT_SIGNED_IN: 401,
  STAFF_FORBIDDEN: 403,
  STAFF_EXISTS: 409,
  STAFF_NOT_FOUND: 404,
  RECIPIENT_NOT_FOUND: 404,
  SYSTEM_UPDATE_TIMES: 400,
  INSURER_CLIENT_NOT_FOUND: 404,
  INSURER_NOT_IN_REGISTRY: 400,
  WEBHOOK_ADDRESS_REFUSED: 400,
  WEBHOOK_NOT_FOUND: 404,
};

/** The insurers' API's refusals (issue 36). */
const INSURER_API_STATUS: Record<InsurerApiFailure, number> = {
  INSURER_TOKEN_INVALID: 401,
  INSURER_RECORD_NOT_FOUND: 404,
};

/** The account use cases' refusals (AC, ID). */
const ACCOUNT_STATUS: Record<AccountError['code'], number> = {
  INVALID_CREDENTIALS: 401,
  SIGN_IN_LOCKED: 429,
  ACCOUNT_LINK_INVALID: 400,
  NOT_SIGNED_IN: 401,
  CSRF_TOKEN_INVALID: 403,
  SESSION_NOT_FOUND: 404,
  SIGN_IN_ATTEMPT_UNKNOWN: 404,
  SIGN_IN_TOO_SOON: 429,
  IDENTITY_USER_REFUSED: 401,
  SOCIAL_SIGN_IN_CANCELLED: 401,
  PERSONAL_CODE_TAKEN: 409,
  ACCOUNT_ALREADY_VERIFIED: 409,
  EMAIL_IS_SIGN_IN: 409,
  EMAIL_TAKEN: 409,
  IDENTITY_TIMEOUT: 401,
  IDENTITY_WRONG_VC: 401,
  IDENTITY_NOT_CLIENT: 401,
  IDENTITY_NOT_DELIVERED: 502,
  IDENTITY_NOT_VERIFIED: 401,
  IDENTITY_FAILED: 502,
};

/** Opening a statement refused (PV). */
const STATEMENT_STATUS: Record<StatementFailure, number> = {
  CAPTCHA_REQUIRED: 400,
  CAPTCHA_INVALID: 403,
  PREVIEW_LOAD_FAILED: 403,
  RATE_LIMITED: 429,
  FILE_NOT_FOUND: 404,
};

/** The records use cases' refusals (BR5, settings M). */
const RECORDS_STATUS: Record<RecordsFailure, number> = {
  PREVIEW_LOAD_FAILED: 403,
  NOT_SIGNED_IN: 401,
};

type Refusal = FastifyError | HttpError | ChatError | ClaimError | ConsoleError | InsurerApiError | RecordsError | AccountError | StatementError | UploadError;

function classify(error: Refusal): { status: number; body: ApiErrorBody } {
  // OP3: the disk is full: nothing was kept, the caller tries again when space returns.
  if (isStorageFull(error)) return { status: 507, body: { code: 'STORAGE_FULL' } };
  if (error instanceof ChatError) return { status: CHAT_STATUS[error.code], body: { code: error.code } };
  if (error instanceof ClaimError) return { status: CLAIM_STATUS[error.code], body: { code: error.code } };
  if (error instanceof ConsoleError) return { status: CONSOLE_STATUS[error.code], body: { code: error.code } };
  if (error instanceof InsurerApiError) return { status: INSURER_API_STATUS[error.code], body: { code: error.code } };
  if (error instanceof RecordsError) return { status: RECORDS_STATUS[error.code], body: { code: error.code } };
  if (error instanceof AccountError) return { status: ACCOUNT_STATUS[error.code], body: { code: error.code } };
  if (error instanceof StatementError) return { status: STATEMENT_STATUS[error.code], body: { code: error.code } };
  if (error instanceof UploadError) return { status: UPLOAD_REFUSAL_STATUS[error.code], body: { code: error.code } };
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
    app.setErrorHandler((error: Refusal, request, reply) => {
      const { status, body } = classify(error);
      // A refusal that says when to try again (a lock-out, a pace) says it in the header too.
      if ((error instanceof AccountError || error instanceof StatementError) && error.retryAfterMs !== undefined) reply.header('retry-after', String(Math.ceil(error.retryAfterMs / 1000)));
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
