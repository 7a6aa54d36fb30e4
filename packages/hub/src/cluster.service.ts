/**
 * Several nodes (issue 14): a version committed on another node reaches this node's devices. The
 * store announces `{declarationId, version}` at commit; this node, if it has devices of that
 * declaration (or a device waiting to join it), reads the declaration and what made its new
 * versions, and pushes each device the delta from what it last saw. It then brings its seats in
 * line with the stored ones (a seat taken over elsewhere ends here), ends the sessions of a
 * finished or removed declaration, and settles a join answered elsewhere.
 *
 * Announcements can be lost (the listening connection dropped): `resyncAll` looks at every
 * declaration again, and a device's heartbeat answers the version, so a device that missed a
 * change asks for its view by itself.
 */
import { DELETED_VERSION, type ChangeNote, type ChangedKind } from '@eid/domain';
import type { AdmissionService } from './admission.service.js';
import type { HubPorts } from './ports.js';
import type { Rooms } from './rooms.js';
import type { UnitOfWork } from './unit-of-work.js';

/**
 * The kind devices are told of the versions after `from`: a photo among them makes them sync their
 * images; so do versions whose notes are no longer kept (what they were is unknown).
 */
export function kindOf(notes: readonly ChangeNote[], from: number): ChangedKind {
  if (notes[0]?.version !== from + 1 || notes.some((n) => n.kind === 'PHOTO')) return 'PHOTO';
  return notes.at(-1)?.kind ?? 'DATA';
}

export class ClusterSync {
  constructor(
    private readonly ports: Pick<HubPorts, 'store' | 'log'>,
    private readonly uow: UnitOfWork,
    private readonly rooms: Rooms,
    private readonly admissions: AdmissionService,
  ) {}

  /** A version of a declaration was committed (on any node); negative: the declaration is gone. */
  async heard(declarationId: string, version: number): Promise<void> {
    const waiting = this.admissions.waitsFor(declarationId);
    if (!this.rooms.has(declarationId) && !waiting) return;
    const known = this.rooms.knownOf(declarationId);
    // This node's own change (pushed already), or an older one: nothing new for its devices.
    if (version >= 0 && known && version <= known.version && !waiting) return;
    await this.uow.withLocalLock(declarationId, () => this.sync(declarationId, version));
  }

  /** The announcements of a while may be lost: every declaration with devices here is looked at again. */
  async resyncAll(): Promise<void> {
    const ids = new Set([...this.rooms.ids(), ...this.admissions.waitingFor()]);
    // One declaration that cannot be read (the database just came back) does not stop the others.
    for (const id of ids) {
      await this.heard(id, Number.MAX_SAFE_INTEGER).catch((error: unknown) => this.ports.log?.('warn', 'a declaration could not be resynced', { error: String(error) }));
    }
  }

  private async sync(declarationId: string, version: number): Promise<void> {
    const known = this.rooms.knownOf(declarationId);
    // The row and what made the versions its devices have not seen, in one read.
    const read = version < 0 ? null : await this.ports.store.getSince(declarationId, known?.version ?? Number.MAX_SAFE_INTEGER);
    if (!read) {
      this.admissions.cancel(declarationId);
      this.rooms.end(declarationId, version === DELETED_VERSION ? 'NUKED' : 'REMOVED');
      return;
    }
    const { record, notes } = read;
    const d = record.declaration;
    const wasFinished = known?.status === 'FINISHED';
    if (known && d.version > known.version) {
      this.rooms.pushChange(known, d, kindOf(notes, known.version), notes.at(-1)?.by ?? null, null);
    }
    this.rooms.reconcile(record);
    if (d.status === 'FINISHED' && known && !wasFinished) this.rooms.end(declarationId, 'FINISHED');
    this.admissions.heard(record);
  }
}
