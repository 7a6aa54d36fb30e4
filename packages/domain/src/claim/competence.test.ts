import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  decideCompetence,
  EEA_COUNTRIES,
  isEeaCountry,
  isTotalLoss,
  reasonedReplyDue,
  REASONED_REPLY_MONTHS,
  TOTAL_LOSS_SHARE,
  UNINSURED_NOTICE_WORKING_DAYS,
  uninsuredNoticeDue,
} from './competence.js';

describe('which body handles the victim\'s claim', () => {
  it('[CM1] the EEA is the 27 EU members, Iceland, Liechtenstein and Norway; Switzerland, the UK, Ukraine are not in it', () => {
    expect(EEA_COUNTRIES).toHaveLength(30);
    for (const c of ['LT', 'LV', 'PL', 'DE', 'IS', 'LI', 'NO']) expect(isEeaCountry(c)).toBe(true);
    for (const c of ['CH', 'GB', 'UA', 'BY', 'RU', 'TR']) expect(isEeaCountry(c)).toBe(false);
  });

  it.each([
    // accident, vehicle, insured, insurer, representative → case, body, notice
    ['LT', 'LT', true, 'LT', false, 'd', 'INSURER', false],
    ['LT', 'LT', false, null, false, 'd', 'BUREAU', true],
    ['LT', 'PL', true, 'PL', true, 'a', 'CORRESPONDENT', false],
    ['LT', 'PL', true, 'PL', false, 'a', 'BUREAU', false],
    ['LT', 'UA', false, null, false, 'a', 'BUREAU', true],
    ['LV', 'LV', true, 'LV', true, 'b', 'REPRESENTATIVE', false],
    ['DE', 'LT', true, 'LT', false, 'b', 'BUREAU', false],
    ['NO', 'NO', false, null, false, 'b', 'BUREAU', true],
    ['UA', 'UA', true, 'UA', false, 'c', 'FOREIGN_BODY', false],
    ['GB', 'GB', false, null, false, 'c', 'FOREIGN_BODY', true],
  ] as const)(
    '[CM2] [CM3] an accident in %s by a vehicle from %s (insured %s, insurer %s, representative in Lithuania %s): case %s, %s, uninsured notice %s',
    (accidentCountry, vehicleCountry, culpritInsured, insurerCountry, lithuanianRepresentative, kase, body, notice) => {
      expect(decideCompetence({ accidentCountry, vehicleCountry, culpritInsured, insurerCountry, lithuanianRepresentative })).toEqual({ case: kase, body, uninsuredNotice: notice });
    },
  );

  it('[CM2] every input gets exactly one case and a body that fits it', () => {
    const country = fc.constantFrom('LT', 'LV', 'PL', 'DE', 'NO', 'GB', 'UA', 'CH');
    fc.assert(
      fc.property(country, country, fc.boolean(), fc.boolean(), (accidentCountry, vehicleCountry, culpritInsured, lithuanianRepresentative) => {
        const c = decideCompetence({ accidentCountry, vehicleCountry, culpritInsured, insurerCountry: culpritInsured ? vehicleCountry : null, lithuanianRepresentative });
        const allowed = { a: ['CORRESPONDENT', 'BUREAU'], b: ['REPRESENTATIVE', 'BUREAU'], c: ['FOREIGN_BODY'], d: ['INSURER', 'BUREAU'] }[c.case];
        expect(allowed).toContain(c.body);
        expect(c.uninsuredNotice).toBe(!culpritInsured);
        if (!culpritInsured && c.case !== 'c') expect(c.body).toBe('BUREAU');
      }),
    );
  });

  it.each([
    ['2026-11-23', '2026-11-26'], // Monday → Thursday
    ['2026-11-27', '2026-12-02'], // Friday → Wednesday (the weekend not counted)
    ['2026-12-22', '2026-12-29'], // Tuesday: 24, 25 and 26 December are holidays, 27 is Sunday
    ['2026-04-03', '2026-04-09'], // Friday before Easter (5 April) and Easter Monday
  ])(`[CM4] an uninsured culprit of an accident on %s tells the bureau by %s (${UNINSURED_NOTICE_WORKING_DAYS} working days)`, (accident, due) => {
    expect(uninsuredNoticeDue(accident)).toBe(due);
  });

  it.each([
    ['2026-11-24', '2027-02-24'],
    ['2026-11-30', '2027-02-28'],
    ['2027-11-30', '2028-02-29'],
    ['2026-10-31', '2027-01-31'],
  ])(`[CM5] a claim made on %s without a reasoned reply may go to the bureau after %s (${REASONED_REPLY_MONTHS} months)`, (claimed, due) => {
    expect(reasonedReplyDue(claimed)).toBe(due);
  });

  it.each([
    [750_000, 1_000_000, true],
    [749_999, 1_000_000, false],
    [1_200_000, 1_000_000, true],
    [100, 0, false],
  ])(`[CM6] a repair of %i cents on a vehicle worth %i cents is a total loss (${TOTAL_LOSS_SHARE * 100} %%): %s`, (repair, value, total) => {
    expect(isTotalLoss(repair, value)).toBe(total);
  });
});
