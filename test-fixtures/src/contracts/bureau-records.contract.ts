import { describe, expect, it } from 'vitest';
import type { BureauAccident, BureauDebt, BureauRecordsPort, InsuranceDocument } from '@eid/domain';

export interface BureauRecordsUnderTest {
  readonly store: BureauRecordsPort;
  close(): Promise<void> | void;
}

const doc = (no: string, validTill: string, plate = 'ABC123'): InsuranceDocument => ({ no, type: 'POL', contractNo: `C-${no}`, insurerId: 1, plate, vehicleType: 'A', make: 'Škoda', model: 'Octavia', validFrom: '2026-01-01', validTill });
const accident = (id: string, date: string): BureauAccident => ({ id, state: 'SETTLED', stateDate: date, guilty: false, tpPlate: 'XYZ987', tpMake: 'Audi', tpModel: 'A4', date, address: 'Gedimino pr. 1, Vilnius', damagesStr: 'Galinis buferis', insurerId: 1, isEID: false });
const debt = (id: string): BureauDebt => ({ id, kind: 'RECOURSE', amountCents: 123_450, paidCents: 0, caseNo: `B-${id}`, issuedOn: '2026-01-10', dueOn: '2026-12-31' });

/** The contract every BureauRecordsPort adapter passes (memory, SQLite, PostgreSQL). */
export function registerBureauRecordsContract(name: string, make: () => Promise<BureauRecordsUnderTest> | BureauRecordsUnderTest): void {
  async function withStore(run: (s: BureauRecordsUnderTest) => Promise<void>): Promise<void> {
    const s = await make();
    try {
      await run(s);
    } finally {
      await s.close();
    }
  }

  describe(`BureauRecordsPort contract: ${name}`, () => {
    it('[BR1] a person\'s records are theirs only, kept whole (Lithuanian letters too), and replaced as a whole', () =>
      withStore(async ({ store }) => {
        expect(await store.countRecords()).toBe(0);
        await store.replacePerson('30303039914', { documents: [doc('D2', '2027-01-31'), doc('D1', '2026-12-08')], accidents: [accident('A1', '2024-05-01')], debts: [debt('X1')] });
        await store.replacePerson('50001018865', { documents: [doc('D9', '2026-12-01', 'KLM456')], accidents: [], debts: [] });
        expect(await store.documentsOf('30303039914')).toEqual([doc('D1', '2026-12-08'), doc('D2', '2027-01-31')]);
        expect(await store.accidentsOf('30303039914')).toEqual([accident('A1', '2024-05-01')]);
        expect(await store.debtsOf('30303039914')).toEqual([debt('X1')]);
        expect(await store.documentsOf('39001010000')).toEqual([]);
        expect(await store.countRecords()).toBe(5);
        await store.replacePerson('30303039914', { documents: [doc('D3', '2027-02-01')], accidents: [], debts: [] });
        expect((await store.documentsOf('30303039914')).map((d) => d.no)).toEqual(['D3']);
        expect(await store.accidentsOf('30303039914')).toEqual([]);
        expect(await store.debtsOf('30303039914')).toEqual([]);
        expect((await store.documentsOf('50001018865')).map((d) => d.no)).toEqual(['D9']);
      }));

    it('[BR4] the documents ending within days, soonest first, with their persons', () =>
      withStore(async ({ store }) => {
        await store.replacePerson('30303039914', { documents: [doc('D2', '2027-01-31'), doc('D1', '2026-12-08')], accidents: [], debts: [] });
        await store.replacePerson('50001018865', { documents: [doc('D9', '2026-11-24')], accidents: [], debts: [] });
        expect(await store.documentsEnding('2026-11-24', '2026-12-24')).toEqual([
          { personalCode: '50001018865', document: doc('D9', '2026-11-24') },
          { personalCode: '30303039914', document: doc('D1', '2026-12-08') },
        ]);
        expect(await store.documentsEnding('2026-11-25', '2026-12-07')).toEqual([]);
      }));
  });
}
