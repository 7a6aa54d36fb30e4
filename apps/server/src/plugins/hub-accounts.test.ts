import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/build-test-app.js';
import { smartIdSession } from '../testing/identity.js';
import { WsDriver } from '../testing/ws-driver.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

describe('the declaration socket and the browser\'s account', () => {
  const open: Ctx[] = [];
  const drivers: WsDriver[] = [];
  afterEach(async () => {
    for (const d of drivers.splice(0)) d.close();
    for (const c of open.splice(0)) await c.close();
  });
  async function app() {
    const ctx = await buildTestApp({ EID_SMART_ID_URL: 'local', EID_TEST_PERSONAL_CODES: '40504040001, 50001029996' });
    await ctx.listen();
    open.push(ctx);
    return ctx;
  }
  async function device(ctx: Ctx, session?: string) {
    const d = await WsDriver.open(ctx.app, undefined, session ? `eid_session=${session}` : undefined);
    drivers.push(d);
    return d;
  }

  it('[AC14] a test user\'s device cannot start a declaration (TEST_USER_REFUSED); nothing is made', async () => {
    const ctx = await app();
    const { session } = await smartIdSession(ctx, '40504040001');
    const d = await device(ctx, session);
    expect(await d.connect('KLM123', 'HBN512')).toMatchObject({ ok: false, code: 'TEST_USER_REFUSED' });
    // The same plates from a browser signed in as nobody start it.
    expect(await (await device(ctx)).connect('KLM123', 'HBN512')).toMatchObject({ ok: true });
  });

  it('[BR5] a seat taken by a signed-in browser links the declaration to its account (each seat once); an anonymous one links nothing', async () => {
    const ctx = await app();
    const { session } = await smartIdSession(ctx, '30303039914');
    const d = await device(ctx, session);
    const connected = await d.connect('KLM123', 'HBN512');
    expect(connected.ok).toBe(true);
    const account = await ctx.app.storage.accounts.accountByPersonalCode('30303039914');
    const declarationId = (connected as { r: { declarationId: string } }).r.declarationId;
    await expect.poll(async () => ctx.app.storage.accounts.declarationsOf(account?.id ?? '')).toEqual([expect.objectContaining({ declarationId, party: 'A' })]);
    // A cookie that is no session links nothing and is no one.
    const stranger = await device(ctx, 'A'.repeat(43));
    expect((await stranger.connect('LRA908', 'GTE274')).ok).toBe(true);
    expect(await ctx.app.storage.accounts.declarationsOf(account?.id ?? '')).toHaveLength(1);
  });
});
