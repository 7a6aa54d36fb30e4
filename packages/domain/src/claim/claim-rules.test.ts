import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as v from 'valibot';
import { personalCodeControlDigit } from '../rules/personal-code.js';
import { blankClaimData, bureauMayMove, BUREAU_CLAIM_STATES, claimDocumentRoom, claimDocumentsOpen, ClaimDataSchema, claimFormEditable, claimNumber, CLAIM_STATES, type ClaimData, type ClaimDocument } from './claim.js';
import { bankByCode, claimCompetence, claimRecipient, claimErrors, claimStepErrors, COMPETENT_BODY_IDS, ibanBankCode, isCompanyCode, LT_BANKS } from './claim-rules.js';

/** A complete claim of a natural person, paid to Swedbank. */
export function completeClaim(): ClaimData {
  const b = blankClaimData();
  return {
    ...b,
    victim: { ...b.victim, firstName: 'Ona', lastName: 'Žemaitė', personalCode: '48001010005', phone: '+37061234567', email: 'ona@example.lt', address: 'Gedimino pr. 1, Vilnius' },
    culprit: { ...b.culprit, plate: 'ABC123', insurerId: 3, firstName: 'Jonas', lastName: 'Jonaitis' },
    location: { country: 'LT', date: '2026-11-20', time: '08:15', address: 'Konstitucijos pr. 3, Vilnius' },
    damage: { ...b.damage, vehicleRepair: '1200,50', vehicleDescription: 'Rear bumper' },
    payment: { ...b.payment, bankCode: '73000', bankName: 'Swedbank, AB', accountNo: 'LT73 7300 0100 1234 5678', name: 'Ona', surname: 'Žemaitė' },
  };
}

const doc = (kind: ClaimDocument['kind']): ClaimDocument => ({ fileId: `f-${kind}`, kind, fileName: `${kind}.pdf`, mimeType: 'application/pdf', size: 10, addedAt: 0 });

describe('the claim record', () => {
  it('[UE10] cleanup\'s blank form: competence id 0, insurer -1, bank country Lithuania, phones empty', () => {
    const b = blankClaimData();
    expect(b.competence.id).toBe(0);
    expect(b.culprit.insurerId).toBe(-1);
    expect(b.payment.bankCountry).toBe('LT');
    expect([b.victim.phone, b.representative.phone, b.culprit.phone, b.culprit.vehiclePhone]).toEqual(['', '', '', '']);
    expect(v.is(ClaimDataSchema, b)).toBe(true);
  });

  it('[UE1] [UE2] the states, and the moves the bureau may make', () => {
    expect(CLAIM_STATES).toEqual(['DRAFT', 'SUBMITTED', 'RECEIVED', 'INFORMATION_REQUESTED', 'DECIDED']);
    const allowed = CLAIM_STATES.flatMap((from) => BUREAU_CLAIM_STATES.filter((to) => bureauMayMove(from, to)).map((to) => `${from}>${to}`));
    expect(allowed).toEqual([
      'SUBMITTED>RECEIVED', 'SUBMITTED>INFORMATION_REQUESTED', 'SUBMITTED>DECIDED',
      'RECEIVED>INFORMATION_REQUESTED', 'RECEIVED>DECIDED',
      'INFORMATION_REQUESTED>RECEIVED', 'INFORMATION_REQUESTED>DECIDED',
    ]);
  });

  it('[UE3] only a draft is edited; documents are added until the claim is decided', () => {
    expect(CLAIM_STATES.filter(claimFormEditable)).toEqual(['DRAFT']);
    expect(CLAIM_STATES.filter((s) => !claimDocumentsOpen(s))).toEqual(['DECIDED']);
  });

  it('[UE5] the room left: 10 files a list, 30 a claim', () => {
    const docs = (kind: ClaimDocument['kind'], n: number) => Array.from({ length: n }, () => doc(kind));
    expect(claimDocumentRoom({ documents: [] })).toBe(10);
    expect(claimDocumentRoom({ documents: docs('fotos', 7) }, 'fotos')).toBe(3);
    expect(claimDocumentRoom({ documents: docs('fotos', 10) }, 'fotos')).toBe(0);
    expect(claimDocumentRoom({ documents: docs('fotos', 10) }, 'medical')).toBe(10);
    expect(claimDocumentRoom({ documents: [...docs('fotos', 10), ...docs('damage', 10), ...docs('legal', 8)] }, 'medical')).toBe(2);
    expect(claimDocumentRoom({ documents: [...docs('fotos', 10), ...docs('damage', 10), ...docs('legal', 10)] })).toBe(0);
  });

  it('[UE9] the claim goes to the insurer\'s claims address when the insurer handles it, else to the bureau', () => {
    expect(claimRecipient('INSURER', 'zalos@ld.lt', 'zalos@eid.lrdb.lt')).toBe('zalos@ld.lt');
    expect(claimRecipient('INSURER', '', 'zalos@eid.lrdb.lt')).toBe('zalos@eid.lrdb.lt');
    for (const body of ['CORRESPONDENT', 'REPRESENTATIVE', 'BUREAU', 'FOREIGN_BODY'] as const) expect(claimRecipient(body, 'zalos@ld.lt', 'zalos@eid.lrdb.lt')).toBe('zalos@eid.lrdb.lt');
  });

  it('[UE4] the number is Z-, the date and four characters of the id', () => {
    expect(claimNumber('2026-11-24', 'a7_kQ9xYzz0123456789')).toBe('Z-20261124-A7KQ');
  });
});

describe('the form\'s rules', () => {
  it('[UE6] a complete claim has no errors, and its competence is the culprit\'s insurer (case d)', () => {
    expect(claimErrors(completeClaim(), [])).toEqual({});
    expect(claimCompetence(completeClaim())).toEqual({ case: 'd', body: 'INSURER', uninsuredNotice: false });
    expect(COMPETENT_BODY_IDS.INSURER).toBe(1);
  });

  it.each([
    ['victim', (d: ClaimData) => ({ ...d, victim: { ...d.victim, firstName: 'Ona1' } }), 'victim.firstName', 'NAME_INVALID'],
    ['victim', (d: ClaimData) => ({ ...d, victim: { ...d.victim, personalCode: '48001010006' } }), 'victim.personalCode', 'PERSONAL_CODE_INVALID'],
    ['victim', (d: ClaimData) => ({ ...d, victim: { ...d.victim, phone: '+3706' } }), 'victim.phone', 'PHONE_INVALID'],
    ['victim', (d: ClaimData) => ({ ...d, victim: { ...d.victim, kind: 'COMPANY' as const, companyName: 'UAB Ratai', companyCode: '123033513' } }), 'victim.companyCode', 'COMPANY_CODE_INVALID'],
    ['victim', (d: ClaimData) => ({ ...d, representative: { ...d.representative, present: true } }), 'representative.firstName', 'REQUIRED'],
    ['culprit', (d: ClaimData) => ({ ...d, culprit: { ...d.culprit, insurerId: -1 } }), 'culprit.insurerId', 'REQUIRED'],
    ['culprit', (d: ClaimData) => ({ ...d, culprit: { ...d.culprit, vehicleCountry: 'PL' } }), 'competence.insurerName', 'REQUIRED'],
    ['damage', (d: ClaimData) => ({ ...d, damage: { ...d.damage, vehicleRepair: '1200.50' } }), 'damage.vehicleRepair', 'SUM_FORMAT'],
    ['damage', (d: ClaimData) => ({ ...d, damage: { ...d.damage, vehicleRepair: '5000000,01' } }), 'damage.vehicleRepair', 'SUM_TOO_LARGE'],
    ['damage', (d: ClaimData) => ({ ...d, damage: { ...d.damage, vehicleRepair: '', vehicleDescription: '' } }), 'damage.vehicleDescription', 'CLAIM_NO_DAMAGE'],
    ['documents', (d: ClaimData) => ({ ...d, damage: { ...d.damage, personInjured: true, personDescription: 'Neck' } }), 'documents.medical', 'CLAIM_DOCUMENT_MISSING'],
    ['payment', (d: ClaimData) => ({ ...d, payment: { ...d.payment, accountNo: 'LT74 7300 0100 1234 5678' } }), 'payment.accountNo', 'IBAN_INVALID'],
    ['payment', (d: ClaimData) => ({ ...d, payment: { ...d.payment, bankCode: '70440' } }), 'payment.accountNo', 'IBAN_BANK_MISMATCH'],
    ['payment', (d: ClaimData) => ({ ...d, payment: { ...d.payment, bankCode: '', bankName: '', accountNo: 'LT121000011101001000' } }), 'payment.bankName', 'REQUIRED'],
    ['payment', (d: ClaimData) => ({ ...d, payment: { ...d.payment, bankCountry: 'LV' } }), 'payment.accountNo', 'IBAN_BANK_MISMATCH'],
  ] as const)('[UE6] [UE7] [NUM2] [NUM3] [IB1] [BK3] step %s: %s', (step, change, path, code) => {
    const errors = claimStepErrors(change(completeClaim()), step);
    expect(errors[path]).toBe(code);
    expect(claimErrors(change(completeClaim()), [])[path]).toBe(code);
  });

  it('[BK3] a Lithuanian bank not on the list (a credit union) is named; a bank of the list follows from the IBAN', () => {
    const d = completeClaim();
    expect(claimStepErrors({ ...d, payment: { ...d.payment, bankCode: '', bankName: 'Kredito unija', accountNo: 'LT121000011101001000' } }, 'payment')).toEqual({});
    expect(claimStepErrors({ ...d, payment: { ...d.payment, bankCode: '', bankName: '' } }, 'payment')).toEqual({});
  });

  it('[UE7] the documents a representative and an injury need', () => {
    const d = completeClaim();
    const injured = { ...d, damage: { ...d.damage, personInjured: true, personDescription: 'Neck' } };
    expect(claimStepErrors(injured, 'documents', [doc('medical')])).toEqual({});
    const represented = { ...d, representative: { present: true, firstName: 'Rita', lastName: 'Rimkė', phone: '+37061234568', email: '' } };
    expect(claimStepErrors(represented, 'documents', [doc('medical')])).toEqual({ 'documents.authorization': 'CLAIM_DOCUMENT_MISSING' });
    expect(claimErrors(represented, [doc('authorization')])).toEqual({});
  });

  it('[NUM2] sums in the Lithuanian way: comma, at most two decimals', () => {
    for (const ok of ['0', '12', '12,5', '12,50', '5000000']) expect(claimStepErrors({ ...completeClaim(), damage: { ...completeClaim().damage, otherSum: ok } }, 'damage')).toEqual({});
  });
});

describe('company codes and banks', () => {
  it.each([
    ['123033512', true], // Maxima LT, UAB
    ['112029651', true], // Swedbank, AB
    ['123033513', false],
    ['12303351', false],
    ['1230335120', false],
    ['12303351a', false],
  ])('[CC1] %s is a company code: %s', (code, ok) => {
    expect(isCompanyCode(code)).toBe(ok);
  });

  it('[CC1] exactly one control digit makes a company code of any eight digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8}$/), (eight) => {
        const valid = '0123456789'.split('').filter((d) => isCompanyCode(eight + d));
        expect(valid).toEqual([String(personalCodeControlDigit(`${eight}00`))]);
      }),
    );
  });

  it('[BK1] [BK2] the bank of an IBAN by its code', () => {
    expect(LT_BANKS.every((b) => /^\d{5}$/.test(b.code))).toBe(true);
    expect(new Set(LT_BANKS.map((b) => b.code)).size).toBe(LT_BANKS.length);
    expect(ibanBankCode('lt73 7300 0100 1234 5678')).toBe('73000');
    expect(bankByCode('73000')?.name).toBe('Swedbank, AB');
    expect(ibanBankCode('LV80BANK0000435195001')).toBeNull();
  });
});
