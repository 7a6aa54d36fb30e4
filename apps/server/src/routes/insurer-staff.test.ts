/**
 * Issue 36 item 2: an insurer's staff in the console. The supervisor adds a member for an insurer
 * of the registry (password and TOTP as the bureau's staff); the member sees only the
 * declarations its insurer is responsible for, one of another insurer is not found as one that
 * does not exist, every other console call is refused STAFF_FORBIDDEN, and every read is audited.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_PATH, HTTP_CALLS, HTTP_ROUTES, type HttpCall } from '@eid/domain/protocol';
import type { ConsoleDeclarationAnswer, ConsoleDeclarationsAnswer, NewStaffAnswer, StaffListAnswer } from '@eid/domain';
import { OtplibTotp } from '@eid/adapter-totp-otplib';
import { buildTestApp } from '../testing/build-test-app.js';
import { DEMO_STAFF } from '../bureau/staff-seed.js';
import { seedSubmitted } from '../testing/submitted.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
const ORIGIN = 'https://eid.test';
const [, SUPERVISOR] = DEMO_STAFF;
const totp = new OtplibTotp();
const PASSWORD = 'Draudikas-2026';

describe("an insurer's staff in the console (server)", () => {
  const open: Ctx[] = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });

  async function setup() {
    const ctx = await buildTestApp({ EID_PUBLIC_URL: ORIGIN, EID_STAFF_SEED: 'fixture', EID_DEV_CLOCK: 'on' });
    open.push(ctx);
    const signIn = async (email: string, password: string, secret: string) => {
      const res = await ctx.app.inject({ method: 'POST', url: `${CONSOLE_PATH}/sign-in`, payload: { email, password, code: await totp.codeAt(secret, ctx.app.clock.now()) }, headers: { origin: ORIGIN } });
      expect(res.statusCode, res.body).toBe(200);
      return { cookies: { eid_staff: /eid_staff=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1] ?? '' }, headers: { 'x-eid-csrf': res.json<{ csrfToken: string }>().csrfToken, origin: ORIGIN } };
    };
    const supervisor = await signIn(SUPERVISOR.email, SUPERVISOR.password, SUPERVISOR.totpSecret);
    type Who = typeof supervisor;
    const call = (who: Who, method: string, url: string, payload?: Record<string, unknown>) =>
      ctx.app.inject({ method: method as 'GET', url, cookies: who.cookies, headers: who.headers, ...(payload === undefined ? {} : { payload }) });
    const addMember = (payload: Record<string, unknown>) => call(supervisor, 'POST', `${CONSOLE_PATH}/staff`, { name: 'Ieva Draudikė', password: PASSWORD, ...payload });
    /** A member of `insurerId`'s staff, signed in (a later TOTP step than the supervisor's). */
    const insurerMember = async (email: string, insurerId: number) => {
      const added = await addMember({ email, role: 'insurer', insurerId });
      expect(added.statusCode, added.body).toBe(200);
      return signIn(email, PASSWORD, added.json<NewStaffAnswer>().totpSecret);
    };
    return { ctx, supervisor, call, addMember, insurerMember };
  }

  it('the supervisor adds a member for an insurer of the registry: one without an insurer, an unknown one, or an insurer named for the bureau\'s own role is refused', async () => {
    const { call, supervisor, addMember } = await setup();
    const list = (await call(supervisor, 'GET', `${CONSOLE_PATH}/staff`)).json<StaffListAnswer>();
    expect(list.insurers.find((i) => i.id === 2)?.name).toBeTruthy();
    for (const [payload, code] of [
      [{ email: 'a@ergo.lt', role: 'insurer' }, 'DATA_ERROR'],
      [{ email: 'a@ergo.lt', role: 'insurer', insurerId: null }, 'DATA_ERROR'],
      [{ email: 'a@ergo.lt', role: 'operator', insurerId: 2 }, 'DATA_ERROR'],
      [{ email: 'a@ergo.lt', role: 'insurer', insurerId: 999 }, 'INSURER_NOT_IN_REGISTRY'],
      [{ email: 'a@ergo.lt', role: 'insurer', insurerId: 2.5 }, 'DATA_ERROR'],
    ] as const) {
      const res = await addMember(payload);
      expect([JSON.stringify(payload), res.statusCode, res.json().code]).toEqual([JSON.stringify(payload), 400, code]);
    }
    const added = await addMember({ email: 'a@ergo.lt', role: 'insurer', insurerId: 2 });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<NewStaffAnswer>().staff).toMatchObject({ email: 'a@ergo.lt', role: 'insurer', insurerId: 2, active: true });
    const after = (await call(supervisor, 'GET', `${CONSOLE_PATH}/staff`)).json<StaffListAnswer>();
    expect(after.staff.find((s) => s.email === 'a@ergo.lt')).toMatchObject({ role: 'insurer', insurerId: 2 });
    expect(after.staff.find((s) => s.email === SUPERVISOR.email)).toMatchObject({ role: 'supervisor', insurerId: null });
  });

  it("a member sees its insurer's declarations only; another insurer's is not found as one that does not exist; each read is in the audit log", async () => {
    const { ctx, call, supervisor, insurerMember } = await setup();
    await seedSubmitted(ctx.app, 'decl-staff-0001', ctx.app.clock.now());
    expect(await ctx.app.submitWorker.runOnce()).toBe(1);
    const ergo = await insurerMember('ona@ergo.lt', 2);
    const other = await insurerMember('jonas@kitas.lt', 3);

    const mine = await call(ergo, 'GET', `${CONSOLE_PATH}/declarations`);
    expect(mine.statusCode, mine.body).toBe(200);
    const page = mine.json<ConsoleDeclarationsAnswer>();
    expect([page.declarations.map((d) => d.declarationId), page.total]).toEqual([['decl-staff-0001'], 1]);
    expect(page.declarations[0]!.accidentId).toMatch(/\S/);
    expect(page.declarations[0]!.plates).toHaveLength(2);
    const found = await call(ergo, 'GET', `${CONSOLE_PATH}/declarations?search=${encodeURIComponent(page.declarations[0]!.accidentId)}`);
    expect(found.json<ConsoleDeclarationsAnswer>().declarations.map((d) => d.declarationId)).toEqual(['decl-staff-0001']);
    // Both insurers registered their claims: ERGO's member sees ERGO's, never the other insurer's number and handler.
    for (const insurerId of [1, 2]) {
      await ctx.app.storage.insurers.registerClaim({ declarationId: 'decl-staff-0001', insurerId, claimNumber: `NO-${insurerId}`, contactName: `Handler ${insurerId}`, contactPhone: '', contactEmail: `h${insurerId}@insurer.example`, clientId: 'ic_test000000000000000', registeredAt: ctx.app.clock.now() });
    }
    const read = await call(ergo, 'GET', `${CONSOLE_PATH}/declarations/decl-staff-0001`);
    expect(read.statusCode, read.body).toBe(200);
    const view = read.json<ConsoleDeclarationAnswer>();
    expect(view.statements.map((s) => s.party).sort()).toEqual(['A', 'B']);
    expect(view.statements.flatMap((s) => s.claims.map((c) => c.claimNumber))).toEqual(['NO-2']);
    expect(read.body).not.toContain('Handler 1');
    const bureauView = (await call(supervisor, 'GET', `${CONSOLE_PATH}/declarations/decl-staff-0001`)).json<ConsoleDeclarationAnswer>();
    expect(bureauView.statements.flatMap((s) => s.claims.map((c) => c.claimNumber)).sort()).toEqual(['NO-1', 'NO-2']);

    // The other insurer: an empty list, a search that finds nothing, and the declaration not found as a made-up one.
    expect((await call(other, 'GET', `${CONSOLE_PATH}/declarations`)).json()).toEqual({ declarations: [], total: 0 });
    expect((await call(other, 'GET', `${CONSOLE_PATH}/declarations?search=${encodeURIComponent(page.declarations[0]!.accidentId)}`)).json()).toEqual({ declarations: [], total: 0 });
    const notYours = await call(other, 'GET', `${CONSOLE_PATH}/declarations/decl-staff-0001`);
    const none = await call(other, 'GET', `${CONSOLE_PATH}/declarations/decl-staff-9999`);
    expect([notYours.statusCode, notYours.body]).toEqual([none.statusCode, none.body]);
    expect(notYours.statusCode).toBe(404);

    // The bureau's own still see every declaration.
    expect((await call(supervisor, 'GET', `${CONSOLE_PATH}/declarations`)).json<ConsoleDeclarationsAnswer>().total).toBe(1);
    const audit = (await ctx.app.storage.staff.audit({ limit: 50, offset: 0 })).entries.map((e) => `${e.staffEmail} ${e.action} ${e.subject}`);
    expect(audit).toEqual(expect.arrayContaining(['ona@ergo.lt DECLARATIONS_LISTED ', 'ona@ergo.lt DECLARATION_READ decl-staff-0001', 'jonas@kitas.lt DECLARATION_READ decl-staff-0001', 'jonas@kitas.lt DECLARATION_READ decl-staff-9999']));
  });

  it("every other console call is refused to an insurer's member: STAFF_FORBIDDEN before any input is read", async () => {
    const { call, insurerMember } = await setup();
    const ergo = await insurerMember('ona@ergo.lt', 2);
    const allowed = new Set(['staffMe', 'staffSignOut', 'consoleDeclarations', 'consoleDeclaration', 'staffSignIn']);
    const refused = Object.entries(HTTP_ROUTES).filter(([name, route]) => route.caller === 'staff' && !allowed.has(name));
    expect(refused.length).toBeGreaterThan(20);
    for (const [name, route] of refused) {
      // Made-up path parameters and no body: the role is judged before any of them.
      const url = route.path.replace(/:(\w+)/g, 'x0000000000000000000000');
      const res = await call(ergo, route.method, url, route.method === 'GET' ? undefined : {});
      expect([name, res.statusCode, res.json().code]).toEqual([name, 403, 'STAFF_FORBIDDEN']);
    }
    // Every staff call but the member's own (who am I, sign out) names what a role must allow.
    for (const [name, entry] of Object.entries(HTTP_CALLS) as Array<[string, HttpCall]>) if (entry.caller === 'staff' && name !== 'staffMe' && name !== 'staffSignOut') expect([name, entry.permission]).toEqual([name, expect.any(String)]);
    expect((await call(ergo, 'GET', `${CONSOLE_PATH}/me`)).json().staff).toMatchObject({ role: 'insurer', insurerId: 2 });
  });
});
