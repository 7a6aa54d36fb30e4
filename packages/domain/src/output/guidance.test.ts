import { describe, expect, it } from 'vitest';
import { complete } from '../declaration/declaration.fixture.js';
import type { Declaration, GuiltyChoice } from '../declaration/entities.js';
import { claimsCase, claimsGuidanceFor } from './guidance.js';

const guilt = (d: Declaration, g: GuiltyChoice): Declaration => ({ ...d, guilt: { status: 'RESOLVED', achoice: g, bchoice: g, resolved: g } });

describe('claims guidance', () => {
  it.each([
    [{ accident: 'LT', culpritForeign: true, culpritInsured: true }, 'a'],
    [{ accident: 'LT', culpritForeign: false, culpritInsured: true }, 'd'],
    [{ accident: 'LT', culpritForeign: false, culpritInsured: false }, 'd'],
    [{ accident: 'EEA', culpritForeign: true, culpritInsured: true }, 'b'],
    [{ accident: 'EEA', culpritForeign: false, culpritInsured: false }, 'b'],
    [{ accident: 'OTHER', culpritForeign: true, culpritInsured: false }, 'c'],
  ] as const)('[GD1] %j is case %s', (situation, expected) => {
    expect(claimsCase(situation)).toBe(expected);
  });

  it('[GD1] the victim gets guidance about the culprit; a sole culprit none; with both at fault each about the other', () => {
    const d = complete();
    expect(claimsGuidanceFor(guilt(d, 'A'), 'B', 'LT')).toEqual({ case: 'd', body: 'INSURER', culprit: 'A', culpritInsured: true });
    expect(claimsGuidanceFor(guilt(d, 'A'), 'A', 'LT')).toBeNull();
    expect(claimsGuidanceFor(guilt(d, 'BOTH'), 'A', 'LT')).toMatchObject({ culprit: 'B' });
    expect(claimsGuidanceFor(guilt(d, 'BOTH'), 'B', 'LT')).toMatchObject({ culprit: 'A' });
    const foreign = guilt({ ...d, parties: { ...d.parties, A: { ...d.parties.A, vehicle: { ...d.parties.A.vehicle, country: 'PL' } } } }, 'A');
    expect(claimsGuidanceFor(foreign, 'B', 'LT')).toMatchObject({ case: 'a', culprit: 'A' });
  });

  it('[GD1] [CM2] from the accident\'s country: (b) in another EEA country goes through the insurer\'s claims representative in Lithuania when it has one, else the bureau; an uninsured culprit the bureau; (c) outside the EEA that country\'s body', () => {
    const d = guilt(complete(), 'A');
    expect(claimsGuidanceFor(d, 'B', 'LV', true)).toMatchObject({ case: 'b', body: 'REPRESENTATIVE', culprit: 'A' });
    expect(claimsGuidanceFor(d, 'B', 'LV', false)).toMatchObject({ case: 'b', body: 'BUREAU' });
    const uninsured = { ...d, parties: { ...d.parties, A: { ...d.parties.A, responsibleInsurer: { ...d.parties.A.responsibleInsurer, special: 'NOT_INSURED' as const } } } };
    expect(claimsGuidanceFor(uninsured, 'B', 'DE', true)).toMatchObject({ case: 'b', body: 'BUREAU', culpritInsured: false });
    expect(claimsGuidanceFor(d, 'B', 'UA', true)).toMatchObject({ case: 'c', body: 'FOREIGN_BODY' });
    // In Lithuania (the service's accidents): its insurer, or for a vehicle from abroad the bureau unless a correspondent is known.
    const foreign = { ...d, parties: { ...d.parties, A: { ...d.parties.A, vehicle: { ...d.parties.A.vehicle, country: 'PL' } } } };
    expect(claimsGuidanceFor(foreign, 'B', 'LT')).toMatchObject({ case: 'a', body: 'BUREAU' });
    expect(claimsGuidanceFor(foreign, 'B', 'LT', true)).toMatchObject({ case: 'a', body: 'CORRESPONDENT' });
  });
});
