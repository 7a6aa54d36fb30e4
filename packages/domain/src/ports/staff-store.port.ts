import type { AuditEntry, NewAuditEntry } from '../console/audit.js';
import type { StaffMember, StaffSession } from '../console/staff.js';

/**
 * **API Boundary.** The bureau's staff, their sessions and the audit log (issue 16): SQLite,
 * PostgreSQL and memory adapters pass one contract. The audit log is append-only: there is no
 * call that changes or deletes an entry, except the retention sweep's removal of entries older
 * than the terms keep (AL3); the SQL stores also refuse an UPDATE of it in the database.
 */
export interface StaffStorePort {
  /** SF4: false when the address has a staff account already. */
  addStaff(member: StaffMember): Promise<boolean>;
  staffById(id: string): Promise<StaffMember | null>;
  staffByEmail(email: string): Promise<StaffMember | null>;
  listStaff(): Promise<StaffMember[]>;
  /** SF1: records the time step of a code that signed in, only if it is newer than the last (false: a replay, or a race lost). */
  useTotpStep(staffId: string, step: number): Promise<boolean>;
  /** SF4: disables the account and ends its sessions; false when there is none. */
  disableStaff(id: string): Promise<boolean>;
  createSession(session: StaffSession): Promise<void>;
  sessionByTokenHash(tokenHash: string): Promise<StaffSession | null>;
  touchSession(id: string, at: number): Promise<void>;
  endSession(id: string): Promise<void>;
  /** Ends the sessions whose limits passed before `now`; resolves how many. */
  removeSessionsBefore(idleBefore: number, createdBefore: number): Promise<number>;

  /** AL1: appends an entry; resolves it with its sequence number. */
  appendAudit(entry: NewAuditEntry): Promise<AuditEntry>;
  /** AL2: newest first, a page at a time; `staffId` narrows to one member. */
  audit(page: { readonly limit: number; readonly offset: number; readonly staffId?: string }): Promise<{ readonly entries: AuditEntry[]; readonly total: number }>;
  /** AL3: deletes the entries written before `before` (the retention sweep); resolves how many. */
  removeAuditBefore(before: number): Promise<number>;
}
