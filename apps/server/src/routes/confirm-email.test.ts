import { afterEach, describe, expect, it } from 'vitest';
import { FixedClock } from '@eid/test-fixtures';
import { CONFIRM_EMAIL_PATH } from '@eid/domain/protocol';
import { EMAIL_LINK_RESEND_MS } from '@eid/hub';
import { buildTestApp } from '../testing/build-test-app.js';
import { plates, value, WsDriver } from '../testing/ws-driver.js';
import { DEV_OUTBOX_PATH } from './dev-outbox.js';
import { EMAIL_LINK_TTL_MS } from '../output/email-confirmation.js';

const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);
type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

describe('e-mail confirmation links', () => {
  const open: Ctx[] = [];
  const drivers: WsDriver[] = [];
  let clock: FixedClock;

  async function pair() {
    clock = new FixedClock(T0);
    const ctx = await buildTestApp({ EID_PUBLIC_URL: 'https://eid.test', EID_DEV_OUTBOX: 'on' }, { clock });
    await ctx.listen();
    open.push(ctx);
    const a = await WsDriver.open(ctx.app);
    const b = await WsDriver.open(ctx.app);
    drivers.push(a, b);
    value(await a.connect(plates('KLM123'), 'HBN512'));
    value(await b.joinConfirmedBy(a, 'HBN512', plates('KLM123')));
    value(await a.call('set-driver-email', { email: 'jonas@example.lt' }));
    return { ctx, a, b };
  }

  /** The token of the newest e-mail's confirmation link, read from the outbox page. */
  async function linkToken(ctx: Ctx): Promise<{ to: string; subject: string; token: string }> {
    const res = await ctx.app.inject({ method: 'GET', url: DEV_OUTBOX_PATH, remoteAddress: '127.0.0.1' });
    const mail = res.json<{ messages: Array<{ channel: string; to: string[]; subject: string; text: string }> }>().messages.find((m) => m.channel === 'email');
    if (!mail) throw new Error('no e-mail in the outbox');
    const link = /https:\/\/eid\.test\/confirm\?t=(\S+)/.exec(mail.text)?.[1];
    if (!link) throw new Error('no link in the e-mail');
    return { to: mail.to[0]!, subject: mail.subject, token: decodeURIComponent(link) };
  }

  const confirm = (ctx: Ctx, token: string) => ctx.app.inject({ method: 'POST', url: CONFIRM_EMAIL_PATH, payload: { token } });

  afterEach(async () => {
    for (const d of drivers.splice(0)) await d.close();
    for (const c of open.splice(0)) await c.close();
  });

  it('[EC1] the link goes to the address in the driver\'s language; opening it confirms the address for both devices', async () => {
    const { ctx, a, b } = await pair();
    expect(value(await a.call('confirm-email-a'))).toEqual({ sent: true, confirmed: false });
    const mail = await linkToken(ctx);
    expect(mail).toMatchObject({ to: 'jonas@example.lt', subject: 'Patvirtinkite el. pašto adresą' });
    const res = await confirm(ctx, mail.token);
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'CONFIRMED', email: 'jonas@example.lt' }]);
    await b.waitForView((d) => d.parties.A.driver.emailConfirmed);
    // Opened again: still confirmed; asked again: nothing to send.
    expect((await confirm(ctx, mail.token)).json()).toMatchObject({ status: 'CONFIRMED' });
    expect(value(await a.call('confirm-email-a'))).toEqual({ sent: false, confirmed: true });
  });

  it(`[EC1] one link a minute; a forged, expired or outdated link is CONFIRMATION_LINK_INVALID`, async () => {
    const { ctx, a } = await pair();
    value(await a.call('confirm-email-a'));
    expect(await a.call('confirm-email-a')).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    const { token } = await linkToken(ctx);
    const [body, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), e: 'mallory@example.lt' })).toString('base64url');
    for (const bad of [`${forged}.${mac}`, `${body}.${'A'.repeat(43)}`, 'garbage-garbage']) {
      const res = await confirm(ctx, bad);
      expect([res.statusCode, res.json()]).toEqual([400, { code: 'CONFIRMATION_LINK_INVALID' }]);
    }
    // The address was changed since: the old link confirms nothing.
    value(await a.call('set-driver-email', { email: 'jonas.p@example.lt' }));
    expect((await confirm(ctx, token)).json()).toEqual({ code: 'CONFIRMATION_LINK_INVALID' });
    clock.advance(EMAIL_LINK_RESEND_MS);
    value(await a.call('confirm-email-a'));
    const fresh = await linkToken(ctx);
    expect(fresh.to).toBe('jonas.p@example.lt');
    clock.advance(EMAIL_LINK_TTL_MS + 1);
    expect((await confirm(ctx, fresh.token)).json()).toEqual({ code: 'CONFIRMATION_LINK_INVALID' });
  });
});
