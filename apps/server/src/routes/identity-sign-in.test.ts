import { afterEach, describe, expect, it } from 'vitest';
import { walkToCallback } from '@eid/adapter-identity-oidc';
import { ACCOUNT_PATH } from '@eid/domain/protocol';
import { FixedClock } from '@eid/test-fixtures';
import { buildTestApp } from '../testing/build-test-app.js';
import { DEV_OUTBOX_PATH } from './dev-outbox.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
const ORIGIN = 'https://eid.test';

describe('sign-in by Smart-ID (the local service with SK\'s demo accounts)', () => {
  const open: Ctx[] = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });
  async function app(clock?: FixedClock) {
    const ctx = await buildTestApp({ EID_PUBLIC_URL: ORIGIN, EID_SMART_ID_URL: 'local', EID_DEV_OUTBOX: 'on' }, clock ? { clock } : {});
    open.push(ctx);
    return ctx;
  }
  const post = (ctx: Ctx, path: string, payload: unknown, cookies: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}${path}`, payload: payload as Record<string, unknown>, headers: { origin: ORIGIN }, cookies });

  /** Starts an attempt as a browser does: its id and code, and the cookie that binds it to this browser. */
  async function start(ctx: Ctx, personalCode: string, lang = 'en') {
    const res = await post(ctx, '/smart-id', { personalCode, lang });
    const binding = /eid_attempt=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1] ?? '';
    return { res, attempt: res.json<{ attempt: string }>().attempt, cookies: { eid_attempt: binding } };
  }

  /** Polls as the page does until the attempt ends. */
  async function finish(ctx: Ctx, attempt: string, cookies: Record<string, string>, tick: () => void = () => undefined) {
    for (let i = 0; i < 10; i += 1) {
      const res = await post(ctx, '/identity/poll', { attempt }, cookies);
      if (res.statusCode !== 200 || res.json().state !== 'RUNNING') return res;
      tick();
    }
    throw new Error('the attempt never ended');
  }

  it('[ID7] the demo account 30303039914 signs in: a verification code, then a session on the account of that verified code (made once, names from the certificate)', async () => {
    const ctx = await app();
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/methods` })).json()).toEqual({ password: true, identity: ['smartid'], social: [] });
    const ok = await start(ctx, '30303039914');
    expect(ok.res.statusCode).toBe(200);
    expect(ok.res.json().verificationCode).toMatch(/^\d{4}$/);
    expect(String(ok.res.headers['set-cookie'])).toMatch(/eid_attempt=.+HttpOnly.*SameSite=Strict/);
    // Another browser (without the attempt's cookie, or with another) cannot take it.
    expect((await post(ctx, '/identity/poll', { attempt: ok.attempt })).json().code).toBe('SIGN_IN_ATTEMPT_UNKNOWN');
    expect((await post(ctx, '/identity/poll', { attempt: ok.attempt }, { eid_attempt: 'x'.repeat(43) })).json().code).toBe('SIGN_IN_ATTEMPT_UNKNOWN');
    // Two polls at once sign in once.
    const [a, b] = await Promise.all([finish(ctx, ok.attempt, ok.cookies), finish(ctx, ok.attempt, ok.cookies)]);
    const done = a.statusCode === 200 ? a : b;
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 404]);
    const account = done.json().account;
    expect(account).toMatchObject({ email: null, personalCodeVerified: true, personalCode: '30303039914', person: { firstName: 'OK', lastName: 'TESTNUMBER', birthDate: '1903-03-03' }, session: { method: 'smartid' } });
    expect(String(done.headers['set-cookie'])).toMatch(/eid_session=.+HttpOnly/);
    // The attempt is used once.
    expect((await post(ctx, '/identity/poll', { attempt: ok.attempt }, ok.cookies)).json().code).toBe('SIGN_IN_ATTEMPT_UNKNOWN');
  });

  it('issue 37: an account made by a sign-in speaks the language of the page it was started on (its e-mails and reminders)', async () => {
    const ctx = await app();
    const ok = await start(ctx, '30303039914', 'uk');
    const done = await finish(ctx, ok.attempt, ok.cookies);
    expect(done.statusCode).toBe(200);
    expect(done.json().account).toMatchObject({ personalCode: '30303039914', lang: 'uk' });
  });

  it('[ID7] [ID5] a refusal on the phone and a time-out are said by their codes; a second attempt for the same code within 15 s is too soon; an unknown attempt is refused', async () => {
    const ctx = await app();
    const refused = await start(ctx, '30403039917');
    expect((await finish(ctx, refused.attempt, refused.cookies)).json().code).toBe('IDENTITY_USER_REFUSED');
    const late = await start(ctx, '30403039983');
    expect((await finish(ctx, late.attempt, late.cookies)).json().code).toBe('IDENTITY_TIMEOUT');
    const again = await post(ctx, '/smart-id', { personalCode: '30403039983', lang: 'en' });
    expect([again.statusCode, again.json().code]).toEqual([429, 'SIGN_IN_TOO_SOON']);
    expect((await post(ctx, '/smart-id', { personalCode: '30303039915', lang: 'en' })).json().code).toBe('DATA_ERROR');
    expect((await post(ctx, '/identity/poll', { attempt: 'x'.repeat(43) }, refused.cookies)).json().code).toBe('SIGN_IN_ATTEMPT_UNKNOWN');
  });

  it('[ID7] [ID5] a personal code without Smart-ID starts like any other (a code, a running attempt) and ends NOT_CLIENT a little later: the start tells nothing', async () => {
    const clock = new FixedClock(Date.UTC(2026, 10, 24, 9));
    const ctx = await app(clock);
    const nobody = await start(ctx, '39001010000');
    expect(nobody.res.statusCode).toBe(200);
    expect(nobody.res.json().verificationCode).toMatch(/^\d{4}$/);
    expect((await post(ctx, '/identity/poll', { attempt: nobody.attempt }, nobody.cookies)).json()).toEqual({ state: 'RUNNING' });
    expect((await finish(ctx, nobody.attempt, nobody.cookies, () => clock.advance(3_000))).json().code).toBe('IDENTITY_NOT_CLIENT');
  });

  it('[AC15] a Smart-ID account gives an address for its messages: only with the session\'s CSRF token; the e-mailed link confirms it once, signed in to that account; /me then has it', async () => {
    const ctx = await app();
    const { attempt, cookies } = await start(ctx, '30303039914');
    const done = await finish(ctx, attempt, cookies);
    const session = /eid_session=([^;]+)/.exec(String(done.headers['set-cookie']))?.[1] ?? '';
    const csrf = done.json<{ account: { csrfToken: string } }>().account.csrfToken;
    const add = (headers: Record<string, string>, email = 'Ok.Testnumber@Example.lt') =>
      ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}/email`, payload: { email, lang: 'en' }, cookies: { eid_session: session }, headers: { origin: ORIGIN, ...headers } });
    expect((await add({})).json()).toMatchObject({ code: 'CSRF_TOKEN_INVALID' });
    const bad = await add({ 'x-eid-csrf': csrf }, 'not an address');
    expect(bad.statusCode).toBe(400);
    const sent = await add({ 'x-eid-csrf': csrf });
    expect([sent.statusCode, sent.json()]).toEqual([202, { status: 'SENT' }]);
    const outbox = await ctx.app.inject({ method: 'GET', url: DEV_OUTBOX_PATH, remoteAddress: '127.0.0.1' });
    const mail = outbox.json<{ messages: Array<{ channel: string; to: string[]; subject: string; text: string }> }>().messages.find((m) => m.channel === 'email');
    expect(mail).toMatchObject({ to: ['ok.testnumber@example.lt'], subject: 'Confirm the address for your EID messages' });
    const token = decodeURIComponent(/\/confirm\?email=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1] ?? '');
    const me = async () => (await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/me`, cookies: { eid_session: session } })).json();
    expect(await me()).toMatchObject({ email: null, emailConfirmed: false });
    // Only in a browser signed in to the account that asked, with its CSRF token.
    expect((await post(ctx, '/email/confirm', { token })).json()).toMatchObject({ code: 'NOT_SIGNED_IN' });
    const confirm = () =>
      ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}/email/confirm`, payload: { token }, cookies: { eid_session: session }, headers: { origin: ORIGIN, 'x-eid-csrf': csrf } });
    expect((await confirm()).json()).toEqual({ status: 'CONFIRMED', email: 'ok.testnumber@example.lt' });
    expect(await me()).toMatchObject({ email: 'ok.testnumber@example.lt', emailConfirmed: true, hasPassword: false });
    const again = await confirm();
    expect([again.statusCode, again.json()]).toEqual([400, { code: 'ACCOUNT_LINK_INVALID' }]);
  });

  it('[ID7] without EID_SMART_ID_URL Smart-ID is not offered', async () => {
    const ctx = await buildTestApp({ EID_PUBLIC_URL: ORIGIN });
    open.push(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/methods` })).json()).toEqual({ password: true, identity: [], social: [] });
    expect((await post(ctx, '/smart-id', { personalCode: '30303039914', lang: 'lt' })).json().code).toBe('IDENTITY_FAILED');
  });
});

describe('sign-in by Mobile-ID (the local service with SK\'s demo numbers)', () => {
  const open: Ctx[] = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });
  async function app(clock?: FixedClock) {
    const ctx = await buildTestApp({ EID_PUBLIC_URL: ORIGIN, EID_MOBILE_ID_URL: 'local' }, clock ? { clock } : {});
    open.push(ctx);
    return ctx;
  }
  const post = (ctx: Ctx, path: string, payload: unknown, cookies: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}${path}`, payload: payload as Record<string, unknown>, headers: { origin: ORIGIN }, cookies });
  async function start(ctx: Ctx, phone: string, personalCode: string) {
    const res = await post(ctx, '/mobile-id', { phone, personalCode, lang: 'lt' });
    const binding = /eid_attempt=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1] ?? '';
    return { res, attempt: res.json<{ attempt: string }>().attempt, cookies: { eid_attempt: binding } };
  }
  async function finish(ctx: Ctx, attempt: string, cookies: Record<string, string>, tick: () => void = () => undefined) {
    for (let i = 0; i < 10; i += 1) {
      const res = await post(ctx, '/identity/poll', { attempt }, cookies);
      if (res.statusCode !== 200 || res.json().state !== 'RUNNING') return res;
      tick();
    }
    throw new Error('the attempt never ended');
  }

  it('[ID8] [ID7] SK\'s LT demo number signs in (the phone as typed with spaces): a session on the account of the verified code, method mobileid', async () => {
    const ctx = await app();
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/methods` })).json()).toEqual({ password: true, identity: ['mobileid'], social: [] });
    const ok = await start(ctx, '+370 600 00666', '50001018865');
    expect(ok.res.statusCode).toBe(200);
    expect(ok.res.json().verificationCode).toMatch(/^\d{4}$/);
    const done = await finish(ctx, ok.attempt, ok.cookies);
    expect(done.statusCode).toBe(200);
    expect(done.json().account).toMatchObject({ personalCodeVerified: true, personalCode: '50001018865', person: { firstName: 'MARY ÄNN', lastName: 'O’CONNEŽ-ŠUSLIK TESTNUMBER', birthDate: '2000-01-01' }, session: { method: 'mobileid' } });
  });

  it('[ID8] [ID5] a cancel on the phone is IDENTITY_USER_REFUSED, a SIM error IDENTITY_NOT_DELIVERED; a number that is not a phone is refused before SK is asked', async () => {
    const ctx = await app();
    const cancelled = await start(ctx, '+37061100266', '50001018854');
    expect((await finish(ctx, cancelled.attempt, cancelled.cookies)).json().code).toBe('IDENTITY_USER_REFUSED');
    const sim = await start(ctx, '+37061200266', '50001018876');
    expect((await finish(ctx, sim.attempt, sim.cookies)).json().code).toBe('IDENTITY_NOT_DELIVERED');
    const bad = await post(ctx, '/mobile-id', { phone: '860000666', personalCode: '50001018865', lang: 'lt' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'DATA_ERROR']);
  });

  it('[ID7] [ID8] a number without Mobile-ID ends NOT_CLIENT no sooner than a refused Smart-ID start would (8 s): the answer\'s time tells nothing', async () => {
    const clock = new FixedClock(Date.UTC(2026, 10, 24, 9));
    const ctx = await app(clock);
    const nobody = await start(ctx, '+37060000266', '50001018832');
    // SK answers NOT_MID_CLIENT at once; the attempt keeps running on the server's clock.
    expect((await post(ctx, '/identity/poll', { attempt: nobody.attempt }, nobody.cookies)).json()).toEqual({ state: 'RUNNING' });
    expect((await post(ctx, '/identity/poll', { attempt: nobody.attempt }, nobody.cookies)).json()).toEqual({ state: 'RUNNING' });
    clock.advance(8_000);
    expect((await post(ctx, '/identity/poll', { attempt: nobody.attempt }, nobody.cookies)).json().code).toBe('IDENTITY_NOT_CLIENT');
  });
});

describe('linking Smart-ID to an account that has no personal code (settings L)', () => {
  const open: Ctx[] = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });
  const CALLBACK = `${ORIGIN}${ACCOUNT_PATH}/oidc/local/callback`;

  /** A social account's session (no personal code), as its browser holds it. */
  async function socialSession(ctx: Ctx, login: string) {
    const start = await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/oidc/local/start` });
    const binding = /eid_oidc=([^;]+)/.exec(String(start.headers['set-cookie']))?.[1] ?? '';
    const back = await walkToCallback(String(start.headers.location), login, CALLBACK);
    const done = await ctx.app.inject({ method: 'GET', url: back.slice(ORIGIN.length), cookies: { eid_oidc: binding } });
    const session = /eid_session=([^;]+)/.exec(String(done.headers['set-cookie']))?.[1] ?? '';
    const me = (await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/me`, cookies: { eid_session: session } })).json<{ session: { id: string }; csrfToken: string }>();
    return { session, me };
  }
  const call = (ctx: Ctx, path: string, payload: unknown, cookies: Record<string, string>, csrf?: string) =>
    ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}${path}`, payload: payload as Record<string, unknown>, headers: { origin: ORIGIN, ...(csrf ? { 'x-eid-csrf': csrf } : {}) }, cookies });
  async function poll(ctx: Ctx, attempt: string, cookies: Record<string, string>) {
    for (let i = 0; i < 10; i += 1) {
      const res = await call(ctx, '/identity/poll', { attempt }, cookies);
      if (res.statusCode !== 200 || res.json().state !== 'RUNNING') return res;
    }
    throw new Error('the attempt never ended');
  }

  it('[ID9] an OK answer gives the signed-in account that code and the certificate\'s names (same session); the code cannot be linked to a second account; a linked account cannot link again; only its own session may poll', async () => {
    const clock = new FixedClock(Date.UTC(2026, 10, 24, 9));
    const ctx = await buildTestApp({ EID_PUBLIC_URL: ORIGIN, EID_SMART_ID_URL: 'local', EID_OIDC_PROVIDERS: 'local' }, { clock });
    open.push(ctx);
    const ona = await socialSession(ctx, 'ona');
    // Without the CSRF token: refused, nothing started.
    expect((await call(ctx, '/link/smart-id', { personalCode: '30303039914', lang: 'lt' }, { eid_session: ona.session })).json().code).toBe('CSRF_TOKEN_INVALID');
    const started = await call(ctx, '/link/smart-id', { personalCode: '30303039914', lang: 'lt' }, { eid_session: ona.session }, ona.me.csrfToken);
    expect(started.statusCode).toBe(200);
    const attemptCookie = /eid_attempt=([^;]+)/.exec(String(started.headers['set-cookie']))?.[1] ?? '';
    // Another account's session (even with the attempt's cookie) cannot take the link.
    const jonas = await socialSession(ctx, 'jonas');
    expect((await call(ctx, '/identity/poll', { attempt: started.json().attempt }, { eid_attempt: attemptCookie, eid_session: jonas.session })).json().code).toBe('SIGN_IN_ATTEMPT_UNKNOWN');
    const linked = await poll(ctx, started.json().attempt, { eid_attempt: attemptCookie, eid_session: ona.session });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().account).toMatchObject({ session: { id: ona.me.session.id }, personalCodeVerified: true, personalCode: '30303039914', person: { firstName: 'OK', lastName: 'TESTNUMBER' } });
    expect(String(linked.headers['set-cookie'] ?? '')).not.toContain('eid_session=');
    // Signing in with Smart-ID now opens that same account.
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/me`, cookies: { eid_session: ona.session } })).json().personalCode).toBe('30303039914');
    expect((await call(ctx, '/link/smart-id', { personalCode: '40504040001', lang: 'lt' }, { eid_session: ona.session }, ona.me.csrfToken)).json().code).toBe('ACCOUNT_ALREADY_VERIFIED');
    // The same code for another account: refused at the end, nothing changed.
    expect((await call(ctx, '/link/smart-id', { personalCode: '30303039914', lang: 'lt' }, { eid_session: jonas.session }, jonas.me.csrfToken)).json().code).toBe('SIGN_IN_TOO_SOON');
    clock.advance(16_000);
    const second = await call(ctx, '/link/smart-id', { personalCode: '30303039914', lang: 'lt' }, { eid_session: jonas.session }, jonas.me.csrfToken);
    const secondCookie = /eid_attempt=([^;]+)/.exec(String(second.headers['set-cookie']))?.[1] ?? '';
    expect((await poll(ctx, second.json().attempt, { eid_attempt: secondCookie, eid_session: jonas.session })).json().code).toBe('PERSONAL_CODE_TAKEN');
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/me`, cookies: { eid_session: jonas.session } })).json()).toMatchObject({ personalCodeVerified: false, person: { firstName: 'Jonas' } });
  });
});
