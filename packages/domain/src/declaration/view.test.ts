import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stepFill } from '../device/wizard/progress.js';
import { complete } from './declaration.fixture.js';
import { declarationViewFor } from './view.js';

/** Every string anywhere in a value (what a device could read out of a frame). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('what a device is shown', () => {
  it('[VW1] a driver’s view never holds the other driver’s personal code; its own, the birth dates, phones and e-mails stay', () => {
    const d = complete();
    for (const [me, other] of [
      ['A', 'B'],
      ['B', 'A'],
    ] as const) {
      const view = declarationViewFor(d, me, false);
      const code = d.parties[other].driver.code;
      expect(code).toMatch(/^\d{11}$/);
      expect(strings(view).some((s) => s.includes(code))).toBe(false);
      expect(view.parties[me].driver.code).toBe(d.parties[me].driver.code);
      expect(view.parties[other].driver).toMatchObject({ dob: d.parties[other].driver.dob, tel: d.parties[other].driver.tel, email: d.parties[other].driver.email });
    }
  });

  it('[VW1] the other driver’s progress still counts a complete code; one device filling for both sees both codes', () => {
    const d = complete();
    const seenByA = declarationViewFor(d, 'A', false);
    expect(seenByA.hiddenCodes).toEqual({ A: null, B: { valid: true, matchesBirthDate: true } });
    expect(stepFill(seenByA, 11, 'B')).toBe(1);
    const wrongDob = { ...d, parties: { ...d.parties, B: { ...d.parties.B, driver: { ...d.parties.B.driver, dob: '1999-01-01' } } } };
    expect(stepFill(declarationViewFor(wrongDob, 'A', false), 11, 'B')).toBeCloseTo(4 / 5);
    const both = declarationViewFor(d, 'A', true);
    expect(both.parties.B.driver.code).toBe(d.parties.B.driver.code);
    expect(both.hiddenCodes).toEqual({ A: null, B: null });
  });

  it('[VW1] whatever code the other driver typed, no 6 characters of it reach this device', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{6,20}$/), (code) => {
        const d = complete();
        const typed = { ...d, parties: { ...d.parties, B: { ...d.parties.B, driver: { ...d.parties.B.driver, code } } } };
        const tail = code.slice(-6);
        return strings(declarationViewFor(typed, 'A', false)).every((s) => !s.includes(tail));
      }),
      { numRuns: 300 },
    );
  });
});
