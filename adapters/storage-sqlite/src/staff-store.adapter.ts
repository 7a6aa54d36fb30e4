/** StaffStorePort on SQLite: staff, their sessions, and the append-only audit log. */
import { and, count, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry, NewAuditEntry, StaffMember, StaffSession, StaffStorePort } from '@eid/domain';
import type { EidDatabase } from './database.js';
import { auditLog, staff, staffSessions } from './schema.js';

const toEntry = (row: typeof auditLog.$inferSelect): AuditEntry => ({ ...row, action: row.action as AuditAction });

export class SqliteStaffStore implements StaffStorePort {
  constructor(private readonly db: EidDatabase) {}

  async addStaff(member: StaffMember): Promise<boolean> {
    return this.db.insert(staff).values(member).onConflictDoNothing().run().changes === 1;
  }

  async staffById(id: string): Promise<StaffMember | null> {
    return this.db.select().from(staff).where(eq(staff.id, id)).get() ?? null;
  }

  async staffByEmail(email: string): Promise<StaffMember | null> {
    return this.db.select().from(staff).where(eq(staff.email, email)).get() ?? null;
  }

  async listStaff(): Promise<StaffMember[]> {
    return this.db.select().from(staff).orderBy(staff.email).all();
  }

  async useTotpStep(staffId: string, step: number): Promise<boolean> {
    return this.db.update(staff).set({ lastTotpStep: step }).where(and(eq(staff.id, staffId), lt(staff.lastTotpStep, step))).run().changes === 1;
  }

  async disableStaff(id: string): Promise<boolean> {
    return this.db.transaction((tx) => {
      const changed = tx.update(staff).set({ active: false }).where(eq(staff.id, id)).run().changes === 1;
      tx.delete(staffSessions).where(eq(staffSessions.staffId, id)).run();
      return changed;
    });
  }

  async createSession(session: StaffSession): Promise<void> {
    this.db.insert(staffSessions).values(session).run();
  }

  async sessionByTokenHash(tokenHash: string): Promise<StaffSession | null> {
    return this.db.select().from(staffSessions).where(eq(staffSessions.tokenHash, tokenHash)).get() ?? null;
  }

  async touchSession(id: string, at: number): Promise<void> {
    this.db.update(staffSessions).set({ lastSeenAt: at }).where(and(eq(staffSessions.id, id), lt(staffSessions.lastSeenAt, at))).run();
  }

  async endSession(id: string): Promise<void> {
    this.db.delete(staffSessions).where(eq(staffSessions.id, id)).run();
  }

  async removeSessionsBefore(idleBefore: number, createdBefore: number): Promise<number> {
    return this.db.delete(staffSessions).where(or(lt(staffSessions.lastSeenAt, idleBefore), lt(staffSessions.createdAt, createdBefore))).run().changes;
  }

  async appendAudit(entry: NewAuditEntry): Promise<AuditEntry> {
    return toEntry(this.db.insert(auditLog).values(entry).returning().get());
  }

  async audit(page: { readonly limit: number; readonly offset: number; readonly staffId?: string }): Promise<{ readonly entries: AuditEntry[]; readonly total: number }> {
    const where: SQL | undefined = page.staffId === undefined ? undefined : eq(auditLog.staffId, page.staffId);
    const rows = this.db.select().from(auditLog).where(where).orderBy(desc(auditLog.seq)).limit(page.limit).offset(page.offset).all();
    const total = this.db.select({ n: count() }).from(auditLog).where(where).get()?.n ?? 0;
    return { entries: rows.map(toEntry), total };
  }

  async removeAuditBefore(before: number): Promise<number> {
    return this.db.delete(auditLog).where(lt(auditLog.at, before)).run().changes;
  }
}
