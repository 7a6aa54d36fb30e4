/**
 * The instruction registry's handler half: one handler per instruction of the domain's contract
 * (`INSTRUCTIONS` in `@eid/domain`, the protocol's reference), gathered from the services. The type
 * `Handlers` names every instruction: leaving one out, or giving one a handler of another payload
 * or result, fails the typecheck.
 */
import type { AdmissionService } from './admission.service.js';
import type { BinaryService } from './binaries.service.js';
import type { ContactService } from './contacts.service.js';
import { editHandlers } from './edit-handlers.js';
import type { Handlers } from './handler.js';
import type { MaintenanceService } from './maintenance.service.js';
import { plateHandlers, type PlateChecks } from './plate-checks.service.js';
import type { HubPorts } from './ports.js';
import { readHandlers } from './reads.js';
import type { Rooms } from './rooms.js';
import type { SeatService } from './seat.service.js';
import type { SubmitService } from './submit.service.js';
import type { UnitOfWork } from './unit-of-work.js';

export interface Services {
  readonly uow: UnitOfWork;
  readonly rooms: Rooms;
  readonly seats: SeatService;
  readonly admissions: AdmissionService;
  readonly plates: PlateChecks;
  readonly contacts: ContactService;
  readonly submit: SubmitService;
  readonly binaries: BinaryService;
  readonly maintenance: MaintenanceService;
}

export function handlerRegistry(ports: HubPorts, s: Services): Handlers {
  return {
    ...readHandlers(ports, s.uow, s.rooms, s.binaries),
    ...s.binaries.handlers(),
    ...plateHandlers(s.plates, s.uow),
    ...s.seats.handlers(),
    ...s.admissions.handlers(),
    ...editHandlers(ports, s.uow),
    ...s.contacts.handlers(),
    ...s.submit.handlers(),
    ...s.maintenance.handlers(),
  };
}
