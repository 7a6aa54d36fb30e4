/**
 * The console's staff session (SF3): its own cookie, sent only to the console's calls (a driver's
 * session opens nothing there), HTTP-only, same-site strict; a changing call carries the session's
 * CSRF token. Every call names its actor for the audit log (AL1).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_SESSION_LIMITS, type StaffPermission } from '@eid/domain';
import { CONSOLE_PATH } from '@eid/domain/protocol';
import type { StaffActor } from '@eid/accounts';
import { HttpError } from '../http-error.js';
import { CSRF_HEADER, csrfTokenOf, csrfTokenValid } from './session-cookie.js';

export const STAFF_COOKIE = 'eid_staff';

const cookieOptions = (request: FastifyRequest) => ({ path: CONSOLE_PATH, httpOnly: true, sameSite: 'strict' as const, secure: request.protocol === 'https' });

export function setStaffCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(STAFF_COOKIE, token, { ...cookieOptions(request), maxAge: STAFF_SESSION_LIMITS.absoluteMs / 1000 });
}

export function clearStaffCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(STAFF_COOKIE, cookieOptions(request));
}

export const staffCsrfToken = (secret: string, sessionId: string) => csrfTokenOf(secret, `staff.${sessionId}`);

/** `permission`: what the member's role must allow (the call's entry says; STAFF_FORBIDDEN otherwise); null only for the member's own calls (who am I, sign out). */
export async function requireStaff(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, change: boolean, permission: StaffPermission | null): Promise<StaffActor> {
  const token = request.cookies[STAFF_COOKIE];
  const found = await app.staff.authenticate(token);
  if (!found) {
    if (token !== undefined) clearStaffCookie(request, reply);
    throw new HttpError(401, 'STAFF_NOT_SIGNED_IN');
  }
  if (change && !csrfTokenValid(app.secret, `staff.${found.session.id}`, request.headers[CSRF_HEADER])) throw new HttpError(403, 'CSRF_TOKEN_INVALID');
  const actor = { ...found, ip: request.ip };
  if (permission) app.staff.require(actor, permission);
  return actor;
}
