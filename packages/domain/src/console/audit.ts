/**
 * The audit log (issue 16; SPEC AL): every staff read of a person's data and every staff action,
 * appended and never changed: who, what, which record, when, from where.
 */
import { HISTORY_YEARS } from '../rules/constants.js';
import { retentionCutoff } from '../output/retention.js';

/** AL1: what a staff member did. Reads name the record they opened; lists name their search. */
export const AUDIT_ACTIONS = [
  'SIGN_IN',
  'SIGN_IN_FAILED',
  'SIGN_OUT',
  'CHATS_LISTED',
  'CHAT_READ',
  'CHAT_FILE_READ',
  'CHAT_ANSWERED',
  'MESSAGE_SENT',
  'DECLARATIONS_LISTED',
  'DECLARATION_READ',
  'STATEMENT_READ',
  'CLAIMS_LISTED',
  'CLAIM_READ',
  'CLAIM_FILE_READ',
  'CLAIM_STATE_SET',
  'STAFF_LISTED',
  'STAFF_ADDED',
  'STAFF_DISABLED',
  'AUDIT_READ',
  'SYSTEM_UPDATE_ANNOUNCED',
  'SYSTEM_UPDATE_CANCELLED',
  'INSURER_CLIENTS_LISTED',
  'INSURER_CLIENT_ADDED',
  'INSURER_CLIENT_ROTATED',
  'INSURER_CLIENT_REVOKED',
  'WEBHOOKS_LISTED',
  'WEBHOOK_REPLAYED',
  /** An insurer's system (its client's id in `staffId`) read its feed, a declaration or a file (issue 36: every read is logged). */
  'INSURER_FEED_READ',
  'INSURER_DECLARATION_READ',
  'INSURER_FILE_READ',
  'INSURER_CLAIM_REGISTERED',
  'INSURER_ANSWERS_LISTED',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  /** The order written (a database sequence). */
  readonly seq: number;
  readonly at: number;
  /** Null for a sign-in that named no staff account. */
  readonly staffId: string | null;
  /** The address the staff member signed in with (or tried). */
  readonly staffEmail: string;
  readonly action: AuditAction;
  /** The record read or changed (a chat, declaration, statement, staff id), or the search typed; '' when none. */
  readonly subject: string;
  /** The client's address as the server saw it. */
  readonly ip: string;
}

export type NewAuditEntry = Omit<AuditEntry, 'seq'>;

/** AL3: the log is kept HISTORY_YEARS (7) years, as long as the declarations whose reads it records. */
export const AUDIT_YEARS = HISTORY_YEARS;

/** AL3: entries written before this are deleted by the retention sweep. */
export function auditCutoff(now: number): number {
  return retentionCutoff(now, AUDIT_YEARS);
}
