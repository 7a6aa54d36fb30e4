import type { InsurerRecord, VehicleRecord, VehicleRegistryPort } from '@eid/domain';

/** A registry held in memory: given records, answered as the real registry would. */
export class MemoryRegistry implements VehicleRegistryPort {
  private readonly vehicles: ReadonlyMap<string, VehicleRecord>;
  private readonly insurers: readonly InsurerRecord[];

  constructor(insurers: readonly InsurerRecord[], vehicles: readonly VehicleRecord[]) {
    this.insurers = [...insurers].sort((a, b) => a.name.localeCompare(b.name, 'lt'));
    this.vehicles = new Map(vehicles.map((v) => [v.plate, v]));
  }

  async findVehicle(plate: string): Promise<VehicleRecord | null> {
    return this.vehicles.get(plate) ?? null;
  }

  async listInsurers(): Promise<readonly InsurerRecord[]> {
    return this.insurers;
  }
}

/**
 * The compulsory motor insurers on the Lithuanian market, as the practice mode shows them (the
 * same companies as the fixture registry of the local installation).
 */
export const PRACTICE_INSURERS: readonly InsurerRecord[] = [
  { id: 1, name: 'Lietuvos draudimas', www: 'https://www.ld.lt', damageWww: 'https://www.ld.lt/zalos', claimsEmail: '' },
  { id: 2, name: 'ERGO Insurance SE Lietuvos filialas', www: 'https://www.ergo.lt', damageWww: 'https://online.ergo.lt/lt/praneskite-apie-ivyki', claimsEmail: '' },
  { id: 3, name: 'BTA Baltic Insurance Company AAS filialas Lietuvoje', www: 'https://www.bta.lt', damageWww: 'https://www.bta.lt/zalos', claimsEmail: '' },
  { id: 4, name: 'If P&C Insurance AS filialas', www: 'https://www.if.lt', damageWww: 'https://www.if.lt/privatiems/atsitikus-ivykiui/privalomojo-draudimo-ivykis', claimsEmail: '' },
  { id: 5, name: 'Compensa Vienna Insurance Group ADB', www: 'https://www.compensa.lt', damageWww: 'https://www.compensa.lt/atsitikus-ivykiui/', claimsEmail: '' },
  { id: 6, name: 'Gjensidige ADB', www: 'https://www.gjensidige.lt', damageWww: 'https://www.gjensidige.lt/zalos', claimsEmail: '' },
];

const PRACTICE_CARS: ReadonlyArray<readonly [string, string]> = [
  ['Toyota', 'Corolla'],
  ['Volkswagen', 'Golf'],
  ['Škoda', 'Octavia'],
  ['Audi', 'A4'],
  ['BMW', '320d'],
  ['Opel', 'Astra'],
  ['Renault', 'Clio'],
  ['Volvo', 'V60'],
];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/**
 * The practice mode's registry: every plate a driver types is a registered, insured car, picked
 * from the plate itself so the same plate always shows the same car. The practice mode sends
 * nothing, so it cannot ask the real registry; it shows the flow, not real data.
 */
export class PracticeRegistry implements VehicleRegistryPort {
  async findVehicle(plate: string): Promise<VehicleRecord | null> {
    if (plate === '') return null;
    const h = hash(plate);
    const [make, model] = PRACTICE_CARS[h % PRACTICE_CARS.length]!;
    const insurer = PRACTICE_INSURERS[(h >>> 8) % PRACTICE_INSURERS.length]!;
    return {
      plate,
      status: 'REGISTERED',
      make,
      model,
      type: 'A',
      vin: `PRACTICE${String(h % 1_000_000_000).padStart(9, '0')}`,
      insurer,
      policyNo: `PR${String(h % 100_000_000).padStart(8, '0')}`,
      policyValidTill: null,
    };
  }

  async listInsurers(): Promise<readonly InsurerRecord[]> {
    return PRACTICE_INSURERS;
  }
}
