/**
 * The routes of the bureau's console (issue 16) and of the system update, kept apart from the whole
 * table (http-routes.ts spreads them in): the console's sign-in finds its calls without the drivers'
 * (issue 35 item 3: a module is one piece of a chunk, however little of it a page uses).
 */
import { BACKEND_BASE_PATH, CONSOLE_PATH } from './paths.js';
import type { HttpRoute } from './http-route.js';

/** SU2: the system update announced or in progress (the drivers' screens ask it, and the console). */
export const SYSTEM_UPDATE_ROUTES = {
  systemUpdate: { method: 'GET', path: `${BACKEND_BASE_PATH}/system-update`, caller: 'anyone' },
} as const satisfies Record<string, HttpRoute>;

/** The bureau's staff: the console's calls (and its sign-in), which it finds here without the drivers' table (issue 35 item 3). */
export const STAFF_HTTP_ROUTES = {
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
} as const satisfies Record<string, HttpRoute>;

/** What the bureau's console calls: its own and the system update's. */
export const CONSOLE_HTTP_ROUTES = { ...SYSTEM_UPDATE_ROUTES, ...STAFF_HTTP_ROUTES } as const satisfies Record<string, HttpRoute>;
