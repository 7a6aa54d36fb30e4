/**
 * The retention sweep (RT1, RT2): finished declarations whose HISTORY_YEARS are over are deleted
 * with their statements, deliveries, insurers' feed entries and binaries; the local outbox's messages of the same age go
 * too, and so do the accounts' links to declarations no longer kept and the audit log's entries past AUDIT_YEARS (AL3); binary folders whose declaration no longer exists (a crash between deleting a declaration
 * and its files) are swept. Runs on a timer; idempotent, so a run cut short is finished by the next.
 */
import type { InsurerStorePort } from '@eid/domain/insurer';
import { auditCutoff, CHAT_FILES_PREFIX, CLAIM_FILES_PREFIX, type ClaimStorePort, retentionCutoff, type AccountStorePort, type BlobStorePort, type ChatStorePort, type ClockPort, type DeclarationStorePort, type OutputStorePort, type StaffStorePort } from '@eid/domain';

export interface RetentionDeps {
  readonly store: DeclarationStorePort;
  readonly output: OutputStorePort;
  readonly blobs: BlobStorePort;
  /** The accounts' links to declarations (BR5): those of deleted declarations go with them. */
  readonly accounts: Pick<AccountStorePort, 'linkedDeclarationIds' | 'unlinkDeclarations'>;
  readonly outbox: { removeBefore(before: number): number | Promise<number> };
  /** CH7: a chat's file folder is kept while the chat is. */
  readonly chats: Pick<ChatStorePort, 'chat'>;
  /** A claim's folder (issue 17) is kept while its claim is (claims go with their account). */
  readonly claims: Pick<ClaimStorePort, 'get'>;
  /** AL3: the audit log's entries older than AUDIT_YEARS. */
  readonly audit: Pick<StaffStorePort, 'removeAuditBefore'>;
  /** The insurers' feeds (issue 36): a deleted declaration leaves them too. */
  readonly insurers: Pick<InsurerStorePort, 'removeFeedFor' | 'declarationIds'>;
  readonly clock: ClockPort;
  readonly log: (message: string, data: Record<string, unknown>) => void;
}

export interface RetentionRun {
  readonly declarations: number;
  readonly orphanFolders: number;
  /** Declarations gone whose insurers' feed entries, claims or deliveries were left (issue 36). */
  readonly insurerOrphans: number;
  readonly outboxMessages: number;
  readonly accountLinks: number;
  readonly auditEntries: number;
}

export class RetentionSweep {
  constructor(private readonly deps: RetentionDeps) {}

  async runOnce(): Promise<RetentionRun> {
    const { store, output, blobs, outbox, accounts, clock } = this.deps;
    const cutoff = retentionCutoff(clock.now());
    const expired = await store.removeFinishedBefore(cutoff);
    for (const id of expired) {
      await output.removeFor(id);
      await this.deps.insurers.removeFeedFor(id);
      await blobs.removeFor(id);
    }
    const withFiles = await blobs.declarationIds();
    const alive = await store.existingIds(withFiles);
    const orphans: string[] = [];
    for (const id of withFiles) {
      if (alive.has(id)) continue;
      // A chat's folder (CH7) is an orphan when its chat is gone (deleted with its account).
      if (id.startsWith(CHAT_FILES_PREFIX) && (await this.deps.chats.chat(id.slice(CHAT_FILES_PREFIX.length))) !== null) continue;
      if (id.startsWith(CLAIM_FILES_PREFIX) && (await this.deps.claims.get(id.slice(CLAIM_FILES_PREFIX.length))) !== null) continue;
      orphans.push(id);
    }
    for (const id of orphans) await blobs.removeFor(id);
    // What the insurers' side keeps of a declaration that is gone (a removal a crash cut short after the declaration itself).
    const withInsurerRows = await this.deps.insurers.declarationIds();
    const insurersAlive = await store.existingIds(withInsurerRows);
    const insurerOrphans = withInsurerRows.filter((id) => !insurersAlive.has(id));
    for (const id of insurerOrphans) await this.deps.insurers.removeFeedFor(id);
    const outboxMessages = await outbox.removeBefore(cutoff);
    // An account's link to a declaration that is gone (its years over, or never finished and swept) goes too.
    const linked = await accounts.linkedDeclarationIds();
    const linkedAlive = await store.existingIds(linked);
    const accountLinks = await accounts.unlinkDeclarations(linked.filter((id) => !linkedAlive.has(id)));
    const auditEntries = await this.deps.audit.removeAuditBefore(auditCutoff(clock.now()));
    const run = { declarations: expired.length, orphanFolders: orphans.length, insurerOrphans: insurerOrphans.length, outboxMessages, accountLinks, auditEntries };
    if (expired.length + orphans.length + insurerOrphans.length + outboxMessages + accountLinks + auditEntries > 0) this.deps.log('retention sweep', { ...run });
    return run;
  }
}
