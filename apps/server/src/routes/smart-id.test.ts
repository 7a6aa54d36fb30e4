import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_PATH } from '@eid/domain';
import { buildTestApp } from '../testing/build-test-app.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
const ORIGIN = 'https://eid.test';

describe('sign-in by Smart-ID (the local service with SK\'s demo accounts)', () => {
  const open: Ctx[] = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });
  async function app() {
    const ctx = await buildTestApp({ EID_PUBLIC_URL: ORIGIN, EID_SMART_ID_URL: 'local' });
    open.push(ctx);
    return ctx;
  }
  const post = (ctx: Ctx, path: string, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}${path}`, payload: payload as Record<string, unknown>, headers: { origin: ORIGIN } });

  /** Polls as the page does until the attempt ends. */
  async function finish(ctx: Ctx, attempt: string) {
    for (let i = 0; i < 10; i += 1) {
      const res = await post(ctx, '/smart-id/poll', { attempt });
      if (res.statusCode !== 200 || res.json().state !== 'RUNNING') return res;
    }
    throw new Error('the attempt never ended');
  }

  it('[ID7] the demo account 30303039914 signs in: a verification code, then a session on the account of that verified code (made once, names from the certificate)', async () => {
    const ctx = await app();
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/methods` })).json()).toEqual({ password: true, identity: ['smartid'] });
    const start = await post(ctx, '/smart-id', { personalCode: '30303039914', lang: 'lt' });
    expect(start.statusCode).toBe(200);
    expect(start.json().verificationCode).toMatch(/^\d{4}$/);
    const done = await finish(ctx, start.json().attempt);
    expect(done.statusCode).toBe(200);
    const account = done.json().account;
    expect(account).toMatchObject({ email: null, personalCodeVerified: true, personalCode: '30303039914', person: { firstName: 'OK', lastName: 'TESTNUMBER', birthDate: '1903-03-03' }, session: { method: 'smartid' } });
    expect(String(done.headers['set-cookie'])).toMatch(/^eid_session=.+HttpOnly/);
    // The attempt is used once.
    expect((await post(ctx, '/smart-id/poll', { attempt: start.json().attempt })).json().code).toBe('SIGN_IN_ATTEMPT_UNKNOWN');
  });

  it('[ID7] [ID5] a refusal on the phone and a time-out are said by their codes; a second attempt for the same code within 15 s is too soon; an unknown attempt is refused', async () => {
    const ctx = await app();
    const refused = await post(ctx, '/smart-id', { personalCode: '30403039917', lang: 'en' });
    expect((await finish(ctx, refused.json().attempt)).json().code).toBe('IDENTITY_USER_REFUSED');
    const late = await post(ctx, '/smart-id', { personalCode: '30403039983', lang: 'en' });
    expect((await finish(ctx, late.json().attempt)).json().code).toBe('IDENTITY_TIMEOUT');
    const again = await post(ctx, '/smart-id', { personalCode: '30403039983', lang: 'en' });
    expect([again.statusCode, again.json().code]).toEqual([429, 'SIGN_IN_TOO_SOON']);
    expect((await post(ctx, '/smart-id', { personalCode: '30303039915', lang: 'en' })).json().code).toBe('DATA_ERROR');
    expect((await post(ctx, '/smart-id/poll', { attempt: 'x'.repeat(43) })).json().code).toBe('SIGN_IN_ATTEMPT_UNKNOWN');
    const unknown = await post(ctx, '/smart-id', { personalCode: '39001010000', lang: 'en' });
    expect(unknown.json().code).toBe('IDENTITY_NOT_CLIENT');
  });

  it('[ID7] without EID_SMART_ID_URL Smart-ID is not offered', async () => {
    const ctx = await buildTestApp({ EID_PUBLIC_URL: ORIGIN });
    open.push(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/methods` })).json()).toEqual({ password: true, identity: [] });
    expect((await post(ctx, '/smart-id', { personalCode: '30303039914', lang: 'lt' })).json().code).toBe('IDENTITY_FAILED');
  });
});
