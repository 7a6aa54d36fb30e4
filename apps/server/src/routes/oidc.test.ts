import { afterEach, describe, expect, it } from 'vitest';
import { walkToCallback } from '@eid/adapter-identity-oidc';
import { ACCOUNT_PATH } from '@eid/domain/protocol';
import { buildTestApp } from '../testing/build-test-app.js';
import { DEV_OUTBOX_PATH } from './dev-outbox.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
const ORIGIN = 'https://eid.test';
const CALLBACK = `${ORIGIN}${ACCOUNT_PATH}/oidc/local/callback`;

describe('sign-in with a social account (a real local OpenID provider)', () => {
  const open: Ctx[] = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });
  async function app(env: Record<string, string> = {}) {
    const ctx = await buildTestApp({ EID_PUBLIC_URL: ORIGIN, EID_OIDC_PROVIDERS: 'local', ...env });
    open.push(ctx);
    return ctx;
  }
  const cookie = (res: { headers: Record<string, unknown> }, name: string) => {
    const raw = res.headers['set-cookie'];
    const line = (Array.isArray(raw) ? raw : [raw]).map(String).find((c) => c.startsWith(`${name}=`)) ?? '';
    return { line, value: new RegExp(`^${name}=([^;]*)`).exec(line)?.[1] ?? '' };
  };

  /** Starts as the login dialog's link does; the browser's binding cookie and the provider's address. */
  async function start(ctx: Ctx, next = '/user') {
    const res = await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/oidc/local/start?next=${encodeURIComponent(next)}` });
    return { res, location: String(res.headers.location), binding: cookie(res, 'eid_oidc') };
  }
  /** The provider's redirect back, as the browser sends it to us. */
  const back = (ctx: Ctx, callback: string, cookies: Record<string, string>) => ctx.app.inject({ method: 'GET', url: callback.slice(ORIGIN.length), cookies });

  it('[OI1] [OI2] [OI3] the provider\'s sign-in opens a session on the account of that subject (made once, names from the profile); the browser returns to next', async () => {
    const ctx = await app();
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/methods` })).json().social).toEqual([{ id: 'local', name: 'Local' }]);
    const first = await start(ctx, '/decla');
    expect(first.res.statusCode).toBe(303);
    expect(first.location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\?/);
    expect(first.binding.line).toMatch(/HttpOnly/);
    expect(first.binding.line).toMatch(/SameSite=Lax/);
    const done = await back(ctx, await walkToCallback(first.location, 'ona.petraitiene', CALLBACK), { eid_oidc: first.binding.value });
    expect([done.statusCode, done.headers.location]).toEqual([303, '/decla']);
    const session = cookie(done, 'eid_session').value;
    const me = (await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/me`, cookies: { eid_session: session } })).json();
    expect(me).toMatchObject({ email: null, personalCodeVerified: false, person: { firstName: 'Ona', lastName: 'Petraitiene' }, session: { method: 'oidc' } });
    // The same subject again: the same account; the session the browser had when it left ends (no
    // fixation), although the strict cookie does not come back with the provider's redirect.
    const secondStart = await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/oidc/local/start`, cookies: { eid_session: session } });
    const second = { location: String(secondStart.headers.location), binding: cookie(secondStart, 'eid_oidc') };
    const again = await back(ctx, await walkToCallback(second.location, 'ona.petraitiene', CALLBACK), { eid_oidc: second.binding.value });
    expect(again.headers.location).toBe('/user');
    const againSession = cookie(again, 'eid_session').value;
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/me`, cookies: { eid_session: session } })).statusCode).toBe(401);
    // A third sign-in from another browser: one account holds both sessions (a new account would list one).
    const third = await start(ctx);
    const thirdDone = await back(ctx, await walkToCallback(third.location, 'ona.petraitiene', CALLBACK), { eid_oidc: third.binding.value });
    const ids = async (s: string) => (await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/sessions`, cookies: { eid_session: s } })).json<Array<{ id: string }>>().map((x) => x.id).sort();
    const both = await ids(cookie(thirdDone, 'eid_session').value);
    expect(both).toHaveLength(2);
    expect(await ids(againSession)).toEqual(both);
  });

  it('issue 37: an account made by a social sign-in speaks the language of the page it was started on; an account already made keeps its own; a language we do not serve is refused', async () => {
    const ctx = await app();
    const signIn = async (login: string, lang: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/oidc/local/start?next=%2Fuser&lang=${lang}` });
      const done = await back(ctx, await walkToCallback(String(res.headers.location), login, CALLBACK), { eid_oidc: cookie(res, 'eid_oidc').value });
      return (await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/me`, cookies: { eid_session: cookie(done, 'eid_session').value } })).json();
    };
    expect(await signIn('oksana.ukr', 'uk')).toMatchObject({ lang: 'uk' });
    expect(await signIn('oksana.ukr', 'de')).toMatchObject({ lang: 'uk' });
    expect(await signIn('hans.de', 'de')).toMatchObject({ lang: 'de' });
    // Without one (an older page's link): Lithuanian, the service's default.
    const plain = await start(ctx);
    const done = await back(ctx, await walkToCallback(plain.location, 'jonas.lt', CALLBACK), { eid_oidc: plain.binding.value });
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/me`, cookies: { eid_session: cookie(done, 'eid_session').value } })).json()).toMatchObject({ lang: 'lt' });
    const bad = await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/oidc/local/start?lang=xx` });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'DATA_ERROR']);
  });

  it('[OI3] the provider\'s e-mail joins no account of ours: an account of that address stays its own, the social sign-in makes another without an address', async () => {
    const ctx = await app({ EID_DEV_OUTBOX: 'on' });
    const email = 'ona.petraitiene@local.test';
    const post = (path: string, payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}${path}`, payload, headers: { origin: ORIGIN } });
    const me = async (session: string) => (await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/me`, cookies: { eid_session: session } })).json();
    expect((await post('/register', { email, password: 'Slaptas1', lang: 'lt' })).statusCode).toBe(202);
    const outbox = (await ctx.app.inject({ method: 'GET', url: DEV_OUTBOX_PATH, remoteAddress: '127.0.0.1' })).json<{ messages: Array<{ to: string[]; text: string }> }>();
    const token = /[?&]account=([A-Za-z0-9_%-]+)/.exec(outbox.messages.find((m) => m.to[0] === email)?.text ?? '')?.[1];
    expect((await post('/confirm', { token: decodeURIComponent(token ?? ''), password: 'Slaptas1' })).json()).toEqual({ status: 'CONFIRMED', email });
    const byPassword = cookie(await post('/sign-in', { email, password: 'Slaptas1' }), 'eid_session').value;
    const own = await me(byPassword);
    expect(own.email).toBe(email);

    // The provider vouches for the same address (email_verified): still another account, with no address.
    const s = await start(ctx);
    const done = await back(ctx, await walkToCallback(s.location, 'ona.petraitiene', CALLBACK), { eid_oidc: s.binding.value });
    const social = await me(cookie(done, 'eid_session').value);
    expect(social).toMatchObject({ email: null, personalCodeVerified: false, person: { firstName: 'Ona', lastName: 'Petraitiene' } });
    expect(social.session.id).not.toBe(own.session.id);
    expect(social.hasPassword).toBe(false);
    // Two accounts: each sees only its own session; the password account is as it was.
    const ids = async (s: string) => (await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/sessions`, cookies: { eid_session: s } })).json<Array<{ id: string }>>().map((x) => x.id);
    expect(await ids(cookie(done, 'eid_session').value)).toEqual([social.session.id]);
    expect(await ids(byPassword)).toEqual([own.session.id]);
    expect(await me(byPassword)).toMatchObject({ email, hasPassword: true });
  });

  it('[OI2] a callback in another browser (no binding cookie, or another), a second use, or an unknown provider signs nobody in and says why on the home page', async () => {
    const ctx = await app();
    const s = await start(ctx);
    const callback = await walkToCallback(s.location, 'jonas', CALLBACK);
    for (const cookies of [{}, { eid_oidc: 'x'.repeat(43) }] as Array<Record<string, string>>) {
      const res = await back(ctx, callback, cookies);
      expect([res.statusCode, res.headers.location]).toEqual([303, '/?signIn=1&refused=SIGN_IN_ATTEMPT_UNKNOWN']);
      expect(cookie(res, 'eid_session').value).toBe('');
    }
    // Another browser's tries take nothing from the one that started it; that one signs in, once.
    expect((await back(ctx, callback, { eid_oidc: s.binding.value })).headers.location).toBe('/user');
    expect((await back(ctx, callback, { eid_oidc: s.binding.value })).headers.location).toBe('/?signIn=1&refused=SIGN_IN_ATTEMPT_UNKNOWN');
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/oidc/nobody/start` })).headers.location).toBe('/?signIn=1&refused=IDENTITY_FAILED');
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/oidc/..%2Fx/start` })).statusCode).toBe(400);
  });

  it('[OI2] [OI4] next may only be a path of this site; the person\'s "no" at the provider is SOCIAL_SIGN_IN_CANCELLED', async () => {
    const ctx = await app();
    const evil = await start(ctx, '//evil.example/steal');
    const done = await back(ctx, await walkToCallback(evil.location, 'jonas', CALLBACK), { eid_oidc: evil.binding.value });
    expect(done.headers.location).toBe('/user');
    const declined = await start(ctx);
    const state = new URL(declined.location).searchParams.get('state') ?? '';
    const res = await back(ctx, `${CALLBACK}?error=access_denied&state=${state}`, { eid_oidc: declined.binding.value });
    expect(res.headers.location).toBe('/?signIn=1&refused=SOCIAL_SIGN_IN_CANCELLED');
  });
});
