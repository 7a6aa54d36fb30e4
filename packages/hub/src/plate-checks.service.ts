/**
 * Plate checks with the vehicle registry (declaration-flow §4): at most PLATE_CHECK_LIMIT_COUNT
 * checks of one plate by one requester in PLATE_CHECK_PAUSE_MS, and PLATE_CHECKS_PER_REQUESTER of
 * any plates (FU4; their times kept with an expiry), the registry asked only for Lithuanian plates,
 * a registry that does not answer giving the ERROR outcome. Also the plate recognition's SWITCH,
 * which makes a photo's plate the declared one.
 *
 * The requester is a seat (its declaration and party: a driver who reconnects keeps their count),
 * or, before there is one, the connection. The limit is never global per plate: a stranger's
 * look-ups do not block the real driver.
 */
import {
  normalisePlate,
  PLATE_CHECK_LIMIT_COUNT,
  PLATE_CHECK_PAUSE_MS,
  PLATE_CHECKS_PER_REQUESTER,
  plateCheck,
  switchPlate,
  switchPlateRefusal,
  trailerOf,
  type PlateCheck,
  type Plates,
  type Trailer,
} from '@eid/domain';
import type { Handlers } from './handler.js';
import type { HubPorts } from './ports.js';
import { countWithin } from './limits.js';
import { refuse } from './refusal.js';
import type { HubConnection, Seat } from './rooms.js';
import type { UnitOfWork } from './unit-of-work.js';

/** Who asks for a plate check: a seat, or a connection that holds none yet. */
export type Requester = { readonly seat: Pick<Seat, 'declarationId' | 'party'> } | { readonly conn: HubConnection };

export class PlateChecks {
  private readonly connectionIds = new WeakMap<HubConnection, string>();

  constructor(private readonly ports: Pick<HubPorts, 'registry' | 'expiring' | 'clock' | 'log' | 'ids'>) {}

  /** The registry's word on a plate, counted against the requester's limits (PLATE_CHECK_LIMIT when spent). */
  async check(plates: Plates, requester: Requester): Promise<PlateCheck> {
    if (plates.noPlate || plates.plate === '') return plateCheck(plates, 'not-asked');
    const who = this.requesterKey(requester);
    const caps = [
      [`plate-check:${who}`, PLATE_CHECKS_PER_REQUESTER],
      [`plate-check:${who}:${plates.country}:${plates.plate}`, PLATE_CHECK_LIMIT_COUNT],
    ] as const;
    await countWithin(this.ports.expiring, caps, PLATE_CHECK_PAUSE_MS, this.ports.clock.now(), 'PLATE_CHECK_LIMIT');
    return plateCheck(plates, plates.country === 'LT' ? await this.lookUp(plates.plate) : 'not-asked');
  }

  private requesterKey(requester: Requester): string {
    if ('seat' in requester) return `seat:${requester.seat.declarationId}:${requester.seat.party}`;
    let id = this.connectionIds.get(requester.conn);
    if (!id) {
      id = this.ports.ids.token();
      this.connectionIds.set(requester.conn, id);
    }
    return `conn:${id}`;
  }

  /** The registry's record of a plate; 'unavailable' when the registry does not answer. */
  private async lookUp(plate: string) {
    try {
      return await this.ports.registry.findVehicle(plate);
    } catch (error) {
      this.ports.log?.('warn', 'registry unavailable', { error: String(error) });
      return 'unavailable' as const;
    }
  }

  /** The trailer record of a plate entry (registry-filled for Lithuanian trailer plates). */
  async trailerFor(plates: Plates): Promise<Trailer | null> {
    if (!plates.hasTrailer || plates.trailerPlate === '') return null;
    return trailerOf(plates, plates.country === 'LT' ? await this.lookUp(plates.trailerPlate) : 'not-asked');
  }
}

/** check-plate and switch-plate. */
export function plateHandlers(checks: PlateChecks, uow: UnitOfWork): Handlers<'check-plate' | 'switch-plate'> {
  return {
    // Registry data (VIN, policy) only for a driver holding a seat (FU4).
    'check-plate': ({ plates }, { seat }) => checks.check(plates, { seat }),
    'switch-plate': async ({ party: named, plate: typed }, { conn, seat, contract }) => {
      const party = named ?? seat.party;
      const plate = normalisePlate(typed);
      if (plate === '') refuse('NO_PLATE');
      const { committed } = await uow.change(seat.declarationId, { writer: { conn, seat }, kind: 'VEHICLE', when: contract.when }, async (record, now) => {
        const d = record.declaration;
        const plates: Plates = { ...d.parties[party].plates, plate, noPlate: false };
        const refusal = switchPlateRefusal(d, party, plates);
        if (refusal) refuse(refusal);
        const check = await checks.check(plates, { seat });
        if (check.result === 'REJECT' && check.code) refuse(check.code);
        return { after: { ...record, declaration: switchPlate(d, party, plates, check.vehicle, now), lastActivity: now }, result: null };
      });
      return committed;
    },
  };
}
