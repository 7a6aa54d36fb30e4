/**
 * The account calls (issue 15; app-shell §7 leaves them to us): registration, confirmation,
 * sign-in by password, by Smart-ID or Mobile-ID, the browser's own account and sessions, sign-out
 * (here, everywhere, one session), the person's data (settings D), password change and reset.
 * Each is its registry entry (caller, inputs, limit, answer) served by the account use cases
 * (@eid/accounts); this file adds what only HTTP does: the session and attempt cookies, the
 * browser's device name, the CSRF token of the answer. Addresses are normalised before anything
 * else sees them.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { toE164, type IdentityMethod, accountEmail, accountView, formatDate, normalisePerson, personErrors, deviceOf, type Account, type AccountSession, type Locale } from '@eid/domain';
import type { IdentityInput } from '@eid/accounts';
import { HttpError } from '../http-error.js';
import { serveCall } from '../http/serve-call.js';
import { attemptBinding, clearSessionCookie, csrfTokenOf, sameSiteCaller, setAttemptCookie, sessionToken, setSessionCookie } from '../accounts/session-cookie.js';

const account: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { global: false, store: app.rateLimitStore });
  const emailOf = <T extends { email: string }>(body: T): T => ({ ...body, email: accountEmail(body.email) ?? body.email });
  const view = (a: Account, session: AccountSession) => accountView(a, session, csrfTokenOf(app.secret, session.id));
  const device = (request: FastifyRequest) => deviceOf(request.headers['user-agent']);

  serveCall(app, 'register', async ({ body }, { reply }) => {
    await app.accounts.register(emailOf(body));
    reply.code(202);
    return { status: 'SENT' };
  });

  serveCall(app, 'confirmAccount', async ({ body }) => {
    // The address the link confirmed, for the sign-in that follows (the link and the password proved it).
    const { email } = await app.accounts.confirm(body);
    return { status: 'CONFIRMED', email };
  });

  serveCall(app, 'signIn', async ({ body }, { request, reply }) => {
    const started = await app.accounts.signInWithPassword(emailOf(body), device(request), sessionToken(request));
    setSessionCookie(request, reply, started.token);
    reply.header('cache-control', 'no-store');
    return view(started.account, started.session);
  });

  serveCall(app, 'signInMethods', async () => ({ password: true, identity: app.identity.available(), social: app.oidc.available() }));

  /** ID7: an attempt belongs to the browser that starts it: a random value in its HTTP-only cookie binds it. */
  async function startAttempt(request: FastifyRequest, reply: FastifyReply, method: IdentityMethod, input: IdentityInput, lang: Locale, linkTo?: Account) {
    // AC10: linking too comes from this site's pages only (a sign-in's start is a 'page' call already).
    if (!sameSiteCaller(request, app.config.publicUrl)) throw new HttpError(403, 'CSRF_TOKEN_INVALID');
    const binding = randomBytes(32).toString('base64url');
    const started = await app.identity.start(method, input, lang, binding, linkTo);
    setAttemptCookie(request, reply, binding);
    reply.header('cache-control', 'no-store');
    return started;
  }

  /** ID1: Mobile-ID's input as SK wants it: the phone in E.164 (typed with spaces or not). */
  const mobileIdInput = (body: { readonly personalCode: string; readonly phone: unknown }): IdentityInput => ({ personalCode: body.personalCode, phone: toE164(String(body.phone)) ?? String(body.phone) });

  serveCall(app, 'smartId', ({ body }, { request, reply }) => startAttempt(request, reply, 'smartid', { personalCode: body.personalCode }, body.lang));
  serveCall(app, 'mobileId', ({ body }, { request, reply }) => startAttempt(request, reply, 'mobileid', mobileIdInput(body), body.lang));
  /** ID9: the signed-in account links Smart-ID or Mobile-ID (its session and CSRF token; polled like a sign-in). */
  serveCall(app, 'linkSmartId', ({ body }, { request, reply, signedIn }) => startAttempt(request, reply, 'smartid', { personalCode: body.personalCode }, body.lang, signedIn.account));
  serveCall(app, 'linkMobileId', ({ body }, { request, reply, signedIn }) => startAttempt(request, reply, 'mobileid', mobileIdInput(body), body.lang, signedIn.account));

  serveCall(app, 'identityPoll', async ({ body }, { request, reply }) => {
    const current = await app.accounts.authenticate(sessionToken(request));
    const answer = await app.identity.poll(body.attempt, attemptBinding(request), device(request), sessionToken(request), current?.account.id);
    reply.header('cache-control', 'no-store');
    if (answer.state === 'RUNNING') return { state: 'RUNNING' };
    if (answer.state === 'LINKED' && current) return { state: 'OK', account: view(answer.account, current.session) };
    if (answer.state === 'LINKED') throw new HttpError(401, 'NOT_SIGNED_IN');
    setSessionCookie(request, reply, answer.started.token);
    return { state: 'OK', account: view(answer.started.account, answer.started.session) };
  });

  serveCall(app, 'me', async (_input, { signedIn }) => view(signedIn.account, signedIn.session));

  serveCall(app, 'signOut', async (_input, { request, reply }) => {
    await app.accounts.signOut(sessionToken(request) ?? '');
    clearSessionCookie(request, reply);
    return { status: 'SIGNED_OUT' };
  });

  serveCall(app, 'signOutEverywhere', async (_input, { request, reply, signedIn }) => {
    const ended = await app.accounts.signOutEverywhere(signedIn.account.id);
    clearSessionCookie(request, reply);
    return { status: 'SIGNED_OUT', ended };
  });

  serveCall(app, 'changePassword', async ({ body }, { signedIn }) => {
    await app.accounts.changePassword(signedIn.account, signedIn.session.id, body);
    return { status: 'CHANGED' };
  });

  serveCall(app, 'savePerson', async ({ body }, { signedIn: { account: a, session } }) => {
    const person = normalisePerson(body);
    const [refusal] = Object.entries(personErrors(person, formatDate(app.clock.now())));
    if (refusal) throw new HttpError(400, refusal[1], refusal[0]);
    const updated = await app.accounts.updatePerson(a, person);
    return view({ ...a, person: updated }, session);
  });

  // AC15: an account without a password gives the address its messages go to; the link sent there confirms it.
  serveCall(app, 'addEmail', async ({ body }, { reply, signedIn }) => {
    await app.accounts.address.request(signedIn.account, emailOf(body));
    reply.code(202);
    return { status: 'SENT' };
  });

  serveCall(app, 'confirmNewEmail', async ({ body }, { signedIn }) => ({ status: 'CONFIRMED', ...(await app.accounts.address.confirm(signedIn.account, body.token)) }));

  serveCall(app, 'sessions', (_input, { signedIn }) => app.accounts.sessions(signedIn.account.id, signedIn.session.id));

  serveCall(app, 'endSession', async ({ params }, { signedIn }) => {
    await app.accounts.endSession(signedIn.account.id, params.id);
    return { status: 'ENDED' };
  });

  serveCall(app, 'resetRequest', async ({ body }, { reply }) => {
    await app.accounts.requestReset(emailOf(body));
    reply.code(202);
    return { status: 'SENT' };
  });

  serveCall(app, 'reset', async ({ body }, { request, reply }) => {
    await app.accounts.resetPassword(body);
    clearSessionCookie(request, reply);
    return { status: 'RESET' };
  });
};
export default account;
