/** BureauRecordsPort on PostgreSQL: the bureau's records by personal code (documents indexed by their end). */
import { and, asc, count, eq, gte, lte } from 'drizzle-orm';
import type { BureauAccident, BureauDebt, BureauRecordsPort, InsuranceDocument } from '@eid/domain';
import type { PgDatabase } from './database.js';
import { bureauAccidents, bureauDebts, bureauDocuments } from './schema.js';

export class PgBureauRecords implements BureauRecordsPort {
  constructor(private readonly db: PgDatabase) {}

  async documentsOf(personalCode: string): Promise<InsuranceDocument[]> {
    const rows = await this.db.select().from(bureauDocuments).where(eq(bureauDocuments.personalCode, personalCode)).orderBy(asc(bureauDocuments.no));
    return rows.map((r) => r.record);
  }

  async accidentsOf(personalCode: string): Promise<BureauAccident[]> {
    const rows = await this.db.select().from(bureauAccidents).where(eq(bureauAccidents.personalCode, personalCode)).orderBy(asc(bureauAccidents.id));
    return rows.map((r) => r.record);
  }

  async debtsOf(personalCode: string): Promise<BureauDebt[]> {
    const rows = await this.db.select().from(bureauDebts).where(eq(bureauDebts.personalCode, personalCode)).orderBy(asc(bureauDebts.id));
    return rows.map((r) => r.record);
  }

  async documentsEnding(from: string, to: string): Promise<Array<{ readonly personalCode: string; readonly document: InsuranceDocument }>> {
    const rows = await this.db
      .select()
      .from(bureauDocuments)
      .where(and(gte(bureauDocuments.validTill, from), lte(bureauDocuments.validTill, to)))
      .orderBy(asc(bureauDocuments.validTill), asc(bureauDocuments.personalCode), asc(bureauDocuments.no));
    return rows.map((r) => ({ personalCode: r.personalCode, document: r.record }));
  }

  async replacePerson(personalCode: string, records: { readonly documents: readonly InsuranceDocument[]; readonly accidents: readonly BureauAccident[]; readonly debts: readonly BureauDebt[] }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(bureauDocuments).where(eq(bureauDocuments.personalCode, personalCode));
      await tx.delete(bureauAccidents).where(eq(bureauAccidents.personalCode, personalCode));
      await tx.delete(bureauDebts).where(eq(bureauDebts.personalCode, personalCode));
      if (records.documents.length > 0) await tx.insert(bureauDocuments).values(records.documents.map((d) => ({ personalCode, no: d.no, validTill: d.validTill, record: d }))).onConflictDoNothing();
      if (records.accidents.length > 0) await tx.insert(bureauAccidents).values(records.accidents.map((a) => ({ personalCode, id: a.id, record: a }))).onConflictDoNothing();
      if (records.debts.length > 0) await tx.insert(bureauDebts).values(records.debts.map((d) => ({ personalCode, id: d.id, record: d }))).onConflictDoNothing();
    });
  }

  async countRecords(): Promise<number> {
    let n = 0;
    for (const table of [bureauDocuments, bureauAccidents, bureauDebts]) n += Number((await this.db.select({ n: count() }).from(table))[0]?.n ?? 0);
    return n;
  }
}
