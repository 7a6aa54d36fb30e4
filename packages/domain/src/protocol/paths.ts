/** app-shell §7: backend base path and websocket path. */
export const BACKEND_BASE_PATH = '/serveris';
/** Binaries of a declaration (protocol/blob.ts). */
export const BLOB_PATH = `${BACKEND_BASE_PATH}/blob`;
/** Address suggestions: `GET /serveris/adresai?q=...` or `?lat=...&lon=...` (nearest). */
export const ADDRESS_PATH = `${BACKEND_BASE_PATH}/adresai`;
export const WS_PATH = `${BACKEND_BASE_PATH}/ws-interface`;
/** The process is alive (the balancer's health check). */
export const HEALTH_PATH = `${BACKEND_BASE_PATH}/health`;
/** The node can serve: its database, object store and change feed answer, and it is not stopping. */
export const READY_PATH = `${BACKEND_BASE_PATH}/ready`;
export const GET_FILE_PATH = '/getFile';
/** Opening a statement with its password (POST), reading an opened one (GET `/{statementId}`). */
export const STATEMENT_PATH = `${BACKEND_BASE_PATH}/statement`;
/** A captcha challenge for an action (GET `?action=`). */
export const CAPTCHA_PATH = `${BACKEND_BASE_PATH}/captcha`;
/** The account calls (issue 15): `…/register`, `…/sign-in`, `…/me`, `…/sessions` … (apps/server/src/routes/account.ts). */
export const ACCOUNT_PATH = `${BACKEND_BASE_PATH}/account`;
/** The bureau's console calls (issue 16): staff sign-in, lists, chats, staff, the audit log (apps/server/src/routes/console.ts). */
export const CONSOLE_PATH = `${BACKEND_BASE_PATH}/console`;
/** The e-mail confirmation link's token (POST). */
export const CONFIRM_EMAIL_PATH = `${BACKEND_BASE_PATH}/confirm-email`;
/** Issue 17: the cached lists of the claim form (makes, vehicle types, insurers, Lithuanian banks). */
export const LISTS_PATH = `${BACKEND_BASE_PATH}/lists`;

/** Issue 36: where the JSON Schema of a major version of the insurers' data model is published. */
/** Issue 36: the insurers' API (version 1 of its calls), the token endpoint and the API's OpenAPI document. */
export const INSURER_API_PATH = `${BACKEND_BASE_PATH}/insurers/v1`;
export const INSURER_TOKEN_PATH = `${BACKEND_BASE_PATH}/insurers/oauth/token`;
export const INSURER_OPENAPI_PATH = `${BACKEND_BASE_PATH}/insurers/openapi.json`;
export const INSURER_SCHEMA_PATH = (major: number) => `${BACKEND_BASE_PATH}/insurers/schemas/declaration/v${major}`;
