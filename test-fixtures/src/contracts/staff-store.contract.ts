import { describe, expect, it } from 'vitest';
import type { NewAuditEntry, StaffMember, StaffStorePort } from '@eid/domain';

export interface StaffStoreUnderTest {
  readonly store: StaffStorePort;
  /** The SQL stores: an UPDATE of the audit log written straight to the database (it must be refused). */
  readonly rewriteAudit?: () => Promise<unknown>;
  close(): Promise<void> | void;
}

const T0 = Date.UTC(2026, 10, 24, 9, 0, 0);

export const staffFixture = (id: string, email: string, role: StaffMember['role'] = 'operator', insurerId: number | null = null): StaffMember => ({
  id,
  email,
  name: `Darbuotoja ${id}`,
  role,
  insurerId,
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
  totpSecret: 'JBSWY3DPEHPK3PXP',
  lastTotpStep: 0,
  active: true,
  createdAt: T0,
});

const entry = (staffId: string | null, action: NewAuditEntry['action'], subject: string, at: number): NewAuditEntry => ({ at, staffId, staffEmail: `${staffId ?? 'nobody'}@eid.lt`, action, subject, ip: '192.0.2.7' });

/** The contract every StaffStorePort adapter passes (memory, SQLite, PostgreSQL). */
export function registerStaffStoreContract(name: string, make: () => Promise<StaffStoreUnderTest> | StaffStoreUnderTest): void {
  describe(`staff store contract: ${name}`, () => {
    async function withStore(run: (s: StaffStoreUnderTest) => Promise<void>) {
      const s = await make();
      try {
        await run(s);
      } finally {
        await s.close();
      }
    }

    it('[SF4] one staff account per address; every field kept; listed by address', () =>
      withStore(async ({ store }) => {
        expect(await store.addStaff(staffFixture('st-2', 'zita@eid.lt', 'supervisor'))).toBe(true);
        expect(await store.addStaff(staffFixture('st-1', 'asta@eid.lt'))).toBe(true);
        expect(await store.addStaff(staffFixture('st-3', 'asta@eid.lt'))).toBe(false);
        expect(await store.staffById('st-2')).toEqual(staffFixture('st-2', 'zita@eid.lt', 'supervisor'));
        expect((await store.staffByEmail('asta@eid.lt'))?.id).toBe('st-1');
        expect(await store.staffByEmail('nobody@eid.lt')).toBeNull();
        // Issue 36: an insurer's member keeps its insurer.
        expect(await store.addStaff(staffFixture('st-4', 'ona@ergo.lt', 'insurer', 2))).toBe(true);
        expect(await store.staffById('st-4')).toEqual(staffFixture('st-4', 'ona@ergo.lt', 'insurer', 2));
        expect((await store.listStaff()).map((s) => s.id)).toEqual(['st-1', 'st-4', 'st-2']);
      }));

    it('[SF1] a code\'s time step is used once: the same or an older step is refused, and of two at once one wins', () =>
      withStore(async ({ store }) => {
        await store.addStaff(staffFixture('st-1', 'asta@eid.lt'));
        expect(await store.useTotpStep('st-1', 1000)).toBe(true);
        expect(await store.useTotpStep('st-1', 1000)).toBe(false);
        expect(await store.useTotpStep('st-1', 970)).toBe(false);
        const raced = await Promise.all([store.useTotpStep('st-1', 1030), store.useTotpStep('st-1', 1030)]);
        expect(raced.filter(Boolean)).toHaveLength(1);
        expect((await store.staffById('st-1'))?.lastTotpStep).toBe(1030);
        expect(await store.useTotpStep('missing', 5000)).toBe(false);
      }));

    it('[SF3] [SF4] sessions are found by token hash, touched, ended, swept past their limits; disabling ends them all', () =>
      withStore(async ({ store }) => {
        await store.addStaff(staffFixture('st-1', 'asta@eid.lt'));
        await store.addStaff(staffFixture('st-2', 'zita@eid.lt'));
        await store.createSession({ id: 's1', staffId: 'st-1', tokenHash: 'h1', createdAt: T0, lastSeenAt: T0 });
        await store.createSession({ id: 's2', staffId: 'st-1', tokenHash: 'h2', createdAt: T0, lastSeenAt: T0 });
        await store.createSession({ id: 's3', staffId: 'st-2', tokenHash: 'h3', createdAt: T0 - 1000, lastSeenAt: T0 });
        await store.touchSession('s1', T0 + 5000);
        expect(await store.sessionByTokenHash('h1')).toEqual({ id: 's1', staffId: 'st-1', tokenHash: 'h1', createdAt: T0, lastSeenAt: T0 + 5000 });
        await store.endSession('s2');
        expect(await store.sessionByTokenHash('h2')).toBeNull();
        expect(await store.removeSessionsBefore(T0 - 1, T0)).toBe(1);
        expect(await store.sessionByTokenHash('h3')).toBeNull();
        expect(await store.disableStaff('st-1')).toBe(true);
        expect(await store.sessionByTokenHash('h1')).toBeNull();
        expect((await store.staffById('st-1'))?.active).toBe(false);
        expect(await store.disableStaff('missing')).toBe(false);
      }));

    it('[AL1] [AL2] the audit log keeps every entry in the order written, newest first a page at a time, by staff member; an UPDATE is refused', () =>
      withStore(async ({ store, rewriteAudit }) => {
        const written = [];
        for (let i = 0; i < 5; i += 1) written.push(await store.appendAudit(entry(i % 2 === 0 ? 'st-1' : 'st-2', 'CHAT_READ', `chat-${i}`, T0 + i)));
        written.push(await store.appendAudit(entry(null, 'SIGN_IN_FAILED', '', T0 + 9)));
        expect(written.map((e) => e.seq)).toEqual([...written.map((e) => e.seq)].sort((a, b) => a - b));
        expect(new Set(written.map((e) => e.seq)).size).toBe(6);
        const first = await store.audit({ limit: 2, offset: 0 });
        expect(first.total).toBe(6);
        expect(first.entries.map((e) => e.subject)).toEqual(['', 'chat-4']);
        expect(first.entries[0]).toEqual(written[5]);
        const mine = await store.audit({ limit: 10, offset: 1, staffId: 'st-1' });
        expect(mine.total).toBe(3);
        expect(mine.entries.map((e) => e.subject)).toEqual(['chat-2', 'chat-0']);
        if (rewriteAudit) await expect(rewriteAudit()).rejects.toThrow();
        expect((await store.audit({ limit: 10, offset: 0 })).entries.map((e) => e.subject)).toEqual(['', 'chat-4', 'chat-3', 'chat-2', 'chat-1', 'chat-0']);
      }));

    it('[AL3] the retention sweep removes only the entries written before the cut-off', () =>
      withStore(async ({ store }) => {
        await store.appendAudit(entry('st-1', 'SIGN_IN', '', T0 - 10));
        await store.appendAudit(entry('st-1', 'CHAT_READ', 'chat-1', T0));
        expect(await store.removeAuditBefore(T0)).toBe(1);
        expect((await store.audit({ limit: 10, offset: 0 })).entries.map((e) => e.action)).toEqual(['CHAT_READ']);
      }));
  });
}
