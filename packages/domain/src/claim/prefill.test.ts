import { describe, expect, it } from 'vitest';
import { CODE_A, CODE_B, complete, T0 } from '../declaration/declaration.fixture.js';
import { claimCulprit, claimFromDeclaration } from './prefill.js';
import { claimStepErrors } from './claim-rules.js';

describe('a claim started from a sent declaration', () => {
  const base = complete();
  const d = { ...base, status: 'FINISHED' as const, timePlace: { ...base.timePlace, originalTime: T0 }, parties: { ...base.parties, A: { ...base.parties.A, witnesses: [{ name: 'Rūta', surname: 'Šimkienė', phone: '+37060011223' }] } } };

  it('[UE8] only the victim starts one: A caused it alone, so B is the victim and A is not', () => {
    expect(claimCulprit(d, 'B')).toBe('A');
    expect(claimCulprit(d, 'A')).toBeNull();
    expect(claimFromDeclaration(d, 'A', { email: 'a@example.lt' })).toBeNull();
    const both = { ...d, guilt: { ...d.guilt, resolved: 'BOTH' as const } };
    expect(claimCulprit(both, 'A')).toBe('B');
    expect(claimCulprit({ ...d, status: 'OPEN' }, 'B')).toBeNull();
  });

  it('[UE8] the culprit\'s vehicle, insurer and phone, the time, the place, the witnesses and the scheme; never the culprit\'s personal code', () => {
    const c = claimFromDeclaration(d, 'B', { email: 'b@example.lt' });
    if (c === null) throw new Error('B is the victim');
    expect(c.culprit).toMatchObject({ firstName: 'Jonas', lastName: 'Petraitis', plate: 'KLM123', insurerId: 1, insured: true, phone: '+37061234567' });
    expect(c.victim).toMatchObject({ firstName: 'Ona', lastName: 'Žemaitytė', personalCode: CODE_B });
    expect(c.location).toMatchObject({ country: 'LT', date: '2026-11-22', time: '12:00' });
    expect(c.witnesses).toEqual([{ name: 'Rūta', surname: 'Šimkienė', phone: '+37060011223' }]);
    expect(c.scheme.fromDeclaration).toBe(true);
    expect(c.competence.id).toBe(1);
    expect(JSON.stringify(c)).not.toContain(CODE_A);
    expect(claimStepErrors(c, 'culprit')).toEqual({});
    // A phone never completed past the default prefix is no phone.
    const noPhone = claimFromDeclaration({ ...d, parties: { ...d.parties, B: { ...d.parties.B, driver: { ...d.parties.B.driver, tel: '+370' } } } }, 'B', { email: 'b@example.lt' });
    expect(noPhone?.victim.phone).toBe('');
  });
});
