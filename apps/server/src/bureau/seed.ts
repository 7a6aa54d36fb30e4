/**
 * The local installation's bureau records (issue 15): realistic rows for several persons — SK's
 * Smart-ID and Mobile-ID demo personal codes among them, so a local user signing in with a demo
 * account sees documents, accidents and debts. Dates are kept as days from today and made into
 * dates at every start, so the documents stay current; the fixture's persons are replaced at each
 * start, nobody else's records are touched.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { DOCUMENT_TYPES, addDays, formatDate, isPersonalCode, type BureauRecordsPort } from '@eid/domain';

const days = v.pipe(v.number(), v.integer(), v.minValue(-4000), v.maxValue(4000));
const text = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
const FixtureSchema = v.array(
  v.object({
    personalCode: v.pipe(v.string(), v.check(isPersonalCode)),
    documents: v.array(v.object({ no: text, type: v.picklist(DOCUMENT_TYPES), contractNo: text, insurerId: v.number(), plate: text, vehicleType: text, make: text, model: text, startsInDays: days, endsInDays: days })),
    accidents: v.array(
      v.object({
        id: text,
        state: v.picklist(['REGISTERED', 'INVESTIGATING', 'SETTLED', 'CLOSED']),
        stateInDays: days,
        guilty: v.boolean(),
        tpPlate: text,
        tpMake: text,
        tpModel: text,
        daysAgo: days,
        address: text,
        damagesStr: text,
        insurerId: v.number(),
        isEID: v.boolean(),
      }),
    ),
    debts: v.array(v.object({ id: text, kind: v.picklist(['RECOURSE', 'UNINSURED_FEE']), amountCents: v.pipe(v.number(), v.integer(), v.minValue(0)), paidCents: v.pipe(v.number(), v.integer(), v.minValue(0)), caseNo: text, issuedInDays: days, dueInDays: days })),
  }),
);

/** Replaces the fixture's persons' records with the fixture's, dated from `now`; resolves how many persons. */
export async function seedBureauRecords(bureau: BureauRecordsPort, now: number): Promise<number> {
  const persons = v.parse(FixtureSchema, JSON.parse(readFileSync(new URL('../../seed/bureau-records.json', import.meta.url), 'utf8')));
  // Calendar days from today in Vilnius: 24-hour steps would land a day off across a summer-time change late in the evening.
  const today = formatDate(now);
  const on = (offset: number) => addDays(today, offset);
  for (const p of persons) {
    await bureau.replacePerson(p.personalCode, {
      documents: p.documents.map(({ startsInDays, endsInDays, ...d }) => ({ ...d, validFrom: on(startsInDays), validTill: on(endsInDays) })),
      accidents: p.accidents.map(({ stateInDays, daysAgo, ...a }) => ({ ...a, stateDate: on(stateInDays), date: on(-daysAgo) })),
      debts: p.debts.map(({ issuedInDays, dueInDays, ...d }) => ({ ...d, issuedOn: on(issuedInDays), dueOn: on(dueInDays) })),
    });
  }
  return persons.length;
}
