import type { AuditEntry, NewAuditEntry, StaffMember, StaffSession, StaffStorePort } from '@eid/domain';

/** StaffStorePort in memory (tests; the same contract as the SQL stores). Values are copied in and out. */
export class MemoryStaffStore implements StaffStorePort {
  private readonly staff = new Map<string, StaffMember>();
  private readonly sessions = new Map<string, StaffSession>();
  private readonly log: AuditEntry[] = [];

  async addStaff(member: StaffMember): Promise<boolean> {
    if ([...this.staff.values()].some((s) => s.email === member.email)) return false;
    this.staff.set(member.id, { ...member });
    return true;
  }

  async staffById(id: string): Promise<StaffMember | null> {
    const found = this.staff.get(id);
    return found ? { ...found } : null;
  }

  async staffByEmail(email: string): Promise<StaffMember | null> {
    const found = [...this.staff.values()].find((s) => s.email === email);
    return found ? { ...found } : null;
  }

  async listStaff(): Promise<StaffMember[]> {
    return [...this.staff.values()].sort((a, b) => a.email.localeCompare(b.email)).map((s) => ({ ...s }));
  }

  async useTotpStep(staffId: string, step: number): Promise<boolean> {
    const found = this.staff.get(staffId);
    if (!found || found.lastTotpStep >= step) return false;
    this.staff.set(staffId, { ...found, lastTotpStep: step });
    return true;
  }

  async disableStaff(id: string): Promise<boolean> {
    const found = this.staff.get(id);
    if (!found) return false;
    this.staff.set(id, { ...found, active: false });
    for (const [key, s] of this.sessions) if (s.staffId === id) this.sessions.delete(key);
    return true;
  }

  async createSession(session: StaffSession): Promise<void> {
    this.sessions.set(session.id, { ...session });
  }

  async sessionByTokenHash(tokenHash: string): Promise<StaffSession | null> {
    const found = [...this.sessions.values()].find((s) => s.tokenHash === tokenHash);
    return found ? { ...found } : null;
  }

  async touchSession(id: string, at: number): Promise<void> {
    const found = this.sessions.get(id);
    if (found) this.sessions.set(id, { ...found, lastSeenAt: at });
  }

  async endSession(id: string): Promise<void> {
    this.sessions.delete(id);
  }

  async removeSessionsBefore(idleBefore: number, createdBefore: number): Promise<number> {
    let n = 0;
    for (const [key, s] of this.sessions) {
      if (s.lastSeenAt < idleBefore || s.createdAt < createdBefore) {
        this.sessions.delete(key);
        n += 1;
      }
    }
    return n;
  }

  async appendAudit(entry: NewAuditEntry): Promise<AuditEntry> {
    const written = { ...entry, seq: this.log.length === 0 ? 1 : this.log[this.log.length - 1]!.seq + 1 };
    this.log.push(written);
    return { ...written };
  }

  async audit(page: { readonly limit: number; readonly offset: number; readonly staffId?: string }): Promise<{ readonly entries: AuditEntry[]; readonly total: number }> {
    const all = this.log.filter((e) => page.staffId === undefined || e.staffId === page.staffId).reverse();
    return { entries: all.slice(page.offset, page.offset + page.limit).map((e) => ({ ...e })), total: all.length };
  }

  async removeAuditBefore(before: number): Promise<number> {
    const keep = this.log.filter((e) => e.at >= before);
    const removed = this.log.length - keep.length;
    this.log.splice(0, this.log.length, ...keep);
    return removed;
  }
}
