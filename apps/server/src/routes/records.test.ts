import { afterEach, describe, expect, it } from 'vitest';
import { walkToCallback } from '@eid/adapter-identity-oidc';
import { ACCOUNT_PATH } from '@eid/domain/protocol';
import { buildTestApp } from '../testing/build-test-app.js';
import { smartIdSession } from '../testing/identity.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
const ORIGIN = 'https://eid.test';

describe('the signed-in person\'s records (the local installation\'s bureau fixture)', () => {
  const open: Ctx[] = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });
  async function app(env: Record<string, string> = {}) {
    const ctx = await buildTestApp({ EID_PUBLIC_URL: ORIGIN, EID_SMART_ID_URL: 'local', ...env });
    open.push(ctx);
    return ctx;
  }
  const get = (ctx: Ctx, path: string, session?: string) => ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}${path}`, ...(session ? { cookies: { eid_session: session } } : {}) });

  it('[BR1] [BR2] [BR3] Smart-ID\'s demo account sees its documents (active with days left, expired of 7 years), its debts and its accidents, with the insurers\' names', async () => {
    const ctx = await app();
    const { session } = await smartIdSession(ctx, '30303039914');
    const docs = (await get(ctx, '/documents', session)).json();
    expect(docs.verified).toBe(true);
    expect(docs.active.map((d: { no: string; remainingDays: number; insurerName: string }) => [d.no, d.remainingDays, d.insurerName])).toEqual([
      ['LD2541827361', 10, 'Lietuvos draudimas'],
      ['ZK-LT-0412877', 10, 'Lietuvos draudimas'],
      ['ERG7719934501', 325, 'ERGO Insurance SE Lietuvos filialas'],
    ]);
    // The next year's policy, bought ahead, begins the day after the current one ends.
    expect(docs.upcoming.map((d: { no: string; startsInDays: number }) => [d.no, d.startsInDays])).toEqual([['LD2641902288', 11]]);
    // The 8-year-old policy is past the history.
    expect(docs.expired.map((d: { no: string }) => d.no)).toEqual(['BTA5502918374']);
    const debts = (await get(ctx, '/liabilities', session)).json();
    expect(debts).toMatchObject({ verified: true, totalOwedCents: 124_560, debts: [{ id: 'REG-2024-00187', owedCents: 124_560 }] });
    const accidents = (await get(ctx, '/accidents', session)).json();
    expect(accidents.accidents.map((a: { id: string; guilty: boolean; insurerName: string }) => [a.id, a.guilty, a.insurerName])).toEqual([
      ['EID-2025-0009134', false, 'ERGO Insurance SE Lietuvos filialas'],
      ['LTB-2023-0551207', true, 'BTA Baltic Insurance Company AAS filialas Lietuvoje'],
    ]);
    expect((await get(ctx, '/documents', session)).headers['cache-control']).toBe('no-store');
  });

  it('[BR1] nobody signed in gets nothing; an account without a verified code is told so and sees no one\'s records', async () => {
    const ctx = await app({ EID_OIDC_PROVIDERS: 'local' });
    for (const path of ['/documents', '/liabilities', '/accidents', '/notifications']) expect((await get(ctx, path)).json().code).toBe('NOT_SIGNED_IN');
    const start = await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/oidc/local/start` });
    const binding = /eid_oidc=([^;]+)/.exec(String(start.headers['set-cookie']))?.[1] ?? '';
    const back = await walkToCallback(String(start.headers.location), '30303039914', `${ORIGIN}${ACCOUNT_PATH}/oidc/local/callback`);
    const done = await ctx.app.inject({ method: 'GET', url: back.slice(ORIGIN.length), cookies: { eid_oidc: binding } });
    const session = /eid_session=([^;]+)/.exec(String(done.headers['set-cookie']))?.[1] ?? '';
    // A social login name that looks like a personal code proves nothing.
    for (const path of ['/documents', '/liabilities']) expect((await get(ctx, path, session)).json()).toEqual({ verified: false });
    expect((await get(ctx, '/accidents', session)).json()).toEqual({ verified: false, accidents: [] });
  });

  it('[BR4] settings M: the defaults until chosen; a change needs the CSRF token and a choice of the list', async () => {
    const ctx = await app();
    const { session, csrf } = await smartIdSession(ctx, '40504040001');
    expect((await get(ctx, '/notifications', session)).json()).toEqual({ email: true, sms: false, expiryReminders: true, reminderDays: 14 });
    const put = (payload: unknown, headers: Record<string, string>) => ctx.app.inject({ method: 'PUT', url: `${ACCOUNT_PATH}/notifications`, payload: payload as Record<string, unknown>, headers, cookies: { eid_session: session } });
    const choice = { email: false, sms: true, expiryReminders: true, reminderDays: 30 };
    expect((await put(choice, {})).json().code).toBe('CSRF_TOKEN_INVALID');
    expect((await put({ ...choice, reminderDays: 10 }, { 'x-eid-csrf': csrf })).statusCode).toBe(400);
    expect((await put(choice, { 'x-eid-csrf': csrf })).json()).toEqual(choice);
    expect((await get(ctx, '/notifications', session)).json()).toEqual(choice);
  });

  it('[BR4] the fixture\'s green card ending in 10 days is reminded by SMS in Lithuanian (its letters intact), not by e-mail without an address, and once; the renewed policy is not', async () => {
    const ctx = await app();
    await smartIdSession(ctx, '30303039914');
    const account = await ctx.app.storage.accounts.accountByPersonalCode('30303039914');
    if (!account) throw new Error('no account');
    await ctx.app.storage.accounts.updateAccount(account.id, { person: { ...account.person, phone: '+37061234567' } });
    await ctx.app.storage.accounts.setNotifications(account.id, { email: true, sms: true, expiryReminders: true, reminderDays: 14 });
    // The car's policy and green card end in 10 days; the next year's policy is bought, the green card is not.
    expect(await ctx.app.reminders.run()).toBe(1);
    const sms = await ctx.app.outbox.list({ channel: 'sms' });
    expect(sms).toHaveLength(1);
    expect(sms[0]?.to).toEqual(['+37061234567']);
    expect(sms.map((m) => m.text).join('\n')).toMatch(/EID: transporto priemonės KLM123 draudimas baigiasi \d{4}-\d{2}-\d{2} \(10 d\.\)/);
    // The account has no e-mail address: nothing by e-mail. Again: nothing.
    expect(await ctx.app.outbox.list({ channel: 'email' })).toHaveLength(0);
    expect(await ctx.app.reminders.run()).toBe(0);
  });
});
