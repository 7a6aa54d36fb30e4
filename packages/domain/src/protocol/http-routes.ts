/**
 * Where each HTTP call is and who may make it: its method, its path and its caller, one entry per
 * call of `HTTP_CALLS` (http-calls.ts adds each call's input schemas, limits and answer). Kept apart
 * so that a browser finds its calls without downloading every schema of the service (issue 35: the
 * schemas pull in the phone-number and IBAN libraries).
 */
import {
  ACCOUNT_PATH,
  ADDRESS_PATH,
  BACKEND_BASE_PATH,
  BLOB_PATH,
  CAPTCHA_PATH,
  CONFIRM_EMAIL_PATH,
  GET_FILE_PATH,
  HEALTH_PATH,
  INSURER_API_PATH,
  INSURER_OPENAPI_PATH,
  INSURER_TOKEN_PATH,
  LISTS_PATH,
  READY_PATH,
  STATEMENT_PATH,
} from './paths.js';
import type { HttpRoute } from './http-route.js';
import { STAFF_HTTP_ROUTES, SYSTEM_UPDATE_ROUTES } from './console-http-routes.js';

export type { HttpCaller, HttpMethod, HttpRoute } from './http-route.js';

export const HTTP_ROUTES = {
  // — anyone ——————————————————————————————————————————————————————————————————
  health: { method: 'GET', path: HEALTH_PATH, caller: 'anyone' },
  ready: { method: 'GET', path: READY_PATH, caller: 'anyone' },
  parameter: { method: 'GET', path: `${BACKEND_BASE_PATH}/parametrai/:name`, caller: 'anyone' },
  ...SYSTEM_UPDATE_ROUTES,
  logInfo: { method: 'POST', path: `${BACKEND_BASE_PATH}/log`, caller: 'anyone' },
  logWarn: { method: 'POST', path: `${BACKEND_BASE_PATH}/log/warn`, caller: 'anyone' },
  logError: { method: 'POST', path: `${BACKEND_BASE_PATH}/log/error`, caller: 'anyone' },
  captchaChallenge: { method: 'GET', path: CAPTCHA_PATH, caller: 'anyone' },
  findAddress: { method: 'GET', path: ADDRESS_PATH, caller: 'anyone' },
  lists: { method: 'GET', path: LISTS_PATH, caller: 'anyone' },
  confirmEmail: { method: 'POST', path: CONFIRM_EMAIL_PATH, caller: 'anyone' },
  openStatement: { method: 'POST', path: STATEMENT_PATH, caller: 'anyone' },
  statement: { method: 'GET', path: `${STATEMENT_PATH}/:statementId`, caller: 'anyone' },
  getFile: { method: 'GET', path: GET_FILE_PATH, caller: 'anyone' },
  /** Issue 36: the JSON Schema of what insurers receive, by major version (public: it holds no data). */
  insurerDataSchema: { method: 'GET', path: `${BACKEND_BASE_PATH}/insurers/schemas/declaration/:major`, caller: 'anyone' },

  /** Issue 36: OAuth 2.0 client credentials (RFC 6749 §4.4): form-encoded, its inputs checked by the OAuth library. */
  insurerToken: { method: 'POST', path: INSURER_TOKEN_PATH, caller: 'anyone' },
  /** Issue 36: the OpenAPI 3.1 document of the insurers' API. */
  insurerOpenApi: { method: 'GET', path: INSURER_OPENAPI_PATH, caller: 'anyone' },

  // — an insurer's system (issue 36) ——————————————————————————————————————————
  insurerFeed: { method: 'GET', path: `${INSURER_API_PATH}/declarations`, caller: 'insurer' },
  insurerDeclaration: { method: 'GET', path: `${INSURER_API_PATH}/declarations/:declarationId`, caller: 'insurer' },
  insurerFile: { method: 'GET', path: `${INSURER_API_PATH}/declarations/:declarationId/files/:fileId`, caller: 'insurer' },
  insurerPdf: { method: 'GET', path: `${INSURER_API_PATH}/declarations/:declarationId/pdf`, caller: 'insurer' },
  registerInsurerClaim: { method: 'PUT', path: `${INSURER_API_PATH}/declarations/:declarationId/claim`, caller: 'insurer' },

  // — a seat of a declaration ————————————————————————————————————————————————
  uploadBinary: { method: 'POST', path: BLOB_PATH, caller: 'seat' },

  // — an account: signing in ————————————————————————————————————————————————
  register: { method: 'POST', path: `${ACCOUNT_PATH}/register`, caller: 'page' },
  confirmAccount: { method: 'POST', path: `${ACCOUNT_PATH}/confirm`, caller: 'page' },
  signIn: { method: 'POST', path: `${ACCOUNT_PATH}/sign-in`, caller: 'page' },
  signInMethods: { method: 'GET', path: `${ACCOUNT_PATH}/methods`, caller: 'anyone' },
  smartId: { method: 'POST', path: `${ACCOUNT_PATH}/smart-id`, caller: 'page' },
  mobileId: { method: 'POST', path: `${ACCOUNT_PATH}/mobile-id`, caller: 'page' },
  identityPoll: { method: 'POST', path: `${ACCOUNT_PATH}/identity/poll`, caller: 'page' },
  resetRequest: { method: 'POST', path: `${ACCOUNT_PATH}/reset-request`, caller: 'page' },
  reset: { method: 'POST', path: `${ACCOUNT_PATH}/reset`, caller: 'page' },
  oidcStart: { method: 'GET', path: `${ACCOUNT_PATH}/oidc/:provider/start`, caller: 'anyone' },
  oidcCallback: { method: 'GET', path: `${ACCOUNT_PATH}/oidc/:provider/callback`, caller: 'anyone' },

  // — an account: signed in ——————————————————————————————————————————————————
  me: { method: 'GET', path: `${ACCOUNT_PATH}/me`, caller: 'account' },
  linkSmartId: { method: 'POST', path: `${ACCOUNT_PATH}/link/smart-id`, caller: 'account' },
  linkMobileId: { method: 'POST', path: `${ACCOUNT_PATH}/link/mobile-id`, caller: 'account' },
  signOut: { method: 'POST', path: `${ACCOUNT_PATH}/sign-out`, caller: 'account' },
  signOutEverywhere: { method: 'POST', path: `${ACCOUNT_PATH}/sign-out-everywhere`, caller: 'account' },
  changePassword: { method: 'POST', path: `${ACCOUNT_PATH}/password`, caller: 'account' },
  savePerson: { method: 'PUT', path: `${ACCOUNT_PATH}/person`, caller: 'account' },
  sessions: { method: 'GET', path: `${ACCOUNT_PATH}/sessions`, caller: 'account' },
  endSession: { method: 'DELETE', path: `${ACCOUNT_PATH}/sessions/:id`, caller: 'account' },
  documents: { method: 'GET', path: `${ACCOUNT_PATH}/documents`, caller: 'account' },
  liabilities: { method: 'GET', path: `${ACCOUNT_PATH}/liabilities`, caller: 'account' },
  accidents: { method: 'GET', path: `${ACCOUNT_PATH}/accidents`, caller: 'account' },
  accountStatement: { method: 'GET', path: `${ACCOUNT_PATH}/statements/:statementId`, caller: 'account' },
  addEmail: { method: 'POST', path: `${ACCOUNT_PATH}/email`, caller: 'account' },
  confirmNewEmail: { method: 'POST', path: `${ACCOUNT_PATH}/email/confirm`, caller: 'account' },
  notifications: { method: 'GET', path: `${ACCOUNT_PATH}/notifications`, caller: 'account' },
  saveNotifications: { method: 'PUT', path: `${ACCOUNT_PATH}/notifications`, caller: 'account' },
  chats: { method: 'GET', path: `${ACCOUNT_PATH}/chats`, caller: 'account' },
  unreadChats: { method: 'GET', path: `${ACCOUNT_PATH}/chats/unread`, caller: 'account' },
  chat: { method: 'GET', path: `${ACCOUNT_PATH}/chats/:chatId`, caller: 'account' },
  chatFile: { method: 'GET', path: `${ACCOUNT_PATH}/chats/:chatId/files/:fileId`, caller: 'account' },
  startChat: { method: 'POST', path: `${ACCOUNT_PATH}/chats`, caller: 'account' },
  replyInChat: { method: 'POST', path: `${ACCOUNT_PATH}/chats/:chatId/messages`, caller: 'account' },
  chatEvents: { method: 'GET', path: `${ACCOUNT_PATH}/chat-events`, caller: 'account' },
  claims: { method: 'GET', path: `${ACCOUNT_PATH}/claims`, caller: 'account' },
  startClaim: { method: 'POST', path: `${ACCOUNT_PATH}/claims`, caller: 'account' },
  claim: { method: 'GET', path: `${ACCOUNT_PATH}/claims/:claimId`, caller: 'account' },
  saveClaim: { method: 'PUT', path: `${ACCOUNT_PATH}/claims/:claimId`, caller: 'account' },
  addClaimDocuments: { method: 'POST', path: `${ACCOUNT_PATH}/claims/:claimId/documents`, caller: 'account' },
  removeClaimDocument: { method: 'DELETE', path: `${ACCOUNT_PATH}/claims/:claimId/documents/:fileId`, caller: 'account' },
  claimDocument: { method: 'GET', path: `${ACCOUNT_PATH}/claims/:claimId/documents/:fileId`, caller: 'account' },
  claimScheme: { method: 'GET', path: `${ACCOUNT_PATH}/claims/:claimId/scheme`, caller: 'account' },
  submitClaim: { method: 'POST', path: `${ACCOUNT_PATH}/claims/:claimId/submit`, caller: 'account' },

  // — the bureau's staff (console-http-routes.ts) ———————————————————————————————
  ...STAFF_HTTP_ROUTES,

  // — the server's own host ———————————————————————————————————————————————————
  devMetrics: { method: 'GET', path: `${BACKEND_BASE_PATH}/dev/metrics`, caller: 'loopback' },
  devOutbox: { method: 'GET', path: `${BACKEND_BASE_PATH}/dev/outbox`, caller: 'loopback' },
  devClock: { method: 'POST', path: `${BACKEND_BASE_PATH}/dev/clock`, caller: 'loopback' },
} as const satisfies Record<string, HttpRoute>;
