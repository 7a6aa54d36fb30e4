import { afterEach, describe, expect, it } from 'vitest';
import { FixedClock } from '@eid/test-fixtures';
import { type Declaration } from '@eid/domain';
import { type Session } from '@eid/domain/protocol';
import { PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_RESEND_MS } from '@eid/hub';
import { buildTestApp } from '../testing/build-test-app.js';
import { plates, value, WsDriver } from '../testing/ws-driver.js';
import { DEV_OUTBOX_PATH } from '../routes/dev-outbox.js';
import { captchaToken } from '../testing/captcha.js';

const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);
type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

describe('phone confirmation codes and the trailer at connect', () => {
  const open: Ctx[] = [];
  const drivers: WsDriver[] = [];
  let clock: FixedClock;

  async function pair() {
    clock = new FixedClock(T0);
    const ctx = await buildTestApp({ EID_DEV_OUTBOX: 'on' }, { clock });
    await ctx.listen();
    open.push(ctx);
    const a = await WsDriver.open(ctx.app);
    const b = await WsDriver.open(ctx.app);
    drivers.push(a, b);
    const sa = value<Session<Declaration>>(await a.connect(plates('KLM123', { hasTrailer: true, trailerPlate: 'VB273' }), 'HBN512'));
    value(await b.joinConfirmedBy(a, 'HBN512', plates('KLM123', { hasTrailer: true, trailerPlate: 'VB273' })));
    return { ctx, a, b, sa };
  }

  /** The code of the newest SMS in the outbox, through the developer page. */
  async function lastCode(ctx: Ctx): Promise<{ to: string; text: string; code: string }> {
    const res = await ctx.app.inject({ method: 'GET', url: DEV_OUTBOX_PATH, remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    const sms = res.json<{ messages: Array<{ channel: string; to: string[]; text: string }> }>().messages.find((m) => m.channel === 'sms');
    if (!sms) throw new Error('no SMS in the outbox');
    const code = /(\d{6})/.exec(sms.text)?.[1];
    if (!code) throw new Error('no code in the SMS');
    return { to: sms.to[0]!, text: sms.text, code };
  }

  afterEach(async () => {
    for (const d of drivers.splice(0)) await d.close();
    for (const c of open.splice(0)) await c.close();
  });

  it('[HB14] a 6-digit code goes by SMS in the driver\'s language; the right code confirms the phone, which the other driver sees', async () => {
    const { ctx, a, b } = await pair();
    value(await a.call('send-phone-code', { tel: '+370 612 34567', captcha: await captchaToken(ctx.app, 'phone-code') }));
    const sms = await lastCode(ctx);
    expect(sms.to).toBe('+37061234567');
    expect(sms.text).toContain('patvirtinimo kodas');
    const wrong = sms.code === '000000' ? '111111' : '000000';
    expect(await a.call('confirm-phone-code', { code: wrong })).toMatchObject({ ok: false, code: 'WRONG_CONFIRMATION_CODE' });
    expect(await a.call('confirm-phone-code', { code: '12ab' })).toMatchObject({ ok: false, code: 'PHONE_CODE_INVALID' });
    value(await a.call('confirm-phone-code', { code: sms.code }));
    expect(a.view?.parties.A.driver).toMatchObject({ tel: '+37061234567', telConfirmed: true, informMethod: 'tel' });
    await b.waitForView((d) => d.parties.A.driver.telConfirmed);
  });

  it(`[HB14] ${PHONE_CODE_MAX_ATTEMPTS} wrong tries kill the code; a resend waits ${PHONE_CODE_RESEND_MS / 1000} s; the other driver's phone is refused`, async () => {
    const { ctx, a, b } = await pair();
    value(await b.call('send-phone-code', { tel: '+37069876543', captcha: await captchaToken(ctx.app, 'phone-code') }));
    expect(await a.call('send-phone-code', { tel: '+37069876543', captcha: await captchaToken(ctx.app, 'phone-code') })).toMatchObject({ ok: false, code: 'PHONES_MUST_DIFFER' });
    expect(await a.call('send-phone-code', { tel: '+370', captcha: await captchaToken(ctx.app, 'phone-code') })).toMatchObject({ ok: false, code: 'PHONE_ONLY_PREFIX' });
    value(await a.call('send-phone-code', { tel: '+37061234567', captcha: await captchaToken(ctx.app, 'phone-code') }));
    const { code } = await lastCode(ctx);
    expect(await a.call('send-phone-code', { tel: '+37061234567', captcha: await captchaToken(ctx.app, 'phone-code') })).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < PHONE_CODE_MAX_ATTEMPTS; i++) {
      expect(await a.call('confirm-phone-code', { code: wrong })).toMatchObject({ ok: false, code: 'WRONG_CONFIRMATION_CODE' });
    }
    expect(await a.call('confirm-phone-code', { code })).toMatchObject({ ok: false, code: 'WRONG_CONFIRMATION_CODE' });
    clock.advance(PHONE_CODE_RESEND_MS);
    value(await a.call('send-phone-code', { tel: '+37061234567', captcha: await captchaToken(ctx.app, 'phone-code') }));
    const again = await lastCode(ctx);
    expect(await a.call('confirm-phone-code', { code: again.code })).toMatchObject({ ok: true });
  });

  it('[HB14] the outbox page answers only this machine, never a proxied request', async () => {
    const { ctx } = await pair();
    expect((await ctx.app.inject({ method: 'GET', url: DEV_OUTBOX_PATH, remoteAddress: '10.1.2.3' })).statusCode).toBe(404);
    const proxied = await ctx.app.inject({ method: 'GET', url: DEV_OUTBOX_PATH, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '8.8.8.8' } });
    expect(proxied.statusCode).toBe(404);
  });

  it('[HB15] a trailer entered at the plate step is in the declaration, filled from the registry', async () => {
    const { sa } = await pair();
    expect(sa.declaration.parties.A.trailer).toMatchObject({ plate: 'VB273', make: 'Krone', result: 'OK' });
    expect(sa.declaration.parties.B.trailer).toBeNull();
  });
});
