import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_PATH } from '@eid/domain/protocol';
import { buildTestApp } from '../testing/build-test-app.js';
import { DEV_OUTBOX_PATH } from './dev-outbox.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
const ORIGIN = 'https://eid.test';
const JONAS = { email: 'Jonas@Example.lt ', password: 'Slaptas1', lang: 'lt' };

describe('account calls', () => {
  const open: Ctx[] = [];

  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });

  async function app(dir?: string) {
    const ctx = await buildTestApp({ EID_PUBLIC_URL: ORIGIN, EID_DEV_OUTBOX: 'on' }, dir ? { dir } : {});
    open.push(ctx);
    return ctx;
  }

  const post = (ctx: Ctx, path: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}${path}`, payload: payload as Record<string, unknown>, headers: { origin: ORIGIN, ...headers } });

  /** The newest e-mail to `to`, and the token of its link (`param` in its query). */
  async function mailTo(ctx: Ctx, to: string, param: string) {
    const res = await ctx.app.inject({ method: 'GET', url: DEV_OUTBOX_PATH, remoteAddress: '127.0.0.1' });
    const mail = res.json<{ messages: Array<{ channel: string; to: string[]; subject: string; text: string }> }>().messages.find((m) => m.channel === 'email' && m.to[0] === to);
    if (!mail) throw new Error(`no e-mail to ${to}`);
    const token = new RegExp(`[?&]${param}=([A-Za-z0-9_%-]+)`).exec(mail.text)?.[1];
    return { subject: mail.subject, text: mail.text, token: token ? decodeURIComponent(token) : null };
  }

  const cookieOf = (res: { headers: Record<string, unknown> }) => {
    const raw = res.headers['set-cookie'];
    const all = Array.isArray(raw) ? raw : [raw];
    return String(all.find((c) => String(c).startsWith('eid_session=')) ?? '');
  };
  const tokenOf = (cookie: string) => /^eid_session=([^;]*)/.exec(cookie)?.[1] ?? '';

  async function registeredAndConfirmed(ctx: Ctx) {
    expect((await post(ctx, '/register', JONAS)).statusCode).toBe(202);
    const mail = await mailTo(ctx, 'jonas@example.lt', 'account');
    expect((await post(ctx, '/confirm', { token: mail.token, password: JONAS.password })).json()).toEqual({ status: 'CONFIRMED', email: 'jonas@example.lt' });
  }

  async function signIn(ctx: Ctx, headers: Record<string, string> = {}) {
    const res = await post(ctx, '/sign-in', { email: JONAS.email, password: JONAS.password }, headers);
    expect(res.statusCode).toBe(200);
    // The answer carries the session's CSRF token: no cache keeps it.
    expect(res.headers['cache-control']).toBe('no-store');
    return { cookie: tokenOf(cookieOf(res)), view: res.json<{ csrfToken: string; session: { id: string } }>(), setCookie: cookieOf(res) };
  }

  it('[AC2] [AC5] register, confirm from the e-mail, sign in: an HTTP-only same-site session cookie; the browser learns its account', async () => {
    const ctx = await app();
    expect((await post(ctx, '/register', JONAS)).json()).toEqual({ status: 'SENT' });
    const mail = await mailTo(ctx, 'jonas@example.lt', 'account');
    expect(mail.subject).toBe('Patvirtinkite EID paskyros el. pašto adresą');
    expect(mail.text).toContain(`${ORIGIN}/confirm?account=`);
    const early = await post(ctx, '/sign-in', { email: 'jonas@example.lt', password: 'Slaptas1' });
    expect([early.statusCode, early.json().code]).toEqual([401, 'INVALID_CREDENTIALS']);
    expect((await post(ctx, '/confirm', { token: mail.token, password: JONAS.password })).statusCode).toBe(200);
    expect((await post(ctx, '/confirm', { token: mail.token, password: JONAS.password })).json().code).toBe('ACCOUNT_LINK_INVALID');
    const { cookie, setCookie } = await signIn(ctx);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Max-Age=43200/);
    const me = await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/me`, cookies: { eid_session: cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.json()).toMatchObject({ email: 'jonas@example.lt', emailConfirmed: true, hasPassword: true, personalCodeVerified: false, session: { method: 'password' } });
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/me` })).json().code).toBe('NOT_SIGNED_IN');
  });

  it('[AC2] registering a taken address answers exactly like a new one; the owner is told by e-mail', async () => {
    const ctx = await app();
    await registeredAndConfirmed(ctx);
    const fresh = await post(ctx, '/register', { ...JONAS, email: 'petras@example.lt' });
    const taken = await post(ctx, '/register', { ...JONAS, password: 'Kitas1234' });
    expect([taken.statusCode, taken.json()]).toEqual([fresh.statusCode, fresh.json()]);
    const bad = await post(ctx, '/register', { ...JONAS, email: 'jonas@', password: 'short' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'DATA_ERROR']);
  });

  it('[AC3] a sign-in never keeps the session cookie the browser came with (fixation): a planted or an old token ends', async () => {
    const ctx = await app();
    await registeredAndConfirmed(ctx);
    const first = await signIn(ctx);
    const planted = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const second = await ctx.app.inject({
      method: 'POST',
      url: `${ACCOUNT_PATH}/sign-in`,
      payload: { email: JONAS.email, password: JONAS.password },
      headers: { origin: ORIGIN },
      cookies: { eid_session: first.cookie },
    });
    const next = tokenOf(cookieOf(second));
    expect(next).not.toBe(first.cookie);
    expect(next).not.toBe(planted);
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/me`, cookies: { eid_session: first.cookie } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/me`, cookies: { eid_session: next } })).statusCode).toBe(200);
  });

  it('[AC10] a state-changing call without the session\'s CSRF token, or from another site, is refused and changes nothing', async () => {
    const ctx = await app();
    await registeredAndConfirmed(ctx);
    const { cookie, view } = await signIn(ctx);
    const noToken = await ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}/sign-out-everywhere`, cookies: { eid_session: cookie } });
    expect([noToken.statusCode, noToken.json().code]).toEqual([403, 'CSRF_TOKEN_INVALID']);
    const otherToken = await ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}/sign-out`, cookies: { eid_session: cookie }, headers: { 'x-eid-csrf': `${view.csrfToken.slice(1)}x` } });
    expect(otherToken.json().code).toBe('CSRF_TOKEN_INVALID');
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/me`, cookies: { eid_session: cookie } })).statusCode).toBe(200);
    const crossSite = await post(ctx, '/sign-in', { email: JONAS.email, password: JONAS.password }, { origin: 'https://evil.example' });
    expect([crossSite.statusCode, crossSite.json().code]).toEqual([403, 'CSRF_TOKEN_INVALID']);
    const fetchSite = await post(ctx, '/register', JONAS, { 'sec-fetch-site': 'cross-site' });
    expect(fetchSite.json().code).toBe('CSRF_TOKEN_INVALID');
    const ok = await ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}/sign-out`, cookies: { eid_session: cookie }, headers: { 'x-eid-csrf': view.csrfToken } });
    expect(ok.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/me`, cookies: { eid_session: cookie } })).statusCode).toBe(401);
  });

  it('[AC6] sign out everywhere ends the other browser\'s session; a session of another account cannot be ended by id', async () => {
    const ctx = await app();
    await registeredAndConfirmed(ctx);
    const phone = await signIn(ctx, { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36' });
    const laptop = await signIn(ctx, { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Gecko/20100101 Firefox/132.0' });
    const list = await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/sessions`, cookies: { eid_session: phone.cookie } });
    expect(list.json<Array<{ device: string; current: boolean }>>().map((s) => [s.device, s.current]).sort()).toEqual([
      ['Chrome, Android', true],
      ['Firefox, Windows', false],
    ]);
    await post(ctx, '/register', { ...JONAS, email: 'petras@example.lt' });
    const petrasMail = await mailTo(ctx, 'petras@example.lt', 'account');
    await post(ctx, '/confirm', { token: petrasMail.token, password: JONAS.password });
    const petras = await post(ctx, '/sign-in', { email: 'petras@example.lt', password: JONAS.password });
    const petrasCookie = tokenOf(cookieOf(petras));
    const steal = await ctx.app.inject({
      method: 'DELETE',
      url: `${ACCOUNT_PATH}/sessions/${laptop.view.session.id}`,
      cookies: { eid_session: petrasCookie },
      headers: { 'x-eid-csrf': petras.json<{ csrfToken: string }>().csrfToken },
    });
    expect([steal.statusCode, steal.json().code]).toEqual([404, 'SESSION_NOT_FOUND']);
    const everywhere = await ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}/sign-out-everywhere`, cookies: { eid_session: phone.cookie }, headers: { 'x-eid-csrf': phone.view.csrfToken } });
    expect(everywhere.json()).toEqual({ status: 'SIGNED_OUT', ended: 2 });
    for (const c of [phone.cookie, laptop.cookie]) expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/me`, cookies: { eid_session: c } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/me`, cookies: { eid_session: petrasCookie } })).statusCode).toBe(200);
  });

  it('[AC11] a password change needs the current password (wrong ones counted toward the lock) and the CSRF token; it ends the other sessions, not this one', async () => {
    const ctx = await app();
    await registeredAndConfirmed(ctx);
    const phone = await signIn(ctx);
    const laptop = await signIn(ctx);
    const change = (payload: unknown, csrf = phone.view.csrfToken) =>
      ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}/password`, payload: payload as Record<string, unknown>, cookies: { eid_session: phone.cookie }, headers: { 'x-eid-csrf': csrf } });
    expect((await change({ current: JONAS.password, password: 'Naujas12' }, 'x'.repeat(43))).json().code).toBe('CSRF_TOKEN_INVALID');
    const noHeader = await ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}/password`, payload: { current: JONAS.password, password: 'Naujas12' }, cookies: { eid_session: phone.cookie } });
    expect([noHeader.statusCode, noHeader.json().code]).toEqual([403, 'CSRF_TOKEN_INVALID']);
    expect((await change({ current: JONAS.password, password: 'weak' })).json().code).toBe('DATA_ERROR');
    const wrong = await change({ current: 'Neteisingas1', password: 'Naujas12' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'INVALID_CREDENTIALS']);
    const ok = await change({ current: JONAS.password, password: 'Naujas12' });
    expect(ok.json()).toEqual({ status: 'CHANGED' });
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/me`, cookies: { eid_session: phone.cookie } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/me`, cookies: { eid_session: laptop.cookie } })).statusCode).toBe(401);
    expect((await post(ctx, '/sign-in', { email: JONAS.email, password: JONAS.password })).json().code).toBe('INVALID_CREDENTIALS');
    expect((await post(ctx, '/sign-in', { email: JONAS.email, password: 'Naujas12' })).statusCode).toBe(200);
  });

  it('[AC12] the person\'s data: judged by the declaration\'s rules with the field named, saved normalised, read back by /me; only with the CSRF token', async () => {
    const ctx = await app();
    await registeredAndConfirmed(ctx);
    const { cookie, view } = await signIn(ctx);
    const put = (payload: unknown, csrf = view.csrfToken) =>
      ctx.app.inject({ method: 'PUT', url: `${ACCOUNT_PATH}/person`, payload: payload as Record<string, unknown>, cookies: { eid_session: cookie }, headers: { 'x-eid-csrf': csrf } });
    const address = { value: 'Gedimino pr. 1, Vilnius', aob: 155000123, pat: '4', needPat: true };
    const person = { firstName: ' Jonas ', lastName: 'Jonaitis', birthDate: '1990-01-01', phone: '+370 612 34567', address, licence: 'a1234567' };
    expect((await put(person, 'x'.repeat(43))).json().code).toBe('CSRF_TOKEN_INVALID');
    const bad = await put({ ...person, licence: 'A12' });
    expect([bad.statusCode, bad.json()]).toEqual([400, { code: 'LICENCE_INVALID', path: 'licence' }]);
    expect((await put({ ...person, birthDate: '2999-01-01' })).json().code).toBe('TOO_LATE');
    expect((await put({ ...person, address: { ...address, aob: null } })).json().code).toBe('ADDRESS_NOT_PICKED');
    expect((await put({ ...person, extra: 'x', firstName: 5 })).json().code).toBe('DATA_ERROR');
    const anonymous = await ctx.app.inject({ method: 'PUT', url: `${ACCOUNT_PATH}/person`, payload: person, headers: { origin: ORIGIN } });
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'NOT_SIGNED_IN']);
    // A personal code cannot be set this way: only Smart-ID or Mobile-ID verifies one.
    const ok = await put({ ...person, personalCode: '39001010000' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.json().personalCode).toBeNull();
    const saved = { firstName: 'Jonas', lastName: 'Jonaitis', birthDate: '1990-01-01', phone: '+37061234567', address, licence: 'A1234567' };
    expect(ok.json().person).toEqual(saved);
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/me`, cookies: { eid_session: cookie } })).json().person).toEqual(saved);
  });

  it('[AC4] [AC5] the lock-out survives a restart; the reset link lifts it and sets a new password once', async () => {
    const ctx = await app();
    await registeredAndConfirmed(ctx);
    for (let i = 0; i < 5; i += 1) await post(ctx, '/sign-in', { email: JONAS.email, password: 'Neteisingas1' });
    await ctx.stop();
    open.pop();
    const again = await app(ctx.dir);
    const locked = await post(again, '/sign-in', { email: JONAS.email, password: JONAS.password });
    expect([locked.statusCode, locked.json().code]).toEqual([429, 'SIGN_IN_LOCKED']);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const unknown = await post(again, '/reset-request', { email: 'niekas@example.lt', lang: 'en' });
    const known = await post(again, '/reset-request', { email: JONAS.email, lang: 'en' });
    expect([known.statusCode, known.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect((await mailTo(again, 'niekas@example.lt', 'reset')).token).toBeNull();
    const reset = await mailTo(again, 'jonas@example.lt', 'reset');
    expect(reset.text).toContain(`${ORIGIN}/?reset=`);
    expect((await post(again, '/reset', { token: reset.token, password: 'Naujas123' })).json()).toEqual({ status: 'RESET' });
    expect((await post(again, '/reset', { token: reset.token, password: 'Naujas123' })).json().code).toBe('ACCOUNT_LINK_INVALID');
    expect((await post(again, '/sign-in', { email: JONAS.email, password: 'Naujas123' })).statusCode).toBe(200);
  });
});
