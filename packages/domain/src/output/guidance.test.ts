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
    expect(claimsGuidanceFor(guilt(d, 'A'), 'B', 'LT')).toEqual({ case: 'd', culprit: 'A', culpritInsured: true });
    expect(claimsGuidanceFor(guilt(d, 'A'), 'A', 'LT')).toBeNull();
    expect(claimsGuidanceFor(guilt(d, 'BOTH'), 'A', 'LT')).toMatchObject({ culprit: 'B' });
    expect(claimsGuidanceFor(guilt(d, 'BOTH'), 'B', 'LT')).toMatchObject({ culprit: 'A' });
    const foreign = guilt({ ...d, parties: { ...d.parties, A: { ...d.parties.A, vehicle: { ...d.parties.A.vehicle, country: 'PL' } } } }, 'A');
    expect(claimsGuidanceFor(foreign, 'B', 'LT')).toMatchObject({ case: 'a', culprit: 'A' });
  });
});
