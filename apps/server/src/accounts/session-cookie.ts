import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_LIMITS } from '@eid/domain';
import { ACCOUNT_PATH } from '@eid/domain/protocol';

/** The session cookie: opaque (the store keeps its SHA-256), HTTP-only, same-site strict, Secure over HTTPS. */
export const SESSION_COOKIE = 'eid_session';
/** The header every state-changing call of a signed-in browser carries (AC10). */
export const CSRF_HEADER = 'x-eid-csrf';

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: SESSION_LIMITS.absoluteMs / 1000,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https' });
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

/** ID7: the cookie that binds a Smart-ID or Mobile-ID attempt to the browser that started it (HTTP-only, 5 minutes, account calls only). */
export const ATTEMPT_COOKIE = 'eid_attempt';

export function setAttemptCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  reply.setCookie(ATTEMPT_COOKIE, value, { path: ACCOUNT_PATH, httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', maxAge: 5 * 60 });
}

export function attemptBinding(request: FastifyRequest): string {
  return request.cookies[ATTEMPT_COOKIE] ?? '';
}

/** AC10: the session's CSRF token: an HMAC of its id under the installation's secret (nothing more to store). */
export function csrfTokenOf(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`csrf.${sessionId}`).digest('base64url');
}

export function csrfTokenValid(secret: string, sessionId: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(csrfTokenOf(secret, sessionId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * AC10: a call that starts or changes an account before there is a session (register, sign-in,
 * reset) must come from this site's own pages: a browser says where a call comes from (Origin,
 * Sec-Fetch-Site), and another site's page is refused. Callers that are not browsers send neither.
 */
export function sameSiteCaller(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const own = [new URL(publicUrl).origin, `${request.protocol}://${request.headers.host ?? ''}`];
  return own.includes(origin);
}
