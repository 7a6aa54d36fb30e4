import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { applyInstruction } from './edits/index.js';
import { blank, complete, ctx, FIXTURE_TODAY } from './declaration.fixture.js';
import { GreenCardSchema, type Declaration } from './entities.js';
import { greenCardError, greenCardFormErrors, insuranceKind, insurerChosen, insurerHolds, partyInsured, registryFoundNoPolicy } from './insurance.js';
import { validateT2 } from './preview.js';

const PREVIEW = { linked: true, savedImageIds: new Set<string>(), today: FIXTURE_TODAY };
const CARD = { country: 'PL', insurerName: 'PZU SA', number: 'PL/001/123456', validUntil: '2027-03-31' };

/** Party A's vehicle as the plates step left it. */
function vehicleA(d: Declaration, vehicle: Partial<Declaration['parties']['A']['vehicle']>): Declaration {
  const A = d.parties.A;
  return { ...d, parties: { ...d.parties, A: { ...A, vehicle: { ...A.vehicle, ...vehicle } } } };
}
const polish = (d: Declaration) => vehicleA(d, { country: 'PL', plate: 'WX12345', insurerId: -1, insurerName: '', result: 'MORE_INFO', type: null });
const lithuanianWithoutPolicy = (d: Declaration) => vehicleA(d, { country: 'LT', insurerId: -1, insurerName: '', result: 'MORE_INFO', type: 'A', make: 'Opel' });
const noInsurerYet = (d: Declaration): Declaration => ({ ...d, parties: { ...d.parties, A: { ...d.parties.A, responsibleInsurer: { drkId: -1, name: '', www: '', damageWww: '' } } } });

describe('the responsible insurer abroad or none (declaration-flow §3 special insurance values)', () => {
  it('[IN2] [IN3] a vehicle registered abroad is insured abroad by its green card: kept as given, named in the insurer\'s place, and the preview is satisfied', () => {
    const d = polish(noInsurerYet(complete()));
    expect(validateT2(d, PREVIEW).map((f) => f.code)).toContain('PREVIEW_INSURER_NOT_FOUND');
    const out = applyInstruction(d, 'insured-abroad', { greenCard: { ...CARD, insurerName: '  PZU SA ' } }, ctx('A'));
    if (!out.ok) throw new Error(out.code);
    expect(out.changed).toBe('INSURER');
    const ri = out.declaration.parties.A.responsibleInsurer;
    expect(ri).toEqual({ drkId: -1, name: 'PZU SA', www: '', damageWww: '', special: 'OTHER', greenCard: CARD });
    expect([insuranceKind(ri), insurerChosen(ri), partyInsured(out.declaration.parties.A)]).toEqual(['ABROAD', true, true]);
    expect(validateT2(out.declaration, PREVIEW).map((f) => f.code)).not.toContain('PREVIEW_INSURER_NOT_FOUND');
  });

  it.each([
    ['a vehicle registered in Lithuania', lithuanianWithoutPolicy, CARD, 'INSURED_ABROAD_LT_VEHICLE'],
    ['a vehicle the registry has a policy for', (d: Declaration) => d, CARD, 'VEHICLE_INSURED'],
    ['a green card that ended the day before the accident', polish, { ...CARD, validUntil: '2026-11-21' }, 'GREEN_CARD_EXPIRED'],
    ['an insurer of Lithuania given as from abroad', polish, { ...CARD, country: 'LT' }, 'DATA_ERROR'],
    ['no insurer\'s name', polish, { ...CARD, insurerName: '   ' }, 'DATA_ERROR'],
    ['no number', polish, { ...CARD, number: '' }, 'DATA_ERROR'],
    ['a name broken over two lines', polish, { ...CARD, insurerName: 'PZU\nSA' }, 'DATA_ERROR'],
    ['a number with a control character', polish, { ...CARD, number: 'PL/1\u0007' }, 'DATA_ERROR'],
    ['a date that is not one', polish, { ...CARD, validUntil: '2027-02-30' }, 'DATA_ERROR'],
  ] as const)('[IN3] the hub refuses %s (%s)', (_name, vehicle, card, code) => {
    expect(applyInstruction(vehicle(noInsurerYet(complete())), 'insured-abroad', { greenCard: card }, ctx('A'))).toEqual({ ok: false, code });
  });

  it('[IN3] a green card valid on the day of the accident is taken, whatever today is (the corrected time counts)', () => {
    const d = polish(noInsurerYet(complete()));
    expect(applyInstruction(d, 'insured-abroad', { greenCard: { ...CARD, validUntil: FIXTURE_TODAY } }, ctx('A')).ok).toBe(true);
  });

  it('[IN4] "not insured" follows a registry without a policy; refused for a vehicle the registry has a policy for; chosen once, as any insurer', () => {
    const d = lithuanianWithoutPolicy(noInsurerYet(complete()));
    expect(registryFoundNoPolicy(d.parties.A.vehicle)).toBe(true);
    const out = applyInstruction(d, 'not-insured', {}, ctx('A'));
    if (!out.ok) throw new Error(out.code);
    const ri = out.declaration.parties.A.responsibleInsurer;
    expect(ri).toEqual({ drkId: -1, name: '', www: '', damageWww: '', special: 'NOT_INSURED' });
    expect([insuranceKind(ri), insurerChosen(ri), partyInsured(out.declaration.parties.A)]).toEqual(['NONE', true, false]);
    expect(validateT2(out.declaration, PREVIEW).map((f) => f.code)).not.toContain('PREVIEW_INSURER_NOT_FOUND');
    for (const [name, payload] of [['not-insured', {}], ['responsible-insurer', { drkId: 3 }], ['insured-abroad', { greenCard: CARD }]] as const) {
      expect(applyInstruction(out.declaration, name, payload, ctx('A'))).toEqual({ ok: false, code: 'INSURER_ALREADY_CHOSEN' });
    }
    // The fixture's vehicle A is in the registry with Lietuvos draudimas.
    expect(applyInstruction(noInsurerYet(complete()), 'not-insured', {}, ctx('A'))).toEqual({ ok: false, code: 'VEHICLE_INSURED' });
    // A vehicle from abroad may be uninsured too.
    expect(applyInstruction(polish(noInsurerYet(complete())), 'not-insured', {}, ctx('A')).ok).toBe(true);
  });

  it('[IN4] a choice that no longer holds is no choice: the card of a vehicle whose registration became Lithuanian is asked for again, and may be replaced; the driver\'s edit does not move the country', () => {
    const chosen = applyInstruction(polish(noInsurerYet(complete())), 'insured-abroad', { greenCard: CARD }, ctx('A'));
    if (!chosen.ok) throw new Error(chosen.code);
    // The driver's own edit does not move the country (the plates step's, with its check); a plate switched back to a Lithuanian one does.
    const edited = applyInstruction(chosen.declaration, 'set-vehicle-data', { vehicle: { country: 'LT' } }, ctx('A'));
    expect(edited.ok && edited.declaration.parties.A.vehicle.country).toBe('PL');
    const moved = { declaration: vehicleA(chosen.declaration, { country: 'LT' }) };
    expect(insurerHolds(moved.declaration.parties.A, FIXTURE_TODAY)).toBe(false);
    expect(validateT2(moved.declaration, PREVIEW).filter((f) => f.code === 'PREVIEW_INSURER_NOT_FOUND').map((f) => f.party)).toEqual(['A']);
    const again = applyInstruction(moved.declaration, 'responsible-insurer', { drkId: 3 }, ctx('A'));
    if (!again.ok) throw new Error(again.code);
    expect(insuranceKind(again.declaration.parties.A.responsibleInsurer)).toBe('REGISTRY');
    expect(validateT2(again.declaration, PREVIEW).map((f) => f.code)).not.toContain('PREVIEW_INSURER_NOT_FOUND');
  });

  it('[IN4] an insured Lithuanian car stays insured: a raw country edit changes nothing, and neither "not insured" nor a card is taken', () => {
    const d = noInsurerYet(complete());
    const edited = applyInstruction(d, 'set-vehicle-data', { vehicle: { country: 'PL' } }, ctx('A'));
    expect(edited.ok && edited.declaration.parties.A.vehicle.country).toBe('LT');
    // Even with the country somehow foreign, the registry's policy decides.
    const forged = vehicleA(d, { country: 'PL' });
    expect(applyInstruction(forged, 'not-insured', {}, ctx('A'))).toEqual({ ok: false, code: 'VEHICLE_INSURED' });
    expect(applyInstruction(forged, 'insured-abroad', { greenCard: CARD }, ctx('A'))).toEqual({ ok: false, code: 'VEHICLE_INSURED' });
  });

  it('[IN4] only the writer\'s own part, unless it fills both', () => {
    const d = polish(noInsurerYet(complete()));
    expect(applyInstruction(d, 'insured-abroad', { party: 'A', greenCard: CARD }, ctx('B'))).toEqual({ ok: false, code: 'NOT_ALLOWED' });
    expect(applyInstruction(d, 'not-insured', { party: 'A' }, ctx('B'))).toEqual({ ok: false, code: 'NOT_ALLOWED' });
  });

  it('[IN3] the screen refuses exactly what the hub refuses: the form has no error only when the hub takes the card', () => {
    const day = FIXTURE_TODAY;
    const form = fc.record({
      country: fc.constantFrom('PL', 'LV', 'DE', 'LT', 'UA', 'X', ''),
      insurerName: fc.constantFrom('PZU SA', '', '  ', 'If P&C', 'PZU\nSA'),
      number: fc.constantFrom('PL/1', '', ' ', '123', '12\t3'),
      validUntil: fc.constantFrom('2027-01-01', day, '2026-11-21', '2026-02-30', '', '2026-1-1'),
    });
    fc.assert(
      fc.property(form, fc.constantFrom('PL', 'LT', 'LV'), (f, vehicleCountry) => {
        const parsed = v.safeParse(GreenCardSchema, f);
        const hubTakes = parsed.success && greenCardError(parsed.output, { country: vehicleCountry }, day) === null;
        expect(Object.keys(greenCardFormErrors(f, { country: vehicleCountry }, day)).length === 0).toBe(hubTakes);
      }),
    );
  });

  it('[IN2] a declaration saved before these values existed reads as before', () => {
    const old = blank();
    const ri = old.parties.A.responsibleInsurer;
    expect([insuranceKind(ri), insurerChosen(ri)]).toEqual(['UNSET', false]);
    const legacy = { drkId: 2, name: 'ERGO', www: '', damageWww: '' };
    expect([insuranceKind(legacy), insurerChosen(legacy)]).toEqual(['REGISTRY', true]);
  });
});
