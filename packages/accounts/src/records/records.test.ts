/**
 * The records use cases through their ports, on the memory adapters and a fixed clock (BR1-BR5,
 * settings M): no code, no bureau records; documents split by today; the account's own statement
 * only while its seat is the one it held; the notification choices' defaults and saving.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATIONS, type Declaration, type InsuranceDocument, type StatementRecord, type StoredDeclaration } from '@eid/domain';
import { openOwnStatement, readAccidents, readDebts, readDocuments, readNotificationChoices, RecordsError, saveNotificationChoices, type RecordsPorts } from './index.js';

const TODAY = Date.UTC(2026, 10, 26, 10, 0, 0);
const CODE = '38703181745';
const doc = (no: string, validFrom: string, validTill: string): InsuranceDocument => ({ no, type: 'POL', contractNo: `C-${no}`, insurerId: 7, plate: 'ABC123', vehicleType: 'A', make: 'Toyota', model: 'Corolla', validFrom, validTill });

function ports(over: { links?: Array<{ declarationId: string; party: 'A' | 'B'; tokenHash: string }>; record?: StoredDeclaration | null; statement?: StatementRecord | null } = {}): RecordsPorts & { saved: unknown[] } {
  const prefs = new Map<string, unknown>();
  const saved: unknown[] = [];
  return {
    saved,
    bureau: {
      documentsOf: async (code) => (code === CODE ? [doc('now', '2026-01-01', '2026-12-31'), doc('old', '2025-01-01', '2025-12-31'), doc('next', '2027-01-01', '2027-12-31')] : []),
      debtsOf: async () => [],
      accidentsOf: async () => [],
    },
    insurers: { listInsurers: async () => [{ id: 7, name: 'Draudikas' } as never] },
    statements: { statementsFor: async () => [], statementById: async (id) => (over.statement && over.statement.statementId === id ? over.statement : null) },
    declarations: { get: async () => over.record ?? null },
    accounts: {
      declarationsOf: async () => (over.links ?? []).map((l) => ({ ...l, at: 0 })),
      notificationsOf: async (id) => (prefs.get(id) as never) ?? null,
      setNotifications: async (id, p) => {
        if (id === 'gone') return false;
        prefs.set(id, p);
        saved.push(p);
        return true;
      },
    },
    seated: { ofAccount: async () => [] },
    clock: { now: () => TODAY },
    insurerClaims: async () => [],
  };
}

describe('the records use cases', () => {
  it('[BR2] [BR3] without a verified code nothing of the bureau is read; with one the documents are split by today', async () => {
    const p = ports();
    expect(await readDocuments(p, { id: 'a', personalCode: null })).toEqual({ verified: false });
    expect(await readDebts(p, { id: 'a', personalCode: null })).toEqual({ verified: false });
    const docs = await readDocuments(p, { id: 'a', personalCode: CODE });
    expect(docs.verified && [docs.active.map((d) => d.no), docs.upcoming.map((d) => d.no), docs.expired.map((d) => d.no)]).toEqual([['now'], ['next'], ['old']]);
    expect(docs.verified && docs.active[0]?.insurerName).toBe('Draudikas');
    expect(await readAccidents(p, { id: 'a', personalCode: null })).toEqual({ verified: false, accidents: [] });
  });

  it('[BR5] the account\'s own statement opens only while the seat is the one its browser held; anything else is PREVIEW_LOAD_FAILED', async () => {
    const statement = { statementId: 's'.repeat(20), declarationId: 'd1', party: 'A' } as unknown as StatementRecord;
    const declaration = { id: 'd1', parties: { A: {}, B: {} } } as unknown as Declaration;
    const record = (tokenHash: string) => ({ declaration, slots: { A: { tokenHash }, B: { tokenHash: null } }, lastActivity: 0 }) as unknown as StoredDeclaration;
    const reader = { id: 'a', personalCode: null };
    const refused = (p: RecordsPorts, id = statement.statementId) => openOwnStatement(p, reader, id).then(() => 'opened', (e: unknown) => (e instanceof RecordsError ? e.code : 'other'));
    // Another's statement, an unknown id, a seat taken over since: the same answer.
    expect(await refused(ports({ statement, record: record('h1'), links: [] }))).toBe('PREVIEW_LOAD_FAILED');
    expect(await refused(ports({ statement, record: record('h1'), links: [{ declarationId: 'd1', party: 'A', tokenHash: 'h1' }] }), 'x'.repeat(20))).toBe('PREVIEW_LOAD_FAILED');
    expect(await refused(ports({ statement, record: record('h2'), links: [{ declarationId: 'd1', party: 'A', tokenHash: 'h1' }] }))).toBe('PREVIEW_LOAD_FAILED');
    expect(await refused(ports({ statement, record: record('h1'), links: [{ declarationId: 'd1', party: 'B', tokenHash: 'h1' }] }))).toBe('PREVIEW_LOAD_FAILED');
  });

  it('settings M: the defaults until chosen; a saved choice is read back; a removed account is NOT_SIGNED_IN', async () => {
    const p = ports();
    expect(await readNotificationChoices(p, { id: 'a', personalCode: null })).toEqual(DEFAULT_NOTIFICATIONS);
    const choice = { ...DEFAULT_NOTIFICATIONS, sms: true, reminderDays: 30 as const };
    expect(await saveNotificationChoices(p, { id: 'a', personalCode: null }, choice)).toEqual(choice);
    expect(await readNotificationChoices(p, { id: 'a', personalCode: null })).toEqual(choice);
    await expect(saveNotificationChoices(p, { id: 'gone', personalCode: null }, choice)).rejects.toEqual(new RecordsError('NOT_SIGNED_IN'));
  });
});
