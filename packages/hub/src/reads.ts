/**
 * The read instructions: they change nothing. Reads that must not see a half-made change (the
 * preview's validation) run under the declaration's lock.
 */
import { PARTIES, accidentDay, insurerHolds, submitStatus, validateT1, validateT2, type InsurerRecord, type ResponsibleInsurer } from '@eid/domain';
import type { BinaryService } from './binaries.service.js';
import type { Handlers } from './handler.js';
import type { HubPorts } from './ports.js';
import { refuse } from './refusal.js';
import { viewFor, type Rooms } from './rooms.js';
import type { UnitOfWork } from './unit-of-work.js';

type ReadName =
  | 'test-connection'
  | 'deep-test-connection'
  | 'get-view'
  | 'guilty-status'
  | 'mdStatus'
  | 'validate-t1'
  | 'validate-t2'
  | 'list-insurers'
  | 'proposed-insurers';

export function readHandlers(ports: Pick<HubPorts, 'registry' | 'log'>, uow: UnitOfWork, rooms: Rooms, binaries: BinaryService): Handlers<ReadName> {
  const insurers = async (): Promise<readonly InsurerRecord[] | null> => {
    try {
      return await ports.registry.listInsurers();
    } catch (error) {
      ports.log?.('warn', 'registry unavailable', { error: String(error) });
      return null;
    }
  };
  return {
    'test-connection': async () => ({ ok: true }),
    'deep-test-connection': async (_p, { seat }) => {
      await uow.load(seat.declarationId);
      return { ok: true };
    },
    'get-view': async (_p, { seat }) => uow.read(seat.declarationId, (r) => viewFor(r.declaration, seat)),
    'guilty-status': async (_p, { seat }) => viewFor((await uow.load(seat.declarationId)).declaration, seat).guilt,
    mdStatus: async (_p, { seat }) => {
      const d = (await uow.load(seat.declarationId)).declaration;
      return { progressA: d.parties.A.progress, progressB: d.parties.B.progress, present: rooms.present(d.id), ...submitStatus(d, seat.party) };
    },
    'validate-t1': async (_p, { seat }) => uow.read(seat.declarationId, async (r) => validateT1(r.declaration, await binaries.previewContext(r))),
    'validate-t2': async (_p, { seat }) => uow.read(seat.declarationId, async (r) => validateT2(r.declaration, await binaries.previewContext(r))),
    'list-insurers': async () => (await insurers()) ?? refuse('INSURANCE_STATUS_UNRESOLVED'),
    // The first is for A, the second for B (declaration-flow §7): the chosen one, else the insurer
    // of the vehicle's policy, else unset (-1) for the driver to choose.
    'proposed-insurers': async (_p, { seat }) => {
      const d = (await uow.load(seat.declarationId)).declaration;
      const known = (await insurers()) ?? [];
      return PARTIES.map((p): ResponsibleInsurer => {
        const party = d.parties[p];
        // A choice made (an insurer, one abroad or none, IN2) is the answer, not the registry's.
        if (insurerHolds(party, accidentDay(d, d.createdAt))) return party.responsibleInsurer;
        const insurer = known.find((i) => i.id === party.vehicle.insurerId);
        return insurer
          ? { drkId: insurer.id, name: insurer.name, www: insurer.www, damageWww: insurer.damageWww }
          : { drkId: -1, name: party.vehicle.insurerName, www: '', damageWww: '' };
      });
    },
  };
}
