/**
 * Maintenance: the inactivity sweep (declarations idle for 30 minutes are removed with their
 * binaries, and their devices told), nuke-it (a driver deletes the unfinished declaration while
 * the other driver has not joined; once they have, the caller only withdraws from it), and
 * the system-update notice that refuses connects while a release is deployed.
 */
import { bump, releaseParty, UNFINISHED_TTL_MS } from '@eid/domain';
import type { AdmissionService } from './admission.service.js';
import type { Handlers } from './handler.js';
import type { HubPorts } from './ports.js';
import { refuse } from './refusal.js';
import type { Rooms } from './rooms.js';
import type { UnitOfWork } from './unit-of-work.js';

export class MaintenanceService {
  constructor(
    private readonly ports: Pick<HubPorts, 'blobs' | 'clock'>,
    private readonly uow: UnitOfWork,
    private readonly rooms: Rooms,
    private readonly admissions: Pick<AdmissionService, 'cancel'>,
  ) {}

  /** Removes declarations inactive for 30 minutes and tells their devices. */
  async sweep(): Promise<string[]> {
    const removed = await this.uow.removeInactive(this.ports.clock.now() - UNFINISHED_TTL_MS);
    for (const id of removed) {
      this.admissions.cancel(id);
      this.rooms.end(id, 'REMOVED');
      await this.ports.blobs.removeFor(id);
    }
    return removed;
  }

  handlers(): Handlers<'nuke-it'> {
    return {
      'nuke-it': async (_p, { seat }) => {
        // Once the other driver has joined, one driver cannot delete their work: the caller only withdraws (FU9).
        const withdrawn = await this.uow.change(seat.declarationId, { writer: null, kind: 'DATA', when: 'unfinished', by: seat.party }, (record, now) => {
          const o = seat.party === 'A' ? 'B' : 'A';
          if (!record.declaration.twoUserMode || record.slots[o].tokenHash === null) return { after: record, result: false };
          const slots = { ...record.slots, [seat.party]: { tokenHash: null, lastSeen: record.slots[seat.party].lastSeen } };
          // What only the withdrawing driver may give leaves with them (VW1).
          return { after: { ...record, declaration: bump(releaseParty(record.declaration, seat.party), now), slots }, result: true };
        });
        if (withdrawn.result) {
          this.rooms.revokeParty(seat.declarationId, seat.party, 'NUKED');
          return { ok: true };
        }
        if (!(await this.uow.remove(seat.declarationId))) refuse('DECLARATION_FINISHED');
        this.admissions.cancel(seat.declarationId);
        await this.ports.blobs.removeFor(seat.declarationId);
        this.rooms.end(seat.declarationId, 'NUKED');
        return { ok: true };
      },
    };
  }
}
