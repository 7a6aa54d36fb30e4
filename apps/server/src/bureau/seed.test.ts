import { describe, expect, it } from 'vitest';
import { MemoryBureauRecords } from '@eid/adapter-storage-memory';
import { daysBetween, documentsView, formatDate } from '@eid/domain';
import { seedBureauRecords } from './seed.js';

describe('the local installation\'s bureau records, dated from today', () => {
  // Late on a winter evening in Vilnius (23:30, UTC+2), with a summer-time change inside the fixture's spans.
  const cases = [
    ['a winter evening', Date.UTC(2026, 10, 26, 21, 30)],
    ['just after midnight', Date.UTC(2026, 10, 26, 22, 5)],
    ['a summer noon', Date.UTC(2027, 5, 15, 9, 0)],
    ['the night of the change to summer time', Date.UTC(2027, 2, 27, 23, 30)],
  ] as const;
  it.each(cases)('[BR2] on %s every date is the fixture\'s number of calendar days from today', async (_name, now) => {
    const bureau = new MemoryBureauRecords();
    await seedBureauRecords(bureau, now);
    const today = formatDate(now);
    const docs = await bureau.documentsOf('30303039914');
    const policy = docs.find((d) => d.no === 'ERG7719934501');
    expect(policy && [daysBetween(today, policy.validFrom), daysBetween(today, policy.validTill)]).toEqual([-40, 325]);
    const view = documentsView(docs, today, () => '');
    expect(view.active.find((d) => d.no === 'ERG7719934501')?.remainingDays).toBe(325);
  });
});
