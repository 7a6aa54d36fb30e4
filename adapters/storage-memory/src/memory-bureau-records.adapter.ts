/** BureauRecordsPort in memory (practice, tests): the bureau's records by personal code. */
import type { BureauAccident, BureauDebt, BureauRecordsPort, InsuranceDocument } from '@eid/domain';

interface PersonRecords {
  readonly documents: readonly InsuranceDocument[];
  readonly accidents: readonly BureauAccident[];
  readonly debts: readonly BureauDebt[];
}

const byKey = <T>(key: (x: T) => string) => (a: T, b: T) => key(a).localeCompare(key(b));

export class MemoryBureauRecords implements BureauRecordsPort {
  private readonly persons = new Map<string, PersonRecords>();

  async documentsOf(personalCode: string): Promise<InsuranceDocument[]> {
    return [...(this.persons.get(personalCode)?.documents ?? [])].sort(byKey((d) => d.no));
  }

  async accidentsOf(personalCode: string): Promise<BureauAccident[]> {
    return [...(this.persons.get(personalCode)?.accidents ?? [])].sort(byKey((a) => a.id));
  }

  async debtsOf(personalCode: string): Promise<BureauDebt[]> {
    return [...(this.persons.get(personalCode)?.debts ?? [])].sort(byKey((d) => d.id));
  }

  async documentsEnding(from: string, to: string): Promise<Array<{ readonly personalCode: string; readonly document: InsuranceDocument }>> {
    return [...this.persons]
      .flatMap(([personalCode, r]) => r.documents.map((document) => ({ personalCode, document })))
      .filter(({ document }) => document.validTill >= from && document.validTill <= to)
      .sort(byKey((x) => `${x.document.validTill}|${x.personalCode}|${x.document.no}`));
  }

  async replacePerson(personalCode: string, records: PersonRecords): Promise<void> {
    this.persons.set(personalCode, JSON.parse(JSON.stringify({ documents: records.documents, accidents: records.accidents, debts: records.debts })) as PersonRecords);
  }

  async countRecords(): Promise<number> {
    return [...this.persons.values()].reduce((n, r) => n + r.documents.length + r.accidents.length + r.debts.length, 0);
  }
}
