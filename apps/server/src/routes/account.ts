import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { perMinute } from './limits.js';
import {
  HTTP_CALLS as C,
  toE164,
  type IdentityMethod,
  accountEmail,
  accountView,
  formatDate,
  normalisePerson,
  personErrors,
  deviceOf,
  type Account,
  type AccountView,
  type SessionView,
} from '@eid/domain';
import { AccountError, type AccountService, type IdentityInput, type IdentitySignIn } from '@eid/accounts';
import { HttpError, parseInput } from '../http-error.js';
import { requireSession } from '../accounts/session-guard.js';
import { attemptBinding, clearSessionCookie, csrfTokenOf, setAttemptCookie, sameSiteCaller, sessionToken, setSessionCookie } from '../accounts/session-cookie.js';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountService;
    identity: IdentitySignIn;
  }
}

const STATUS: Record<AccountError['code'], number> = {
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
  IDENTITY_TIMEOUT: 401,
  IDENTITY_WRONG_VC: 401,
  IDENTITY_NOT_CLIENT: 401,
  IDENTITY_NOT_DELIVERED: 502,
  IDENTITY_NOT_VERIFIED: 401,
  IDENTITY_FAILED: 502,
};

/**
 * The account calls (issue 15; app-shell §7 leaves them to us): registration, confirmation,
 * sign-in by password, the browser's own account and sessions, sign-out (here, everywhere, one
 * session), the person's data (settings D), password change and reset. Every payload passes the domain's schema; every refusal is a typed
 * code; state-changing calls of a session carry its CSRF token, and those before a session must
 * come from this site's pages (AC10). Addresses are normalised before anything else sees them.
 */
const account: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { global: false, store: app.rateLimitStore });
  /** Account calls carry small JSON bodies. */
  const limit = (max: number) => perMinute(max, 8 * 1024);

  const refused = (reply: FastifyReply, error: unknown): never => {
    if (error instanceof AccountError) {
      if (error.retryAfterMs !== undefined) reply.header('retry-after', String(Math.ceil(error.retryAfterMs / 1000)));
      throw Object.assign(new HttpError(STATUS[error.code], error.code), error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs });
    }
    throw error;
  };
  const fromThisSite = (request: FastifyRequest) => {
    if (!sameSiteCaller(request, app.config.publicUrl)) throw new HttpError(403, 'CSRF_TOKEN_INVALID');
  };
  /** The signed-in browser's account and session; NOT_SIGNED_IN otherwise. `change`: the call must carry the CSRF token. */
  const signedIn = (request: FastifyRequest, reply: FastifyReply, change: boolean) => requireSession(app, request, reply, change);
  const emailOf = <T extends { email: string }>(body: T): T => ({ ...body, email: accountEmail(body.email) ?? body.email });
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.post(C.register.path, limit(10), async (request, reply) => {
    fromThisSite(request);
    const body = emailOf(parseInput(C.register.body, request.body));
    await app.accounts.register(body);
    return reply.code(202).send({ status: 'SENT' });
  });

  app.post(C.confirmAccount.path, limit(30), async (request, reply) => {
    fromThisSite(request);
    const body = parseInput(C.confirmAccount.body, request.body);
    await app.accounts.confirm(body).catch((e: unknown) => refused(reply, e));
    return { status: 'CONFIRMED' };
  });

  app.post(C.signIn.path, limit(30), async (request, reply): Promise<AccountView> => {
    fromThisSite(request);
    const body = emailOf(parseInput(C.signIn.body, request.body));
    const started = await app.accounts.signInWithPassword(body, deviceOf(request.headers['user-agent']), sessionToken(request)).catch((e: unknown) => refused(reply, e));
    setSessionCookie(request, reply, started.token);
    noStore(reply);
    return accountView(started.account, started.session, csrfTokenOf(app.secret, started.session.id));
  });

  /** The sign-in methods this installation offers (the login dialog shows these). */
  app.get(C.signInMethods.path, async () => ({ password: true, identity: app.identity.available(), social: app.oidc.available() }));

  /** ID7: an attempt belongs to the browser that starts it: a random value in its HTTP-only cookie binds it. */
  async function startAttempt(request: FastifyRequest, reply: FastifyReply, method: IdentityMethod, input: IdentityInput, lang: 'lt' | 'en', linkTo?: Account) {
    fromThisSite(request);
    const binding = randomBytes(32).toString('base64url');
    const started = await app.identity.start(method, input, lang, binding, linkTo).catch((e: unknown) => refused(reply, e));
    setAttemptCookie(request, reply, binding);
    noStore(reply);
    return started;
  }

  /** ID1: Mobile-ID's input as SK wants it: the phone in E.164 (typed with spaces or not). */
  const mobileIdInput = (body: { readonly personalCode: string; readonly phone: unknown }): IdentityInput => ({ personalCode: body.personalCode, phone: toE164(String(body.phone)) ?? String(body.phone) });

  app.post(C.smartId.path, limit(10), async (request, reply) => {
    const body = parseInput(C.smartId.body, request.body);
    return startAttempt(request, reply, 'smartid', { personalCode: body.personalCode }, body.lang);
  });

  app.post(C.mobileId.path, limit(10), async (request, reply) => {
    const body = parseInput(C.mobileId.body, request.body);
    return startAttempt(request, reply, 'mobileid', mobileIdInput(body), body.lang);
  });

  /** ID9: the signed-in account links Smart-ID or Mobile-ID (its session and CSRF token; polled like a sign-in). */
  app.post(C.linkSmartId.path, limit(10), async (request, reply) => {
    const { account: a } = await signedIn(request, reply, true);
    const body = parseInput(C.linkSmartId.body, request.body);
    return startAttempt(request, reply, 'smartid', { personalCode: body.personalCode }, body.lang, a);
  });

  app.post(C.linkMobileId.path, limit(10), async (request, reply) => {
    const { account: a } = await signedIn(request, reply, true);
    const body = parseInput(C.linkMobileId.body, request.body);
    return startAttempt(request, reply, 'mobileid', mobileIdInput(body), body.lang, a);
  });

  app.post(C.identityPoll.path, limit(30), async (request, reply) => {
    fromThisSite(request);
    const { attempt } = parseInput(C.identityPoll.body, request.body);
    const current = await app.accounts.authenticate(sessionToken(request));
    const answer = await app.identity.poll(attempt, attemptBinding(request), deviceOf(request.headers['user-agent']), sessionToken(request), current?.account.id).catch((e: unknown) => refused(reply, e));
    noStore(reply);
    if (answer.state === 'RUNNING') return { state: 'RUNNING' };
    if (answer.state === 'LINKED' && current) return { state: 'OK', account: accountView(answer.account, current.session, csrfTokenOf(app.secret, current.session.id)) };
    if (answer.state === 'LINKED') throw new HttpError(401, 'NOT_SIGNED_IN');
    setSessionCookie(request, reply, answer.started.token);
    return { state: 'OK', account: accountView(answer.started.account, answer.started.session, csrfTokenOf(app.secret, answer.started.session.id)) };
  });

  app.get(C.me.path, async (request, reply): Promise<AccountView> => {
    const { account: a, session } = await signedIn(request, reply, false);
    noStore(reply);
    return accountView(a, session, csrfTokenOf(app.secret, session.id));
  });

  app.post(C.signOut.path, { bodyLimit: 1024 }, async (request, reply) => {
    await signedIn(request, reply, true);
    await app.accounts.signOut(sessionToken(request) ?? '');
    clearSessionCookie(request, reply);
    return { status: 'SIGNED_OUT' };
  });

  app.post(C.signOutEverywhere.path, { bodyLimit: 1024 }, async (request, reply) => {
    const { account: a } = await signedIn(request, reply, true);
    const ended = await app.accounts.signOutEverywhere(a.id);
    clearSessionCookie(request, reply);
    return { status: 'SIGNED_OUT', ended };
  });

  app.post(C.changePassword.path, limit(10), async (request, reply) => {
    const { account: a, session } = await signedIn(request, reply, true);
    const body = parseInput(C.changePassword.body, request.body);
    await app.accounts.changePassword(a, session.id, body).catch((e: unknown) => refused(reply, e));
    return { status: 'CHANGED' };
  });

  app.put(C.savePerson.path, limit(30), async (request, reply): Promise<AccountView> => {
    const { account: a, session } = await signedIn(request, reply, true);
    const person = normalisePerson(parseInput(C.savePerson.body, request.body));
    const [refusal] = Object.entries(personErrors(person, formatDate(app.clock.now())));
    if (refusal) throw new HttpError(400, refusal[1], refusal[0]);
    const updated = await app.accounts.updatePerson(a, person);
    noStore(reply);
    return accountView({ ...a, person: updated }, session, csrfTokenOf(app.secret, session.id));
  });

  app.get(C.sessions.path, async (request, reply): Promise<SessionView[]> => {
    const { account: a, session } = await signedIn(request, reply, false);
    noStore(reply);
    return app.accounts.sessions(a.id, session.id);
  });

  app.delete(C.endSession.path, async (request, reply) => {
    const { account: a } = await signedIn(request, reply, true);
    const { id } = parseInput(C.endSession.params, request.params);
    await app.accounts.endSession(a.id, id).catch((e: unknown) => refused(reply, e));
    return { status: 'ENDED' };
  });

  app.post(C.resetRequest.path, limit(10), async (request, reply) => {
    fromThisSite(request);
    const body = emailOf(parseInput(C.resetRequest.body, request.body));
    await app.accounts.requestReset(body);
    return reply.code(202).send({ status: 'SENT' });
  });

  app.post(C.reset.path, limit(30), async (request, reply) => {
    fromThisSite(request);
    const body = parseInput(C.reset.body, request.body);
    await app.accounts.resetPassword(body).catch((e: unknown) => refused(reply, e));
    clearSessionCookie(request, reply);
    return { status: 'RESET' };
  });
};
export default account;
