import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, renewed, daysBetween, DEFAULT_NOTIFICATIONS, formatEuro, historyStart, owedCents, recentAccidents, reminderDue, remainingDays, splitDocuments, type InsuranceDocument } from './records.js';

const doc = (no: string, validFrom: string, validTill: string): InsuranceDocument => ({ no, type: 'POL', contractNo: `C-${no}`, insurerId: 1, plate: 'ABC123', vehicleType: 'A', make: 'Toyota', model: 'Corolla', validFrom, validTill });

describe('the bureau\'s records: what a person sees', () => {
  it('[BR1] the history is the last 7 years (a leap day goes to the same date 7 years back)', () => {
    expect(historyStart('2026-11-24')).toBe('2019-11-24');
    expect(recentAccidents([{ date: '2019-11-23' }, { date: '2019-11-24' }, { date: '2026-01-01' }], '2026-11-24')).toEqual([{ date: '2026-01-01' }, { date: '2019-11-24' }]);
  });

  it.each([
    ['2026-11-24', '2026-11-24', 0],
    ['2026-11-24', '2026-11-25', 1],
    ['2026-11-24', '2027-11-24', 365],
    ['2026-03-28', '2026-03-30', 2],
    ['2026-11-24', '2026-11-20', -4],
  ])('[BR2] from %s to %s: %i days (summer time changes nothing)', (today, date, days) => {
    expect(daysBetween(today, date)).toBe(days);
  });

  it('[BR2] active from the first to the last day inclusive, the soonest end first; expired of the last 7 years, newest first; the days left', () => {
    const docs = [doc('later', '2026-06-01', '2027-05-31'), doc('soon', '2025-12-01', '2026-11-30'), doc('future', '2026-12-01', '2027-11-30'), doc('ended', '2025-11-24', '2026-11-23'), doc('old', '2018-01-01', '2018-12-31'), doc('older', '2019-01-01', '2019-12-31')];
    const { active, upcoming, expired } = splitDocuments(docs, '2026-11-24');
    expect(active.map((d) => d.no)).toEqual(['soon', 'later']);
    // A document bought ahead (the next year's policy) is listed as not begun yet.
    expect(upcoming.map((d) => d.no)).toEqual(['future']);
    expect(expired.map((d) => d.no)).toEqual(['ended', 'older']);
    expect(remainingDays(doc('x', '2026-01-01', '2026-11-30'), '2026-11-24')).toBe(6);
    expect(remainingDays(doc('x', '2026-01-01', '2026-11-24'), '2026-11-24')).toBe(0);
    expect(remainingDays(doc('x', '2026-01-01', '2026-11-01'), '2026-11-24')).toBe(0);
  });

  it('[BR4] renewed: the same type for the same plate, beginning by the day after the end; never for a document without a plate', () => {
    const d = doc('now', '2026-01-01', '2026-12-14');
    expect(renewed(d, [d, doc('next', '2026-12-15', '2027-12-14')])).toBe(true);
    expect(renewed(d, [d, doc('gap', '2026-12-16', '2027-12-15')])).toBe(false);
    expect(renewed(d, [d, { ...doc('other', '2026-12-15', '2027-12-14'), plate: 'HBN442' }])).toBe(false);
    expect(renewed(d, [d, { ...doc('card', '2026-12-15', '2027-12-14'), type: 'ZK' }])).toBe(false);
    const noPlate = { ...d, plate: '' };
    expect(renewed(noPlate, [noPlate, { ...doc('next', '2026-12-15', '2027-12-14'), plate: '' }])).toBe(false);
  });

  it('[BR3] what is owed never goes below zero; euro as each language writes it', () => {
    expect(owedCents({ amountCents: 123_450, paidCents: 23_450 })).toBe(100_000);
    expect(owedCents({ amountCents: 100, paidCents: 200 })).toBe(0);
    expect(formatEuro(123_450, 'lt').replace(/\s/g, ' ')).toBe('1 234,50 €');
    expect(formatEuro(123_450, 'en')).toBe('€1,234.50');
  });

  it('[BR4] a reminder is due from N days before the end until the end, with reminders on and a way to send them', () => {
    const d = doc('x', '2026-01-01', '2026-12-08');
    expect(reminderDue(d, DEFAULT_NOTIFICATIONS, '2026-11-23')).toBe(false);
    expect(reminderDue(d, DEFAULT_NOTIFICATIONS, '2026-11-24')).toBe(true);
    expect(reminderDue(d, DEFAULT_NOTIFICATIONS, '2026-12-08')).toBe(true);
    expect(reminderDue(d, DEFAULT_NOTIFICATIONS, '2026-12-09')).toBe(false);
    expect(reminderDue(d, { ...DEFAULT_NOTIFICATIONS, reminderDays: 30 }, '2026-11-08')).toBe(true);
    expect(reminderDue(d, { ...DEFAULT_NOTIFICATIONS, expiryReminders: false }, '2026-11-24')).toBe(false);
    expect(reminderDue(d, { ...DEFAULT_NOTIFICATIONS, email: false, sms: false }, '2026-11-24')).toBe(false);
    // A document not begun yet is not reminded.
    expect(reminderDue(doc('y', '2026-12-01', '2026-12-05'), DEFAULT_NOTIFICATIONS, '2026-11-24')).toBe(false);
  });

  it.each([
    ['2026-11-24', 30, '2026-12-24'],
    ['2026-03-01', 30, '2026-03-31'],
    ['2026-10-20', 10, '2026-10-30'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-01-10', -10, '2025-12-31'],
  ])('[BR4] %s plus %i calendar days is %s (summer time changes nothing)', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
    expect(daysBetween(date, addDays(date, days))).toBe(days);
  });

  it('[BR2] property: every document of the last 7 years is active or expired or not begun, never two of them', () => {
    const day = fc.integer({ min: 0, max: 5000 }).map((n) => new Date(Date.UTC(2015, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, day, (a, b, today) => {
        const [from, till] = a <= b ? [a, b] : [b, a];
        const d = doc('p', from, till);
        const { active, upcoming, expired } = splitDocuments([d], today);
        const tooOld = till < historyStart(today);
        expect(active.length + upcoming.length + expired.length + (tooOld ? 1 : 0)).toBe(1);
        expect(upcoming.length).toBe(from > today ? 1 : 0);
      }),
    );
  });
});
