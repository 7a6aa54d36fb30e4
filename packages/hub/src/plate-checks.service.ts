/**
 * Plate checks with the vehicle registry (declaration-flow §4): at most PLATE_CHECK_LIMIT_COUNT
 * checks of one plate in PLATE_CHECK_PAUSE_MS (their times kept with an expiry), the registry asked
 * only for Lithuanian plates, a registry that does not answer giving the ERROR outcome. Also the
 * plate recognition's SWITCH, which makes a photo's plate the declared one.
 */
import * as v from 'valibot';
import {
  normalisePlate,
  PLATE_CHECK_PAUSE_MS,
  plateCheck,
  plateCheckAllowed,
  switchPlate,
  switchPlateRefusal,
  trailerOf,
  type PlateCheck,
  type Plates,
  type Trailer,
} from '@eid/domain';
import type { Handlers } from './handler.js';
import type { HubPorts } from './ports.js';
import { refuse } from './refusal.js';
import type { UnitOfWork } from './unit-of-work.js';

const Times = v.array(v.number());

export class PlateChecks {
  constructor(private readonly ports: Pick<HubPorts, 'registry' | 'expiring' | 'clock' | 'log'>) {}

  /** The registry's word on a plate, counted against the plate's limit (PLATE_CHECK_LIMIT when spent). */
  async check(plates: Plates): Promise<PlateCheck> {
    if (plates.noPlate || plates.plate === '') return plateCheck(plates, 'not-asked');
    const now = this.ports.clock.now();
    const key = `plate-check:${plates.country}:${plates.plate}`;
    const parsed = v.safeParse(Times, await this.ports.expiring.get(key));
    const previous = parsed.success ? parsed.output.filter((t) => now - t < PLATE_CHECK_PAUSE_MS) : [];
    const allowed = plateCheckAllowed(previous, now, PLATE_CHECK_PAUSE_MS);
    if (!allowed.allowed) refuse('PLATE_CHECK_LIMIT', allowed.retryAfterMs);
    await this.ports.expiring.set(key, [...previous, now], now + PLATE_CHECK_PAUSE_MS);
    return plateCheck(plates, plates.country === 'LT' ? await this.lookUp(plates.plate) : 'not-asked');
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
    'check-plate': ({ plates }) => checks.check(plates),
    'switch-plate': async ({ party: named, plate: typed }, { conn, seat, contract }) => {
      const party = named ?? seat.party;
      const plate = normalisePlate(typed);
      if (plate === '') refuse('NO_PLATE');
      const { committed } = await uow.change(seat.declarationId, { writer: { conn, seat }, kind: 'VEHICLE', when: contract.when }, async (record, now) => {
        const d = record.declaration;
        const plates: Plates = { ...d.parties[party].plates, plate, noPlate: false };
        const refusal = switchPlateRefusal(d, party, plates);
        if (refusal) refuse(refusal);
        const check = await checks.check(plates);
        if (check.result === 'REJECT' && check.code) refuse(check.code);
        return { after: { ...record, declaration: switchPlate(d, party, plates, check.vehicle, now), lastActivity: now }, result: null };
      });
      return committed;
    },
  };
}
