import { describe, expect, it } from 'vitest';
import { blankClaimData, type Claim, type ClaimData, type ClaimStorePort } from '@eid/domain';

export interface ClaimStoreUnderTest {
  readonly store: ClaimStorePort;
  /** Makes an account the claims may belong to (the SQL stores' foreign key). */
  account(id: string): Promise<unknown>;
  close(): Promise<void> | void;
}

const T0 = Date.UTC(2026, 10, 24, 9, 0, 0);

/** A claim (a blank draft of version 1 unless changed). */
export function claimFixture(id: string, accountId: string, changes: Partial<Claim> = {}): Claim {
  return { id, accountId, declarationId: null, party: null, state: 'DRAFT', data: blankClaimData(), documents: [], number: null, chatId: null, version: 1, createdAt: T0, updatedAt: T0, submittedAt: null, ...changes };
}

/** The blank form with the culprit's plate. */
function withPlate(plate: string): ClaimData {
  const data = blankClaimData();
  return { ...data, culprit: { ...data.culprit, plate } };
}

/** A claim past DRAFT, submitted at `submittedAt`. */
const sent = (id: string, accountId: string, state: Claim['state'], submittedAt: number, changes: Partial<Claim> = {}): Claim =>
  claimFixture(id, accountId, { state, submittedAt, number: `Z-20261124-${id.slice(-4).toUpperCase()}`, ...changes });

/** A claim with every field given. */
function fullClaim(): Claim {
  const data = blankClaimData();
  return claimFixture('claim-full-0000001', 'acc-1', {
    declarationId: '0b8d7c4e-3f1a-4d2b-9c8e-1a2b3c4d5e6f',
    party: 'B',
    state: 'SUBMITTED',
    number: 'Z-20261124-CLAI',
    chatId: 'chat-0001',
    version: 1,
    createdAt: T0,
    updatedAt: T0 + 5_000,
    submittedAt: T0 + 5_000,
    data: {
      ...data,
      competence: { ...data.competence, id: 2, insurerCountry: 'PL', insurerName: 'PZU SA', inquiryDate: '2026-11-20', caseNo: 'PL-77/2026' },
      victim: { ...data.victim, firstName: 'Žydrūnė', lastName: 'Šalčiūtė', personalCode: '48001010000', phone: '+37060000000', email: 'zydrune@example.lt', address: 'Gedimino pr. 1, Vilnius' },
      culprit: { ...data.culprit, firstName: 'Jan', lastName: 'Kowalski', plate: 'WX 1234A', vehicleCountry: 'PL', make: 'Škoda', model: 'Octavia', insurerId: 7 },
      location: { country: 'LT', date: '2026-11-19', time: '17:45', address: 'Kaunas, Savanorių pr.' },
      damage: { ...data.damage, vehicleRepair: '1250,50', vehicleDescription: 'Įlenktos galinės durys' },
      police: { informed: true, comment: 'Policija atvyko' },
      scheme: { fromDeclaration: true, comment: '' },
      witnesses: [{ name: 'Ona', surname: 'Onaitė', phone: '+37061111111' }],
      payment: { ...data.payment, bankName: 'Swedbank', bankCode: '73000', accountNo: 'LT601010012345678901', name: 'Žydrūnė', surname: 'Šalčiūtė' },
    },
    documents: [
      { fileId: 'file-0001', kind: 'fotos', fileName: 'žala.jpg', mimeType: 'image/jpeg', size: 123_456, addedAt: T0 + 1_000 },
      { fileId: 'file-0002', kind: 'legal', fileName: 'pažyma.pdf', mimeType: 'application/pdf', size: 65_432, addedAt: T0 + 2_000 },
    ],
  });
}

/** The contract every ClaimStorePort adapter passes (memory, SQLite, PostgreSQL). */
export function registerClaimStoreContract(name: string, make: () => Promise<ClaimStoreUnderTest> | ClaimStoreUnderTest): void {
  describe(`claim store contract: ${name}`, () => {
    async function withStore(run: (s: ClaimStoreUnderTest) => Promise<void>) {
      const s = await make();
      try {
        await run(s);
      } finally {
        await s.close();
      }
    }

    it('a claim is kept whole (its form and documents); what the caller holds afterwards is not the stored claim', () =>
      withStore(async (s) => {
        await s.account('acc-1');
        const given = fullClaim();
        const passed = structuredClone(given);
        await s.store.create(passed);
        (passed.data.culprit as { plate: string }).plate = 'CHANGED';
        expect(await s.store.get(given.id)).toEqual(given);
        const read = (await s.store.get(given.id)) as Claim;
        (read.data.victim as { firstName: string }).firstName = 'CHANGED';
        (read.documents as unknown[]).length = 0;
        expect(await s.store.get(given.id)).toEqual(given);
        expect(await s.store.get('no-such-claim')).toBeNull();
      }));

    it('a claim is created once: a second with the same id is refused and the first kept', () =>
      withStore(async (s) => {
        await s.account('acc-1');
        const first = fullClaim();
        await s.store.create(first);
        await expect(s.store.create(claimFixture(first.id, 'acc-1', { createdAt: T0 + 99 }))).rejects.toThrow();
        expect(await s.store.get(first.id)).toEqual(first);
      }));

    it("an account's claims, newest first, and none of another account's", () =>
      withStore(async (s) => {
        await s.account('acc-1');
        await s.account('acc-2');
        await s.store.create(claimFixture('claim-a-0000000001', 'acc-1', { createdAt: T0 }));
        await s.store.create(claimFixture('claim-a-0000000002', 'acc-1', { createdAt: T0 + 2_000 }));
        await s.store.create(claimFixture('claim-b-0000000001', 'acc-2', { createdAt: T0 + 3_000 }));
        await s.store.create(claimFixture('claim-a-0000000003', 'acc-1', { createdAt: T0 + 1_000 }));
        expect((await s.store.ofAccount('acc-1')).map((c) => c.id)).toEqual(['claim-a-0000000002', 'claim-a-0000000003', 'claim-a-0000000001']);
        expect(await s.store.ofAccount('acc-2')).toEqual([claimFixture('claim-b-0000000001', 'acc-2', { createdAt: T0 + 3_000 })]);
        expect(await s.store.ofAccount('acc-3')).toEqual([]);
      }));

    it("the account's claim started from a declaration is found; another account's is not", () =>
      withStore(async (s) => {
        await s.account('acc-1');
        await s.account('acc-2');
        await s.account('acc-3');
        const mine = claimFixture('claim-a-0000000001', 'acc-1', { declarationId: 'decl-1', party: 'A' });
        const theirs = claimFixture('claim-b-0000000001', 'acc-2', { declarationId: 'decl-1', party: 'B' });
        await s.store.create(mine);
        await s.store.create(theirs);
        await s.store.create(claimFixture('claim-a-0000000002', 'acc-1'));
        expect(await s.store.fromDeclaration('acc-1', 'decl-1')).toEqual(mine);
        expect(await s.store.fromDeclaration('acc-2', 'decl-1')).toEqual(theirs);
        expect(await s.store.fromDeclaration('acc-3', 'decl-1')).toBeNull();
        expect(await s.store.fromDeclaration('acc-1', 'decl-2')).toBeNull();
      }));

    it('a save is compare-and-set on the version: a stale one changes nothing; of two at once, one wins', () =>
      withStore(async (s) => {
        await s.account('acc-1');
        const draft = claimFixture('claim-a-0000000001', 'acc-1');
        await s.store.create(draft);
        const next: Claim = { ...sent(draft.id, 'acc-1', 'SUBMITTED', T0 + 60_000), data: withPlate('ABC123'), version: 2, updatedAt: T0 + 60_000 };
        expect(await s.store.save(next, 0)).toBe(false);
        expect(await s.store.save(next, 2)).toBe(false);
        expect(await s.store.get(draft.id)).toEqual(draft);
        expect(await s.store.save(next, 1)).toBe(true);
        expect(await s.store.get(draft.id)).toEqual(next);
        expect(await s.store.save({ ...next, version: 2, state: 'DECIDED' }, 1)).toBe(false);
        expect(await s.store.get(draft.id)).toEqual(next);
        const outcomes = await Promise.all(
          (['RECEIVED', 'DECIDED', 'INFORMATION_REQUESTED'] as const).map((state) => s.store.save({ ...next, state, version: 3, updatedAt: T0 + 70_000 }, 2)),
        );
        expect(outcomes.filter(Boolean)).toHaveLength(1);
        expect(await s.store.get(draft.id)).toMatchObject({ version: 3, updatedAt: T0 + 70_000 });
        expect(await s.store.save(claimFixture('no-such-claim-0001', 'acc-1', { version: 2 }), 1)).toBe(false);
        expect(await s.store.get('no-such-claim-0001')).toBeNull();
      }));

    it('[UE9] the queue: no drafts, the undecided first, each group oldest submission first, a page at a time with the total', () =>
      withStore(async (s) => {
        await s.account('acc-1');
        await s.account('acc-2');
        await s.store.create(claimFixture('claim-draft-00001', 'acc-1', { createdAt: T0 - 1 }));
        await s.store.create(sent('claim-sent-00030', 'acc-1', 'SUBMITTED', T0 + 30));
        await s.store.create(sent('claim-done-00005', 'acc-2', 'DECIDED', T0 + 5));
        await s.store.create(sent('claim-rcvd-00010', 'acc-2', 'RECEIVED', T0 + 10));
        await s.store.create(sent('claim-info-00020', 'acc-1', 'INFORMATION_REQUESTED', T0 + 20));
        await s.store.create(sent('claim-done-00001', 'acc-1', 'DECIDED', T0 + 1));
        const all = await s.store.queue({ limit: 10, offset: 0 });
        expect(all.total).toBe(5);
        expect(all.claims.map((c) => c.id)).toEqual(['claim-rcvd-00010', 'claim-info-00020', 'claim-sent-00030', 'claim-done-00001', 'claim-done-00005']);
        expect(all.claims[0]).toEqual(sent('claim-rcvd-00010', 'acc-2', 'RECEIVED', T0 + 10));
        const page = await s.store.queue({ limit: 2, offset: 1 });
        expect([page.total, page.claims.map((c) => c.id)]).toEqual([5, ['claim-info-00020', 'claim-sent-00030']]);
        const past = await s.store.queue({ limit: 2, offset: 10 });
        expect([past.total, past.claims]).toEqual([5, []]);
      }));

    it("[UE9] the queue's search: the claim's number or the culprit's plate, any case, as text, never a pattern", () =>
      withStore(async (s) => {
        await s.account('acc-1');
        await s.store.create(sent('claim-numb-0ab12', 'acc-1', 'SUBMITTED', T0 + 1, { data: withPlate('KLM 999') }));
        await s.store.create(sent('claim-plat-00002', 'acc-1', 'RECEIVED', T0 + 2, { data: withPlate('ab123') }));
        await s.store.create(sent('claim-plat-00003', 'acc-1', 'DECIDED', T0 + 3, { data: withPlate('XY_77') }));
        await s.store.create(claimFixture('claim-draft-00004', 'acc-1', { data: withPlate('AB1') }));
        const search = async (text: string) => {
          const found = await s.store.queue({ limit: 10, offset: 0, search: text });
          return [found.total, found.claims.map((c) => c.id)];
        };
        // 'AB1' is in the first's number (Z-20261124-AB12) and the second's plate; the draft is not in the queue.
        expect(await search('AB1')).toEqual([2, ['claim-numb-0ab12', 'claim-plat-00002']]);
        expect(await search(' z-20261124-ab12 ')).toEqual([1, ['claim-numb-0ab12']]);
        expect(await search('klm 9')).toEqual([1, ['claim-numb-0ab12']]);
        expect(await search('xy_7')).toEqual([1, ['claim-plat-00003']]);
        expect(await search('_')).toEqual([1, ['claim-plat-00003']]);
        expect(await search('%')).toEqual([0, []]);
        expect(await search('a%1')).toEqual([0, []]);
        expect(await search('k_m')).toEqual([0, []]);
        expect(await search('nothing')).toEqual([0, []]);
        expect((await s.store.queue({ limit: 1, offset: 1, search: 'ab1' })).claims.map((c) => c.id)).toEqual(['claim-plat-00002']);
        // A saved plate is what is searched afterwards.
        const second = (await s.store.get('claim-plat-00002')) as Claim;
        expect(await s.store.save({ ...second, data: withPlate('NEW 555'), version: 2 }, 1)).toBe(true);
        expect(await search('ab123')).toEqual([0, []]);
        expect(await search('new 5')).toEqual([1, ['claim-plat-00002']]);
      }));
  });
}
