import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { insurerAnswerDue, partiesInsuredBy, RegisterClaimSchema } from './claims.js';
import { blankDeclaration } from '../declaration/blank.js';
import type { Declaration } from '../declaration/entities.js';

/** Vilnius wall-clock time as an instant (EET +2 in winter, EEST +3 in summer). */
const vilnius = (iso: string, offset: 2 | 3) => Date.parse(`${iso}+0${offset}:00`);

describe('when an insurer\'s answer is overdue: the end of the second working day after the finish (issue 36)', () => {
  it.each([
    ['finished on a Friday: Monday and Tuesday count', vilnius('2026-11-27T10:00:00', 2), vilnius('2026-12-02T00:00:00', 2)],
    ['finished on a Monday night: Tuesday and Wednesday', vilnius('2026-11-23T23:30:00', 2), vilnius('2026-11-26T00:00:00', 2)],
    ['Christmas Eve and Christmas are holidays, then the weekend', vilnius('2026-12-23T12:00:00', 2), vilnius('2026-12-30T00:00:00', 2)],
    ['11 March (Restoration of Independence) does not count', vilnius('2026-03-09T15:00:00', 2), vilnius('2026-03-13T00:00:00', 2)],
    ['6 July (Statehood Day), in summer time', vilnius('2026-07-02T09:00:00', 3), vilnius('2026-07-08T00:00:00', 3)],
    ['Easter Monday does not count', vilnius('2026-04-03T09:00:00', 3), vilnius('2026-04-09T00:00:00', 3)],
    ['finished on a Sunday: Monday and Tuesday', vilnius('2026-11-29T09:00:00', 2), vilnius('2026-12-02T00:00:00', 2)],
  ])('%s', (_case, finishedAt, due) => {
    expect(new Date(insurerAnswerDue(finishedAt)).toISOString()).toBe(new Date(due).toISOString());
  });
});

describe('the vehicles an insurer answers for', () => {
  const insured = (a: number, b: number): Declaration => {
    const d = blankDeclaration({ id: 'decl-1', mode: 'live', now: 0, maxTimeAdjust: 6, fillLang: 'lt', location: null });
    const with_ = (p: 'A' | 'B', drkId: number) => ({ ...d.parties[p], responsibleInsurer: { ...d.parties[p].responsibleInsurer, drkId } });
    return { ...d, parties: { A: with_('A', a), B: with_('B', b) } };
  };
  it.each([
    [1, 2, 1, ['A']],
    [1, 2, 2, ['B']],
    [3, 3, 3, ['A', 'B']],
    [1, 2, 3, []],
  ] as const)('A insured by %i, B by %i: insurer %i answers for %j', (a, b, insurer, parties) => {
    expect(partiesInsuredBy(insured(a, b), insurer)).toEqual(parties);
  });
});

describe('a claim number as an insurer registers it', () => {
  it.each(['LD-2026/0451', 'ERGO 77812', 'A', 'x.y_z-1'])('%s is taken', (claimNumber) => {
    expect(v.safeParse(RegisterClaimSchema, { claimNumber }).success).toBe(true);
  });
  it.each(['', ' ', '<script>', 'a'.repeat(41), '-leading', 'ąčę'])('%j is refused', (claimNumber) => {
    expect(v.safeParse(RegisterClaimSchema, { claimNumber }).success).toBe(false);
  });
  it('a contact is optional, and its phone and e-mail are checked', () => {
    expect(v.parse(RegisterClaimSchema, { claimNumber: 'X1' })).toEqual({ claimNumber: 'X1', contactName: '', contactPhone: '', contactEmail: '' });
    expect(v.safeParse(RegisterClaimSchema, { claimNumber: 'X1', contactPhone: 'call me' }).success).toBe(false);
    expect(v.safeParse(RegisterClaimSchema, { claimNumber: 'X1', contactEmail: 'not-an-address' }).success).toBe(false);
  });
});
