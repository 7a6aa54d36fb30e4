/** BureauRecordsPort on SQLite: the bureau's records by personal code (documents indexed by their end). */
import { and, asc, count, eq, gte, lte } from 'drizzle-orm';
import type { BureauAccident, BureauDebt, BureauRecordsPort, InsuranceDocument } from '@eid/domain';
import type { EidDatabase } from './database.js';
import { bureauAccidents, bureauDebts, bureauDocuments } from './schema.js';

export class SqliteBureauRecords implements BureauRecordsPort {
  constructor(private readonly db: EidDatabase) {}

  async documentsOf(personalCode: string): Promise<InsuranceDocument[]> {
    return this.db.select().from(bureauDocuments).where(eq(bureauDocuments.personalCode, personalCode)).orderBy(asc(bureauDocuments.no)).all().map((r) => r.record);
  }

  async accidentsOf(personalCode: string): Promise<BureauAccident[]> {
    return this.db.select().from(bureauAccidents).where(eq(bureauAccidents.personalCode, personalCode)).orderBy(asc(bureauAccidents.id)).all().map((r) => r.record);
  }

  async debtsOf(personalCode: string): Promise<BureauDebt[]> {
    return this.db.select().from(bureauDebts).where(eq(bureauDebts.personalCode, personalCode)).orderBy(asc(bureauDebts.id)).all().map((r) => r.record);
  }

  async documentsEnding(from: string, to: string): Promise<Array<{ readonly personalCode: string; readonly document: InsuranceDocument }>> {
    return this.db
      .select()
      .from(bureauDocuments)
      .where(and(gte(bureauDocuments.validTill, from), lte(bureauDocuments.validTill, to)))
      .orderBy(asc(bureauDocuments.validTill), asc(bureauDocuments.personalCode), asc(bureauDocuments.no))
      .all()
      .map((r) => ({ personalCode: r.personalCode, document: r.record }));
  }

  async replacePerson(personalCode: string, records: { readonly documents: readonly InsuranceDocument[]; readonly accidents: readonly BureauAccident[]; readonly debts: readonly BureauDebt[] }): Promise<void> {
    this.db.transaction((tx) => {
      tx.delete(bureauDocuments).where(eq(bureauDocuments.personalCode, personalCode)).run();
      tx.delete(bureauAccidents).where(eq(bureauAccidents.personalCode, personalCode)).run();
      tx.delete(bureauDebts).where(eq(bureauDebts.personalCode, personalCode)).run();
      for (const d of records.documents) tx.insert(bureauDocuments).values({ personalCode, no: d.no, validTill: d.validTill, record: d }).run();
      for (const a of records.accidents) tx.insert(bureauAccidents).values({ personalCode, id: a.id, record: a }).run();
      for (const d of records.debts) tx.insert(bureauDebts).values({ personalCode, id: d.id, record: d }).run();
    });
  }

  async countRecords(): Promise<number> {
    return [bureauDocuments, bureauAccidents, bureauDebts].reduce((n, table) => n + (this.db.select({ n: count() }).from(table).get()?.n ?? 0), 0);
  }
}
