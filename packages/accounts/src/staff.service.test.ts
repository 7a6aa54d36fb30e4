import { describe, expect, it } from 'vitest';
import { SIGN_IN_LIMIT, STAFF_SESSION_LIMITS, type PasswordHasherPort } from '@eid/domain';
import { MemoryExpiringStore, MemoryStaffStore } from '@eid/adapter-storage-memory';
import { WebCryptoHash } from '@eid/adapter-system';
import { OtplibTotp } from '@eid/adapter-totp-otplib';
import { FixedClock, SequenceIds } from '@eid/test-fixtures';
import { StaffService, type StaffActor } from './staff.service.js';
import { ConsoleError } from './refusals.js';

const T0 = Date.UTC(2026, 10, 24, 9, 0, 10);
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

const plainHasher: PasswordHasherPort = {
  hash: async (p) => `h:${p}`,
  verify: async (h, p) => h === `h:${p}`,
};

async function setup() {
  const clock = new FixedClock(T0);
  const store = new MemoryStaffStore();
  const totp = new OtplibTotp();
  const service = new StaffService({ store, hasher: plainHasher, totp, clock, ids: new SequenceIds(), hash: new WebCryptoHash(), expiring: new MemoryExpiringStore(clock) });
  await service.seed({ id: 'op-1', email: 'asta@eid.lt', name: 'Asta', role: 'operator', totpSecret: SECRET, password: 'Operatorė-1' });
  await service.seed({ id: 'sv-1', email: 'zita@eid.lt', name: 'Zita', role: 'supervisor', totpSecret: SECRET, password: 'Vadovė-2026' });
  const code = () => totp.codeAt(SECRET, clock.now());
  const signIn = async (email: string, password: string, c?: string) => service.signIn({ email, password, code: c ?? (await code()) }, '192.0.2.1');
  const failure = (p: Promise<unknown>) => p.then(() => 'OK', (e: unknown) => (e instanceof ConsoleError ? e.code : String(e)));
  const actor = async (email: string, password: string): Promise<StaffActor & { readonly token: string }> => ({ ...(await signIn(email, password)), ip: '192.0.2.1' });
  return { clock, store, service, code, signIn, failure, actor };
}

describe('staff sign-in (SF1)', () => {
  it('[SF1] [AL1] the right password and code open a session; the same code again is refused (a replay), the next step\'s code signs in', async () => {
    const { clock, store, signIn, failure, service } = await setup();
    const first = await signIn('asta@eid.lt', 'Operatorė-1');
    expect((await service.authenticate(first.token))?.staff.id).toBe('op-1');
    const used = await new OtplibTotp().codeAt(SECRET, clock.now());
    expect(await failure(signIn('asta@eid.lt', 'Operatorė-1', used))).toBe('STAFF_SIGN_IN_FAILED');
    clock.advance(30_000);
    expect(await failure(signIn('asta@eid.lt', 'Operatorė-1'))).toBe('OK');
    const log = (await store.audit({ limit: 10, offset: 0 })).entries.map((e) => e.action);
    expect(log).toEqual(['SIGN_IN', 'SIGN_IN_FAILED', 'SIGN_IN']);
  });

  it('[SF1] a wrong password, a wrong code, no code, an unknown address: the one answer, each logged', async () => {
    const { signIn, failure, store } = await setup();
    expect(await failure(signIn('asta@eid.lt', 'wrong'))).toBe('STAFF_SIGN_IN_FAILED');
    expect(await failure(signIn('asta@eid.lt', 'Operatorė-1', '000000'))).toBe('STAFF_SIGN_IN_FAILED');
    expect(await failure(signIn('asta@eid.lt', 'Operatorė-1', ''))).toBe('STAFF_SIGN_IN_FAILED');
    expect(await failure(signIn('nobody@eid.lt', 'Operatorė-1'))).toBe('STAFF_SIGN_IN_FAILED');
    const log = (await store.audit({ limit: 10, offset: 0 })).entries;
    expect(log.map((e) => [e.action, e.staffId, e.staffEmail])).toEqual([
      ['SIGN_IN_FAILED', null, 'nobody@eid.lt'],
      ['SIGN_IN_FAILED', 'op-1', 'asta@eid.lt'],
      ['SIGN_IN_FAILED', 'op-1', 'asta@eid.lt'],
      ['SIGN_IN_FAILED', 'op-1', 'asta@eid.lt'],
    ]);
  });

  it(`[SF1] ${SIGN_IN_LIMIT.attempts} failures within 15 minutes lock the address, the right password and code too, for 15 minutes`, async () => {
    const { clock, signIn, failure } = await setup();
    for (let i = 0; i < SIGN_IN_LIMIT.attempts; i += 1) expect(await failure(signIn('asta@eid.lt', `wrong-${i}`))).toBe('STAFF_SIGN_IN_FAILED');
    clock.advance(60_000);
    expect(await failure(signIn('asta@eid.lt', 'Operatorė-1'))).toBe('STAFF_SIGN_IN_FAILED');
    // Attempts while locked are refused but not counted: nobody can keep a member locked out for good.
    clock.advance(SIGN_IN_LIMIT.lockMs - 2 * 60_000);
    expect(await failure(signIn('asta@eid.lt', 'wrong-again'))).toBe('STAFF_SIGN_IN_FAILED');
    clock.advance(60_000);
    expect(await failure(signIn('asta@eid.lt', 'Operatorė-1'))).toBe('OK');
  });
});

describe('staff sessions and roles', () => {
  it('[SF3] a session ends after 15 idle minutes and after 10 hours however busy', async () => {
    const { clock, signIn, service } = await setup();
    const { token } = await signIn('asta@eid.lt', 'Operatorė-1');
    clock.advance(STAFF_SESSION_LIMITS.idleMs - 1000);
    expect(await service.authenticate(token)).not.toBeNull();
    // A live stream's periodic check does not count as a call: the session still ends 15 minutes after the last one.
    clock.advance(10 * 60_000);
    expect(await service.authenticate(token, false)).not.toBeNull();
    clock.advance(STAFF_SESSION_LIMITS.idleMs - 10 * 60_000);
    expect(await service.authenticate(token, false)).toBeNull();
    expect(await service.authenticate(token)).toBeNull();
    clock.advance(30_000);
    const busy = await signIn('asta@eid.lt', 'Operatorė-1');
    for (let t = 0; t < STAFF_SESSION_LIMITS.absoluteMs - 10 * 60_000; t += 10 * 60_000) {
      clock.advance(10 * 60_000);
      expect(await service.authenticate(busy.token)).not.toBeNull();
    }
    clock.advance(10 * 60_000);
    expect(await service.authenticate(busy.token)).toBeNull();
  });

  it('[SF2] [SF4] an operator cannot manage staff or read the log; a supervisor adds one (secret shown once), disables them and their session ends', async () => {
    const { service, failure, actor, clock, store } = await setup();
    const operator = await actor('asta@eid.lt', 'Operatorė-1');
    expect(await failure(service.list(operator))).toBe('STAFF_FORBIDDEN');
    expect(await failure(service.audit(operator, { limit: 10, offset: 0 }))).toBe('STAFF_FORBIDDEN');
    clock.advance(30_000);
    const supervisor = await actor('zita@eid.lt', 'Vadovė-2026');
    const added = await service.add(supervisor, { email: 'rita@eid.lt', name: 'Rita', role: 'operator', password: 'Naujokė-2026' });
    expect(added.totpUri).toContain(added.totpSecret);
    expect(JSON.stringify(added.staff)).not.toContain(added.totpSecret);
    expect(await failure(service.add(supervisor, { email: 'rita@eid.lt', name: 'Rita', role: 'operator', password: 'Naujokė-2026' }))).toBe('STAFF_EXISTS');
    expect(await failure(service.disable(supervisor, supervisor.staff.id))).toBe('STAFF_FORBIDDEN');
    await service.disable(supervisor, operator.staff.id);
    expect(await service.authenticate(operator.token)).toBeNull();
    const log = (await service.audit(supervisor, { limit: 20, offset: 0 })).entries.map((e) => e.action);
    expect(log.slice(0, 3)).toEqual(['AUDIT_READ', 'STAFF_DISABLED', 'STAFF_ADDED']);
    expect((await store.staffById(operator.staff.id))?.active).toBe(false);
  });
});
