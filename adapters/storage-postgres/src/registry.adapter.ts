import { count, eq } from 'drizzle-orm';
import {
  normalisePlate,
  VEHICLE_TYPE_LETTERS,
  type InsurerRecord,
  type RegistrationStatus,
  type VehicleRecord,
  type VehicleRegistryPort,
  type VehicleTypeLetter,
} from '@eid/domain';
import type { PgDatabase } from './database.js';
import { registryInsurers, registryVehicles } from './schema.js';

/** A vehicle of the local installation's seed data (the shape of the SQLite registry's seed). */
export interface PgRegistrySeedVehicle {
  readonly plate: string;
  readonly status: RegistrationStatus;
  readonly make: string;
  readonly model: string;
  readonly type: VehicleTypeLetter;
  readonly vin: string;
  readonly insurerId: number | null;
  readonly policyNo: string | null;
  readonly policyValidTill: string | null;
}

export interface PgRegistrySeed {
  readonly insurers: readonly InsurerRecord[];
  readonly vehicles: readonly PgRegistrySeedVehicle[];
}

/** The registry port plus what a local cluster needs to fill it. */
export interface PgRegistry extends VehicleRegistryPort {
  /** Upserts the insurers, then the vehicles, in one transaction: all of it or none. */
  seed(data: PgRegistrySeed): Promise<void>;
  count(): Promise<{ readonly insurers: number; readonly vehicles: number }>;
}

const STATUSES: readonly RegistrationStatus[] = ['REGISTERED', 'DEREGISTERED', 'MUST_BE_TERMINATED'];
const byName = new Intl.Collator('lt', { sensitivity: 'base' });

function seedError(what: string, value: unknown): Error {
  return new Error(`registry seed: ${what}: ${JSON.stringify(value)}`);
}

const toInsurer = (row: typeof registryInsurers.$inferSelect): InsurerRecord => ({
  id: row.id,
  name: row.name,
  www: row.www,
  damageWww: row.damageWww,
  claimsEmail: row.claimsEmail,
});

/** A VehicleRegistryPort over `registry_insurers` and `registry_vehicles` in PostgreSQL (the local cluster's registry). */
export function createPgRegistry(db: PgDatabase): PgRegistry {
  return {
    async findVehicle(plate: string): Promise<VehicleRecord | null> {
      const key = normalisePlate(plate);
      if (key === '') return null;
      const [row] = await db
        .select({ vehicle: registryVehicles, insurer: registryInsurers })
        .from(registryVehicles)
        .leftJoin(registryInsurers, eq(registryVehicles.insurerId, registryInsurers.id))
        .where(eq(registryVehicles.plate, key));
      if (!row) return null;
      const v = row.vehicle;
      return {
        plate: v.plate,
        status: v.status,
        make: v.make,
        model: v.model,
        type: v.type,
        vin: v.vin,
        insurer: row.insurer ? toInsurer(row.insurer) : null,
        policyNo: v.policyNo,
        policyValidTill: v.policyValidTill,
      };
    },

    async listInsurers(): Promise<readonly InsurerRecord[]> {
      const rows = await db.select().from(registryInsurers);
      return rows.map(toInsurer).sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
    },

    async seed(data: PgRegistrySeed): Promise<void> {
      await db.transaction(async (tx) => {
        for (const insurer of data.insurers) {
          if (!Number.isInteger(insurer.id) || insurer.id <= 0) throw seedError('insurer id', insurer);
          const { id, name, www, damageWww, claimsEmail } = insurer;
          await tx
            .insert(registryInsurers)
            .values({ id, name, www, damageWww, claimsEmail })
            .onConflictDoUpdate({ target: registryInsurers.id, set: { name, www, damageWww, claimsEmail } });
        }
        const knownInsurers = new Set((await tx.select({ id: registryInsurers.id }).from(registryInsurers)).map((r) => r.id));
        for (const vehicle of data.vehicles) {
          const plate = normalisePlate(vehicle.plate);
          if (plate === '') throw seedError('empty plate', vehicle);
          if (!STATUSES.includes(vehicle.status)) throw seedError('unknown status', vehicle);
          if (!VEHICLE_TYPE_LETTERS.includes(vehicle.type)) throw seedError('unknown vehicle type', vehicle);
          if (vehicle.insurerId !== null && !knownInsurers.has(vehicle.insurerId)) throw seedError('unknown insurer', vehicle);
          const row = { ...vehicle, plate };
          await tx.insert(registryVehicles).values(row).onConflictDoUpdate({ target: registryVehicles.plate, set: { ...row } });
        }
      });
    },

    async count() {
      const [insurers] = await db.select({ n: count() }).from(registryInsurers);
      const [vehicles] = await db.select({ n: count() }).from(registryVehicles);
      return { insurers: insurers?.n ?? 0, vehicles: vehicles?.n ?? 0 };
    },
  };
}
