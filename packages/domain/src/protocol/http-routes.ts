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
  CONSOLE_PATH,
  GET_FILE_PATH,
  HEALTH_PATH,
  INSURER_API_PATH,
  INSURER_OPENAPI_PATH,
  INSURER_TOKEN_PATH,
  LISTS_PATH,
  READY_PATH,
  STATEMENT_PATH,
} from './paths.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may make the call: anyone; anyone from this site's own pages (AC10: a call before any
 * session, such as a sign-in, is refused from another site); a signed-in account (its session cookie, and for a change its
 * CSRF token); the bureau's staff; an insurer's system (an OAuth 2.0 bearer token, issue 36); a seat of a declaration (in the upload's headers); the server's
 * own host (developer tools).
 */
export type HttpCaller = 'anyone' | 'page' | 'account' | 'staff' | 'seat' | 'loopback' | 'insurer';

export interface HttpRoute {
  readonly method: HttpMethod;
  /** Fastify's path, with `:name` for a path parameter. */
  readonly path: string;
  readonly caller: HttpCaller;
}

export const HTTP_ROUTES = {
  // — anyone ——————————————————————————————————————————————————————————————————
  health: { method: 'GET', path: HEALTH_PATH, caller: 'anyone' },
  ready: { method: 'GET', path: READY_PATH, caller: 'anyone' },
  parameter: { method: 'GET', path: `${BACKEND_BASE_PATH}/parametrai/:name`, caller: 'anyone' },
  /** SU2: the system update announced or in progress (the drivers' screens ask it). */
  systemUpdate: { method: 'GET', path: `${BACKEND_BASE_PATH}/system-update`, caller: 'anyone' },
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

  // — the bureau's staff ——————————————————————————————————————————————————————
  staffSignIn: { method: 'POST', path: `${CONSOLE_PATH}/sign-in`, caller: 'anyone' },
  staffMe: { method: 'GET', path: `${CONSOLE_PATH}/me`, caller: 'staff' },
  staffSignOut: { method: 'POST', path: `${CONSOLE_PATH}/sign-out`, caller: 'staff' },
  consoleChats: { method: 'GET', path: `${CONSOLE_PATH}/chats`, caller: 'staff' },
  consoleChat: { method: 'GET', path: `${CONSOLE_PATH}/chats/:chatId`, caller: 'staff' },
  consoleChatFile: { method: 'GET', path: `${CONSOLE_PATH}/chats/:chatId/files/:fileId`, caller: 'staff' },
  consoleReply: { method: 'POST', path: `${CONSOLE_PATH}/chats/:chatId/messages`, caller: 'staff' },
  consoleMessage: { method: 'POST', path: `${CONSOLE_PATH}/messages`, caller: 'staff' },
  consoleEvents: { method: 'GET', path: `${CONSOLE_PATH}/events`, caller: 'staff' },
  staff: { method: 'GET', path: `${CONSOLE_PATH}/staff`, caller: 'staff' },
  addStaff: { method: 'POST', path: `${CONSOLE_PATH}/staff`, caller: 'staff' },
  disableStaff: { method: 'POST', path: `${CONSOLE_PATH}/staff/:id/disable`, caller: 'staff' },
  /** SU1, SU3: a supervisor announces a system update (audited), or calls it off. */
  announceSystemUpdate: { method: 'POST', path: `${CONSOLE_PATH}/system-update`, caller: 'staff' },
  cancelSystemUpdate: { method: 'POST', path: `${CONSOLE_PATH}/system-update/cancel`, caller: 'staff' },
  audit: { method: 'GET', path: `${CONSOLE_PATH}/audit`, caller: 'staff' },
  /** Issue 36: the insurers' clients (a supervisor's). */
  insurerClients: { method: 'GET', path: `${CONSOLE_PATH}/insurer-clients`, caller: 'staff' },
  addInsurerClient: { method: 'POST', path: `${CONSOLE_PATH}/insurer-clients`, caller: 'staff' },
  rotateInsurerClient: { method: 'POST', path: `${CONSOLE_PATH}/insurer-clients/:clientId/rotate`, caller: 'staff' },
  revokeInsurerClient: { method: 'POST', path: `${CONSOLE_PATH}/insurer-clients/:clientId/revoke`, caller: 'staff' },
  webhookDeliveries: { method: 'GET', path: `${CONSOLE_PATH}/webhooks`, caller: 'staff' },
  /** Issue 36: the declarations an insurer has not answered within two working days. */
  overdueInsurerAnswers: { method: 'GET', path: `${CONSOLE_PATH}/insurer-answers/overdue`, caller: 'staff' },
  webhookAttempts: { method: 'GET', path: `${CONSOLE_PATH}/webhooks/:deliveryId`, caller: 'staff' },
  replayWebhook: { method: 'POST', path: `${CONSOLE_PATH}/webhooks/:deliveryId/replay`, caller: 'staff' },
  consoleDeclarations: { method: 'GET', path: `${CONSOLE_PATH}/declarations`, caller: 'staff' },
  consoleDeclaration: { method: 'GET', path: `${CONSOLE_PATH}/declarations/:declarationId`, caller: 'staff' },
  consoleClaims: { method: 'GET', path: `${CONSOLE_PATH}/claims`, caller: 'staff' },
  consoleClaim: { method: 'GET', path: `${CONSOLE_PATH}/claims/:claimId`, caller: 'staff' },
  consoleClaimDocument: { method: 'GET', path: `${CONSOLE_PATH}/claims/:claimId/documents/:fileId`, caller: 'staff' },
  consoleClaimPdf: { method: 'GET', path: `${CONSOLE_PATH}/claims/:claimId/pdf`, caller: 'staff' },
  moveClaim: { method: 'POST', path: `${CONSOLE_PATH}/claims/:claimId/state`, caller: 'staff' },

  // — the server's own host ———————————————————————————————————————————————————
  devMetrics: { method: 'GET', path: `${BACKEND_BASE_PATH}/dev/metrics`, caller: 'loopback' },
  devOutbox: { method: 'GET', path: `${BACKEND_BASE_PATH}/dev/outbox`, caller: 'loopback' },
  devClock: { method: 'POST', path: `${BACKEND_BASE_PATH}/dev/clock`, caller: 'loopback' },
} as const satisfies Record<string, HttpRoute>;
