/**
 * The retention sweep (RT1, RT2): finished declarations whose HISTORY_YEARS are over are deleted
 * with their statements, deliveries and binaries; the local outbox's messages of the same age go
 * too, and so do the accounts' links to declarations no longer kept; binary folders whose declaration no longer exists (a crash between deleting a declaration
 * and its files) are swept. Runs on a timer; idempotent, so a run cut short is finished by the next.
 */
import { retentionCutoff, type AccountStorePort, type BlobStorePort, type ClockPort, type DeclarationStorePort, type OutputStorePort } from '@eid/domain';

export interface RetentionDeps {
  readonly store: DeclarationStorePort;
  readonly output: OutputStorePort;
  readonly blobs: BlobStorePort;
  /** The accounts' links to declarations (BR5): those of deleted declarations go with them. */
  readonly accounts: Pick<AccountStorePort, 'linkedDeclarationIds' | 'unlinkDeclarations'>;
  readonly outbox: { removeBefore(before: number): number | Promise<number> };
  readonly clock: ClockPort;
  readonly log: (message: string, data: Record<string, unknown>) => void;
}

export interface RetentionRun {
  readonly declarations: number;
  readonly orphanFolders: number;
  readonly outboxMessages: number;
  readonly accountLinks: number;
}

export class RetentionSweep {
  constructor(private readonly deps: RetentionDeps) {}

  async runOnce(): Promise<RetentionRun> {
    const { store, output, blobs, outbox, accounts, clock } = this.deps;
    const cutoff = retentionCutoff(clock.now());
    const expired = await store.removeFinishedBefore(cutoff);
    for (const id of expired) {
      await output.removeFor(id);
      await blobs.removeFor(id);
    }
    const withFiles = await blobs.declarationIds();
    const alive = await store.existingIds(withFiles);
    const orphans = withFiles.filter((id) => !alive.has(id));
    for (const id of orphans) await blobs.removeFor(id);
    const outboxMessages = await outbox.removeBefore(cutoff);
    // An account's link to a declaration that is gone (its years over, or never finished and swept) goes too.
    const linked = await accounts.linkedDeclarationIds();
    const linkedAlive = await store.existingIds(linked);
    const accountLinks = await accounts.unlinkDeclarations(linked.filter((id) => !linkedAlive.has(id)));
    const run = { declarations: expired.length, orphanFolders: orphans.length, outboxMessages, accountLinks };
    if (expired.length + orphans.length + outboxMessages + accountLinks > 0) this.deps.log('retention sweep', { ...run });
    return run;
  }
}
