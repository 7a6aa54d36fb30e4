/** StaffStorePort on PostgreSQL: staff, their sessions, and the append-only audit log (a trigger refuses UPDATE). */
import { and, count, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry, NewAuditEntry, StaffMember, StaffSession, StaffStorePort } from '@eid/domain';
import type { PgDatabase } from './database.js';
import { auditLog, staff, staffSessions } from './schema.js';

const toEntry = (row: typeof auditLog.$inferSelect): AuditEntry => ({ ...row, action: row.action as AuditAction });

export class PgStaffStore implements StaffStorePort {
  constructor(private readonly db: PgDatabase) {}

  async addStaff(member: StaffMember): Promise<boolean> {
    return (await this.db.insert(staff).values(member).onConflictDoNothing().returning({ id: staff.id })).length === 1;
  }

  async staffById(id: string): Promise<StaffMember | null> {
    const [row] = await this.db.select().from(staff).where(eq(staff.id, id));
    return row ?? null;
  }

  async staffByEmail(email: string): Promise<StaffMember | null> {
    const [row] = await this.db.select().from(staff).where(eq(staff.email, email));
    return row ?? null;
  }

  async listStaff(): Promise<StaffMember[]> {
    return this.db.select().from(staff).orderBy(staff.email);
  }

  async useTotpStep(staffId: string, step: number): Promise<boolean> {
    const rows = await this.db.update(staff).set({ lastTotpStep: step }).where(and(eq(staff.id, staffId), lt(staff.lastTotpStep, step))).returning({ id: staff.id });
    return rows.length === 1;
  }

  async disableStaff(id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.update(staff).set({ active: false }).where(eq(staff.id, id)).returning({ id: staff.id });
      await tx.delete(staffSessions).where(eq(staffSessions.staffId, id));
      return rows.length === 1;
    });
  }

  async createSession(session: StaffSession): Promise<void> {
    await this.db.insert(staffSessions).values(session);
  }

  async sessionByTokenHash(tokenHash: string): Promise<StaffSession | null> {
    const [row] = await this.db.select().from(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
    return row ?? null;
  }

  async touchSession(id: string, at: number): Promise<void> {
    await this.db.update(staffSessions).set({ lastSeenAt: at }).where(and(eq(staffSessions.id, id), lt(staffSessions.lastSeenAt, at)));
  }

  async endSession(id: string): Promise<void> {
    await this.db.delete(staffSessions).where(eq(staffSessions.id, id));
  }

  async removeSessionsBefore(idleBefore: number, createdBefore: number): Promise<number> {
    return (await this.db.delete(staffSessions).where(or(lt(staffSessions.lastSeenAt, idleBefore), lt(staffSessions.createdAt, createdBefore))).returning({ id: staffSessions.id })).length;
  }

  async appendAudit(entry: NewAuditEntry): Promise<AuditEntry> {
    const [row] = await this.db.insert(auditLog).values(entry).returning();
    return toEntry(row!);
  }

  async audit(page: { readonly limit: number; readonly offset: number; readonly staffId?: string }): Promise<{ readonly entries: AuditEntry[]; readonly total: number }> {
    const where: SQL | undefined = page.staffId === undefined ? undefined : eq(auditLog.staffId, page.staffId);
    const rows = await this.db.select().from(auditLog).where(where).orderBy(desc(auditLog.seq)).limit(page.limit).offset(page.offset);
    const [total] = await this.db.select({ n: count() }).from(auditLog).where(where);
    return { entries: rows.map(toEntry), total: total?.n ?? 0 };
  }

  async removeAuditBefore(before: number): Promise<number> {
    return (await this.db.delete(auditLog).where(lt(auditLog.at, before)).returning({ seq: auditLog.seq })).length;
  }
}
