/**
 * Sign-in with a social account (SPEC OI1-OI4): `GET …/oidc/:provider/start?next=&lang=` sends the
 * browser to the provider (an account it makes speaks `lang`, the page's language) with a binding
 * cookie (HTTP-only, same-site lax so that it comes back with the provider's redirect, these paths
 * only, 10 minutes); `GET …/oidc/:provider/callback`
 * takes the answer once, starts a session (the browser's old one ends) and returns to `next` — or
 * home with the login dialog saying why not.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { perMinute } from './rate-limit.js';
import { deviceOf } from '@eid/domain';
import { HTTP_CALLS as C, ACCOUNT_PATH } from '@eid/domain/protocol';
import { AccountError } from '@eid/accounts';
import { parseInput } from '../http-error.js';
import { oidcCallbackUrl } from '../accounts/oidc-providers.js';
import { sessionToken, setSessionCookie } from '../accounts/session-cookie.js';

const OIDC_PATH = `${ACCOUNT_PATH}/oidc`;
const BINDING_COOKIE = 'eid_oidc';

const oidc: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { global: false, store: app.rateLimitStore });
  const cookieOptions = (request: FastifyRequest) => ({ path: OIDC_PATH, httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https' });

  /** A sign-in that did not happen goes home, where the login dialog says why (a typed code, nothing else). */
  const backHome = (reply: FastifyReply, code: string) => reply.header('cache-control', 'no-store').redirect(`/?signIn=1&refused=${encodeURIComponent(code)}`, 303);

  app.get(C.oidcStart.path, perMinute(10), async (request, reply) => {
    const { provider } = parseInput(C.oidcStart.params, request.params);
    const { next, lang } = parseInput(C.oidcStart.query, request.query);
    const binding = randomBytes(32).toString('base64url');
    let url: string;
    try {
      url = await app.oidc.start(provider, oidcCallbackUrl(app.config.publicUrl, provider), binding, next, sessionToken(request), lang);
    } catch (e) {
      if (e instanceof AccountError) return backHome(reply, e.code);
      throw e;
    }
    reply.setCookie(BINDING_COOKIE, binding, { ...cookieOptions(request), maxAge: 10 * 60 });
    return reply.header('cache-control', 'no-store').redirect(url, 303);
  });

  app.get(C.oidcCallback.path, perMinute(20), async (request, reply) => {
    const { provider } = parseInput(C.oidcCallback.params, request.params);
    const query = parseInput(C.oidcCallback.query, request.query);
    const binding = request.cookies[BINDING_COOKIE] ?? '';
    reply.clearCookie(BINDING_COOKIE, cookieOptions(request));
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const redirectUri = oidcCallbackUrl(app.config.publicUrl, provider);
    try {
      const { started, next } = await app.oidc.finish(provider, { url: `${redirectUri}${search}`, state: query.state ?? '' }, redirectUri, binding, deviceOf(request.headers['user-agent']), sessionToken(request));
      setSessionCookie(request, reply, started.token);
      return reply.header('cache-control', 'no-store').redirect(next, 303);
    } catch (e) {
      if (e instanceof AccountError) return backHome(reply, e.code);
      throw e;
    }
  });
};

export default oidc;
