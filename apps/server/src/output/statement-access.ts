import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long a statement opened with its password stays open in that browser. */
export const STATEMENT_ACCESS_MS = 60 * 60_000;

const cookieName = (statementId: string) => `eidst_${statementId}`;

/**
 * After the right password, the browser gets a signed, HTTP-only cookie for that statement (one
 * per statement, an hour): the preview's reload, its images and downloads (`/getFile`) ask for
 * it. Same-site only: another site's page cannot use it.
 */
export function grantStatementAccess(request: FastifyRequest, reply: FastifyReply, statementId: string, now: number): void {
  reply.setCookie(cookieName(statementId), String(now + STATEMENT_ACCESS_MS), {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    signed: true,
    maxAge: STATEMENT_ACCESS_MS / 1000,
  });
}

export function hasStatementAccess(request: FastifyRequest, statementId: string, now: number): boolean {
  const raw = request.cookies[cookieName(statementId)];
  if (!raw) return false;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return false;
  const until = Number(unsigned.value);
  return Number.isFinite(until) && until > now;
}
