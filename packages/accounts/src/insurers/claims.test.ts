/**
 * Issue 36 item 5 through the ports, on a simulated clock: a claim registered tells the drivers of
 * the vehicles the insurer answers for, once (a correction again); the console's list of
 * declarations an insurer has not answered holds each one only once its two working days are over,
 * and until it answers.
 */
import { describe, expect, it } from 'vitest';
import { MemoryDeclarationStore, MemoryInsurerStore } from '@eid/adapter-storage-memory';
import { FixedClock, insurerClientFixture, submittedDeclaration } from '@eid/test-fixtures';
import type { InsurerClient } from '@eid/domain/insurer';
import type { StaffActor } from '../staff.service.js';
import type { InsurerPorts } from './ports.js';
import { announceFinished } from './announce.js';
import { overdueInsurerAnswers, registerInsurerClaim } from './claims.js';
import { InsurerApiError } from './insurer-error.js';

/** Friday 27 November 2026, 10:00 in Vilnius. */
const FRIDAY = Date.parse('2026-11-27T10:00:00+02:00');
const HOUR = 3_600_000;

async function world() {
  const clock = new FixedClock(FRIDAY);
  const store = new MemoryInsurerStore();
  const declarations = new MemoryDeclarationStore();
  const told: string[] = [];
  const audit: string[] = [];
  const ports = {
    store,
    declarations,
    clock,
    ids: { token: () => `t${told.length}${audit.length}${Math.floor(clock.now() / 1000)}` },
    links: { declaration: (id: string) => `https://eid.test/d/${id}`, file: (id: string, f: string) => `https://eid.test/d/${id}/${f}` },
    registry: { listInsurers: async () => [1, 2, 3].map((id) => ({ id, name: `Insurer ${id}`, www: '', damageWww: '', claimsEmail: '' })) },
    notify: { claimRegistered: async (_d: unknown, party: string, claim: { claimNumber: string; registeredAt: number }) => void told.push(`${party} ${claim.claimNumber} ${claim.registeredAt - FRIDAY}`) },
    audit: { appendAudit: async (e: { action: string; subject: string }) => (audit.push(`${e.action} ${e.subject}`), {}) as never },
    staff: { record: async (_a: unknown, action: string) => (audit.push(action), {}) as never, require: () => undefined },
  } as unknown as InsurerPorts;
  const declaration = submittedDeclaration('decl-claims-01');
  // Both insurers had their systems registered before the accident; a third's was revoked.
  await store.addClient(insurerClientFixture('ic_insurer1aaaaaaaaaaaa', 1, { createdAt: FRIDAY - HOUR }));
  await store.addClient(insurerClientFixture('ic_insurer2aaaaaaaaaaaa', 2, { createdAt: FRIDAY - HOUR }));
  await declarations.create({ declaration, slots: { A: { tokenHash: 'a', lastSeen: FRIDAY }, B: { tokenHash: 'b', lastSeen: FRIDAY } }, lastActivity: FRIDAY });
  await announceFinished(ports, declaration, FRIDAY);
  const caller = (insurerId: number) => ({ client: { id: `ic_insurer${insurerId}`, insurerId, name: `S${insurerId}`, revokedAt: null } as InsurerClient, ip: '192.0.2.1' });
  return { clock, ports, told, audit, caller };
}

const actor = { staff: { id: 's-1' } } as unknown as StaffActor;

describe('an insurer\'s claim number, the driver told, the bureau\'s overdue list', () => {
  it('the drivers of the insurer\'s vehicles are told of the claim as kept (the same again: the same notice, queued once by its id); a correction tells them anew; another insurer\'s declaration is not found', async () => {
    const { ports, told, caller, clock } = await world();
    expect(await registerInsurerClaim(ports, caller(1), 'decl-claims-01', { claimNumber: 'LD-1', contactName: '', contactPhone: '', contactEmail: '' })).toMatchObject({ vehicles: ['A'], changed: true });
    clock.advance(1000);
    expect(await registerInsurerClaim(ports, caller(1), 'decl-claims-01', { claimNumber: 'LD-1', contactName: '', contactPhone: '', contactEmail: '' })).toMatchObject({ changed: false });
    clock.advance(1000);
    await registerInsurerClaim(ports, caller(1), 'decl-claims-01', { claimNumber: 'LD-2', contactName: '', contactPhone: '', contactEmail: '' });
    expect(told).toEqual(['A LD-1 0', 'A LD-1 0', 'A LD-2 2000']);
    await expect(registerInsurerClaim(ports, caller(3), 'decl-claims-01', { claimNumber: 'X', contactName: '', contactPhone: '', contactEmail: '' })).rejects.toEqual(new InsurerApiError('INSURER_RECORD_NOT_FOUND'));
  });

  it('unanswered declarations show only after two working days (a weekend between), and leave the list when their insurer answers', async () => {
    const { clock, ports, caller, audit } = await world();
    const listed = async () => (await overdueInsurerAnswers(ports, actor)).overdue.map((o) => [o.insurerName, o.declarationId]).sort();
    // Friday → Monday → Tuesday 23:00: still within the two working days.
    clock.advance(4 * 24 * HOUR + 13 * HOUR);
    expect(await listed()).toEqual([]);
    // Wednesday 00:00 Vilnius: both insurers are late.
    clock.advance(HOUR);
    expect(await listed()).toEqual([
      ['Insurer 1', 'decl-claims-01'],
      ['Insurer 2', 'decl-claims-01'],
    ]);
    await registerInsurerClaim(ports, caller(2), 'decl-claims-01', { claimNumber: 'ERGO-9', contactName: '', contactPhone: '', contactEmail: '' });
    expect(await listed()).toEqual([['Insurer 1', 'decl-claims-01']]);
    expect(audit).toContain('INSURER_ANSWERS_LISTED');
    // An insurer without a system (revoked, or registered only after the declaration was finished) is not expected to answer here.
    await ports.store.updateClient('ic_insurer1aaaaaaaaaaaa', { revokedAt: clock.now() });
    expect(await listed()).toEqual([]);
    await ports.store.addClient(insurerClientFixture('ic_insurer1bbbbbbbbbbbb', 1, { createdAt: clock.now() }));
    expect(await listed()).toEqual([]);
  });
});
