/**
 * What the console's calls answer (issue 16, 17; SF, AL, CH, UE): the types the HTTP contracts
 * carry, so that the console page reads what the server writes.
 */
import type { Chat, ChatThread } from '../chat/chat.js';
import type { Claim } from '../claim/claim.js';
import type { ClaimRow } from '../claim/claim-api.js';
import type { StatementView } from '../output/statement.js';
import type { ReceivedDeclaration } from '../ports/output-store.port.js';
import type { AuditEntry } from './audit.js';
import type { StaffView } from './staff.js';

/** SF4: the staff, and the registry's insurers an insurer's member can be added for (issue 36). */
export interface StaffListAnswer {
  readonly staff: StaffView[];
  readonly insurers: ReadonlyArray<{ readonly id: number; readonly name: string }>;
}

/** The signed-in member and the CSRF token of their session. */
export interface StaffMeAnswer {
  readonly staff: StaffView;
  readonly csrfToken: string;
}
/** Who wrote to the bureau: the account's address and name, as far as it gave them. */
export interface ConsoleUser {
  readonly email: string | null;
  readonly name: string;
}
/** CH3: the chats waiting for an answer, longest first, with the time each waited. */
export interface ConsoleChatsAnswer {
  readonly chats: Array<Chat & { readonly waitedMs: number }>;
  readonly total: number;
}
/** CH5: a chat, its messages and who wrote it. */
export type ConsoleChatAnswer = ChatThread & { readonly user: ConsoleUser };
/** SF2: a page of the sent declarations, each with its two plates. */
export interface ConsoleDeclarationsAnswer {
  readonly declarations: Array<ReceivedDeclaration & { readonly plates: string[] }>;
  readonly total: number;
}
/** SF2: one declaration's statements as each driver's view shows them. */
export interface ConsoleDeclarationAnswer {
  readonly declarationId: string;
  readonly accidentId: string;
  readonly statements: StatementView[];
}
/** UE9: the queue of submitted claims. */
export interface ConsoleClaimsAnswer {
  readonly claims: ClaimRow[];
  readonly total: number;
}
/** UE9: one claim and its victim. */
export interface ConsoleClaimAnswer {
  readonly claim: Claim;
  readonly user: ConsoleUser;
}
/** SF4: a new member; the TOTP secret is shown this once. */
export interface NewStaffAnswer {
  readonly staff: StaffView;
  readonly totpSecret: string;
  readonly totpUri: string;
}
/** AL2: a page of the audit log, newest first. */
export interface AuditAnswer {
  readonly entries: AuditEntry[];
  readonly total: number;
}
/** A console call that changed something says so. */
export interface ConsoleDone {
  readonly ok: true;
}
