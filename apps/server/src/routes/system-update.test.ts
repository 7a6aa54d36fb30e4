import { afterEach, describe, expect, it } from 'vitest';
import { BACKEND_BASE_PATH, CONSOLE_PATH } from '@eid/domain/protocol';
import type { AuditAnswer, SystemUpdate } from '@eid/domain';
import { OtplibTotp } from '@eid/adapter-totp-otplib';
import { buildTestApp } from '../testing/build-test-app.js';
import { WsDriver } from '../testing/ws-driver.js';
import { DEMO_STAFF } from '../bureau/staff-seed.js';
import { SystemUpdates } from '../operations/system-update.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
const ORIGIN = 'https://eid.test';
const [OPERATOR, SUPERVISOR] = DEMO_STAFF;
const totp = new OtplibTotp();
const MINUTE = 60_000;

describe('a system update announced from the console', () => {
  const open: Ctx[] = [];
  const drivers: WsDriver[] = [];
  afterEach(async () => {
    for (const d of drivers.splice(0)) await d.close();
    for (const c of open.splice(0)) await c.close();
  });

  async function setup() {
    const ctx = await buildTestApp({ EID_PUBLIC_URL: ORIGIN, EID_STAFF_SEED: 'fixture' });
    await ctx.listen();
    open.push(ctx);
    const staff = async (member: (typeof DEMO_STAFF)[number]) => {
      const res = await ctx.app.inject({ method: 'POST', url: `${CONSOLE_PATH}/sign-in`, payload: { email: member.email, password: member.password, code: await totp.codeAt(member.totpSecret, Date.now()) }, headers: { origin: ORIGIN } });
      return { cookies: { eid_staff: /eid_staff=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1] ?? '' }, csrf: res.json<{ csrfToken: string }>().csrfToken };
    };
    const announce = (who: { cookies: Record<string, string>; csrf: string }, body: unknown) =>
      ctx.app.inject({ method: 'POST', url: `${CONSOLE_PATH}/system-update`, payload: body as object, headers: { 'x-eid-csrf': who.csrf, origin: ORIGIN }, cookies: who.cookies });
    const cancel = (who: { cookies: Record<string, string>; csrf: string }) =>
      ctx.app.inject({ method: 'POST', url: `${CONSOLE_PATH}/system-update/cancel`, payload: {}, headers: { 'x-eid-csrf': who.csrf, origin: ORIGIN }, cookies: who.cookies });
    const publicState = async () => (await ctx.app.inject({ method: 'GET', url: `${BACKEND_BASE_PATH}/system-update` })).json<{ update: SystemUpdate | null }>().update;
    const connect = async (own: string, other: string) => {
      const d = await WsDriver.open(ctx.app);
      drivers.push(d);
      return d.connect(own, other);
    };
    return { ctx, staff, announce, cancel, publicState, connect };
  }

  it('[SU1] [SU3] only a supervisor announces, with times that can be; each announcement and calling-off is in the audit log', async () => {
    const { ctx, staff, announce, cancel, publicState } = await setup();
    const operator = await staff(OPERATOR!);
    const supervisor = await staff(SUPERVISOR!);
    const now = Date.now();
    const soon = { from: now + 60 * MINUTE, until: now + 90 * MINUTE };
    const refused = await announce(operator, soon);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'STAFF_FORBIDDEN']);
    for (const bad of [
      { from: now + 90 * MINUTE, until: now + 60 * MINUTE },
      { from: now - 90 * MINUTE, until: now - 60 * MINUTE },
      { from: now, until: now + 5 * 60 * MINUTE },
      { from: now + 8 * 24 * 60 * MINUTE, until: now + 8 * 24 * 60 * MINUTE + MINUTE },
    ]) {
      const res = await announce(supervisor, bad);
      expect([res.statusCode, res.json().code]).toEqual([400, 'SYSTEM_UPDATE_TIMES']);
    }
    for (const hostile of [{ from: 'tomorrow', until: now }, { from: now }, { from: 1.5, until: now + MINUTE }, [now, now + MINUTE]]) {
      expect((await announce(supervisor, hostile)).json().code).toBe('DATA_ERROR');
    }
    expect(await publicState()).toBeNull();
    const made = await announce(supervisor, soon);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toEqual({ update: soon });
    expect(await publicState()).toEqual(soon);
    expect((await cancel(operator)).json().code).toBe('STAFF_FORBIDDEN');
    expect((await cancel(supervisor)).json()).toEqual({ update: null });
    expect(await publicState()).toBeNull();
    const audit = (await ctx.app.inject({ method: 'GET', url: `${CONSOLE_PATH}/audit`, cookies: supervisor.cookies })).json<AuditAnswer>();
    const actions = audit.entries.map((e) => e.action);
    expect(actions).toContain('SYSTEM_UPDATE_ANNOUNCED');
    expect(actions).toContain('SYSTEM_UPDATE_CANCELLED');
    expect(audit.entries.find((e) => e.action === 'SYSTEM_UPDATE_ANNOUNCED')?.subject).toBe(`${new Date(soon.from).toISOString()}/${new Date(soon.until).toISOString()}`);
  });

  it('[SU2] announced, declarations start as before; while it runs a new one is SYSTEM_UPDATE with the wait (at most 10 minutes); another node reads the same; called off, they start again', async () => {
    const { ctx, staff, announce, cancel, connect } = await setup();
    const supervisor = await staff(SUPERVISOR!);
    const now = Date.now();
    expect((await announce(supervisor, { from: now + 60 * MINUTE, until: now + 90 * MINUTE })).statusCode).toBe(200);
    expect(await connect('KLM123', 'HBN512')).toMatchObject({ ok: true });
    const running = { from: now - MINUTE, until: now + 30 * MINUTE };
    expect((await announce(supervisor, running)).statusCode).toBe(200);
    const refused = await connect('LRA908', 'GTE274');
    expect(refused).toMatchObject({ ok: false, code: 'SYSTEM_UPDATE' });
    const wait = (refused as { retryAfterMs: number }).retryAfterMs;
    expect(wait).toBeGreaterThan(9 * MINUTE);
    expect(wait).toBeLessThanOrEqual(10 * MINUTE);
    // A second node over the same database reads the same announcement, and its hub is told it.
    const told: Array<SystemUpdate | null> = [];
    const otherNode = new SystemUpdates(ctx.app.expiring, ctx.app.clock, (u) => told.push(u));
    expect(await otherNode.refresh()).toEqual(running);
    expect(told).toEqual([running]);
    expect((await cancel(supervisor)).statusCode).toBe(200);
    expect(await connect('LRA908', 'GTE274')).toMatchObject({ ok: true });
    expect(await otherNode.refresh()).toBeNull();
  });
});
