import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { auditCutoff, AUDIT_YEARS } from './audit.js';
import { NewStaffSchema, STAFF_SESSION_LIMITS, StaffSignInSchema, staffMay, staffSessionAlive, type StaffPermission } from './staff.js';

describe('the bureau staff (SF)', () => {
  it.each<[StaffPermission, boolean, boolean, boolean]>([
    ['read', true, true, false],
    ['readDeclarations', true, true, true],
    ['answer', true, true, false],
    ['manageStaff', false, true, false],
    ['readAudit', false, true, false],
    ['announceUpdate', false, true, false],
    ['manageInsurers', false, true, false],
  ])("[SF2] %s: operator %s, supervisor %s, an insurer's staff %s", (permission, operator, supervisor, insurer) => {
    expect(staffMay('operator', permission)).toBe(operator);
    expect(staffMay('supervisor', permission)).toBe(supervisor);
    expect(staffMay('insurer', permission)).toBe(insurer);
  });

  it.each([
    [{ role: 'insurer', insurerId: 2 }, true],
    [{ role: 'insurer' }, false],
    [{ role: 'insurer', insurerId: null }, false],
    [{ role: 'operator', insurerId: 2 }, false],
    [{ role: 'supervisor', insurerId: null }, true],
    [{ role: 'insurer', insurerId: -1 }, false],
  ])("issue 36: an insurer's staff member names its insurer, the bureau's own none: %j → %s", (fields, ok) => {
    expect(v.safeParse(NewStaffSchema, { email: 'ona@ergo.lt', name: 'Ona', password: 'Saulė-Vėjas-2026', ...fields }).success).toBe(ok);
  });

  it('[SF3] a staff session lives 15 minutes without a call and 10 hours in all', () => {
    const t0 = Date.UTC(2026, 10, 24, 7, 0);
    expect(STAFF_SESSION_LIMITS).toEqual({ idleMs: 15 * 60_000, absoluteMs: 10 * 3_600_000 });
    expect(staffSessionAlive({ createdAt: t0, lastSeenAt: t0 }, t0 + 15 * 60_000 - 1)).toBe(true);
    expect(staffSessionAlive({ createdAt: t0, lastSeenAt: t0 }, t0 + 15 * 60_000)).toBe(false);
    expect(staffSessionAlive({ createdAt: t0, lastSeenAt: t0 + 10 * 3_600_000 - 60_000 }, t0 + 10 * 3_600_000 - 1)).toBe(true);
    expect(staffSessionAlive({ createdAt: t0, lastSeenAt: t0 + 10 * 3_600_000 - 60_000 }, t0 + 10 * 3_600_000)).toBe(false);
  });

  it.each([
    ['123456', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    [' 123456', false],
  ])('[SF1] the code "%s" is well-formed: %s', (code, ok) => {
    expect(v.safeParse(StaffSignInSchema, { email: 'Ona@EID.lt', password: 'x', code }).success).toBe(ok);
  });

  it('[SF1] [SF4] addresses are normalised; a new member needs a name, a role and a strong password', () => {
    expect(v.parse(StaffSignInSchema, { email: ' Ona@EID.lt ', password: 'x', code: '000000' }).email).toBe('ona@eid.lt');
    expect(v.safeParse(NewStaffSchema, { email: 'ona@eid.lt', name: 'Ona', role: 'operator', password: 'Saulė-Vėjas-2026' }).success).toBe(true);
    expect(v.safeParse(NewStaffSchema, { email: 'ona@eid.lt', name: ' ', role: 'operator', password: 'Saulė-Vėjas-2026' }).success).toBe(false);
    expect(v.safeParse(NewStaffSchema, { email: 'ona@eid.lt', name: 'Ona', role: 'admin', password: 'Saulė-Vėjas-2026' }).success).toBe(false);
    expect(v.safeParse(NewStaffSchema, { email: 'ona@eid.lt', name: 'Ona', role: 'operator', password: 'short' }).success).toBe(false);
  });

  it('[AL3] the audit log is kept 7 calendar years', () => {
    expect(AUDIT_YEARS).toBe(7);
    expect(new Date(auditCutoff(Date.UTC(2026, 10, 24, 12))).toISOString()).toBe('2019-11-24T12:00:00.000Z');
  });
});
