/**
 * The signed-in browser's account and session for a call of the account area (AC3, AC10):
 * NOT_SIGNED_IN without a live session (its stale cookie cleared), CSRF_TOKEN_INVALID when a
 * state-changing call lacks the session's token.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http-error.js';
import { clearSessionCookie, CSRF_HEADER, csrfTokenValid, sessionToken } from './session-cookie.js';

export async function requireSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, change: boolean) {
  const found = await app.accounts.authenticate(sessionToken(request));
  if (!found) {
    if (sessionToken(request) !== undefined) clearSessionCookie(request, reply);
    throw new HttpError(401, 'NOT_SIGNED_IN');
  }
  if (change && !csrfTokenValid(app.secret, found.session.id, request.headers[CSRF_HEADER])) throw new HttpError(403, 'CSRF_TOKEN_INVALID');
  return found;
}
