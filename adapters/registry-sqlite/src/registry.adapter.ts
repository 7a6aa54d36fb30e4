import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { count, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import {
  normalisePlate,
  VEHICLE_TYPE_LETTERS,
  type InsurerRecord,
  type RegistrationStatus,
  type VehicleRecord,
  type VehicleRegistryPort,
  type VehicleTypeLetter,
} from '@eid/domain';
import * as schema from './schema.js';
import { registryInsurers, registryVehicles } from './schema.js';

/** The committed SQL migrations, found relative to this file both from src/ and dist/. */
export const REGISTRY_MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));
/** Its own history table, so the registry can share one SQLite file with other adapters. */
export const REGISTRY_MIGRATIONS_TABLE = '__eid_registry_migrations';

/** A vehicle as seeded: its insurer by id, which must be among the seeded or stored insurers. */
export interface RegistrySeedVehicle {
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

export interface RegistrySeed {
  readonly insurers: readonly InsurerRecord[];
  readonly vehicles: readonly RegistrySeedVehicle[];
}

export interface RegistryCounts {
  readonly insurers: number;
  readonly vehicles: number;
}

/** The registry port plus what a test or a local installation needs to fill it. */
export interface SqliteRegistry extends VehicleRegistryPort {
  /** Upserts the insurers, then the vehicles, in one transaction: all of it or none. */
  seed(data: RegistrySeed): void;
  count(): RegistryCounts;
}

const STATUSES: readonly RegistrationStatus[] = ['REGISTERED', 'DEREGISTERED', 'MUST_BE_TERMINATED'];

// Lithuanian collation, so that names starting with Č, Š or Ž sort where a Lithuanian reader
// expects them rather than after Z as raw bytes would.
const byName = new Intl.Collator('lt', { sensitivity: 'base' });

function seedError(what: string, value: unknown): Error {
  return new Error(`registry seed: ${what}: ${JSON.stringify(value)}`);
}

/**
 * A VehicleRegistryPort over tables `registry_insurers` and `registry_vehicles` in a SQLite
 * connection the app opened (and closes). Brings the tables up to date first. Lookups are
 * synchronous underneath; the port's promise rejects when SQLite throws (a closed connection, a
 * missing table), which the plate check reports as ERROR.
 */
export function createSqliteRegistry(sqlite: Database.Database): SqliteRegistry {
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: REGISTRY_MIGRATIONS_FOLDER, migrationsTable: REGISTRY_MIGRATIONS_TABLE });

  const findByPlate = db
    .select({ vehicle: registryVehicles, insurer: registryInsurers })
    .from(registryVehicles)
    .leftJoin(registryInsurers, eq(registryVehicles.insurerId, registryInsurers.id))
    .where(eq(registryVehicles.plate, sql.placeholder('plate')))
    .prepare();

  const toInsurer = (row: typeof registryInsurers.$inferSelect): InsurerRecord => ({
    id: row.id,
    name: row.name,
    www: row.www,
    damageWww: row.damageWww,
    claimsEmail: row.claimsEmail,
  });

  return {
    async findVehicle(plate: string): Promise<VehicleRecord | null> {
      const key = normalisePlate(plate);
      if (key === '') return null;
      const row = findByPlate.get({ plate: key });
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
      return db
        .select()
        .from(registryInsurers)
        .all()
        .map(toInsurer)
        .sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
    },

    seed(data: RegistrySeed): void {
      db.transaction((tx) => {
        for (const insurer of data.insurers) {
          if (!Number.isInteger(insurer.id) || insurer.id <= 0) throw seedError('insurer id', insurer);
          const { id, name, www, damageWww, claimsEmail } = insurer;
          tx.insert(registryInsurers)
            .values({ id, name, www, damageWww, claimsEmail })
            .onConflictDoUpdate({ target: registryInsurers.id, set: { name, www, damageWww, claimsEmail } })
            .run();
        }
        // Checked here rather than left to a foreign key: the app decides the connection's pragmas,
        // and foreign_keys may be off.
        const knownInsurers = new Set(tx.select({ id: registryInsurers.id }).from(registryInsurers).all().map((r) => r.id));
        for (const vehicle of data.vehicles) {
          const plate = normalisePlate(vehicle.plate);
          if (plate === '') throw seedError('empty plate', vehicle);
          if (!STATUSES.includes(vehicle.status)) throw seedError('unknown status', vehicle);
          if (!VEHICLE_TYPE_LETTERS.includes(vehicle.type)) throw seedError('unknown vehicle type', vehicle);
          if (vehicle.insurerId !== null && !knownInsurers.has(vehicle.insurerId)) {
            throw seedError('unknown insurer', vehicle);
          }
          const row = { ...vehicle, plate };
          tx.insert(registryVehicles)
            .values(row)
            .onConflictDoUpdate({ target: registryVehicles.plate, set: { ...row } })
            .run();
        }
      });
    },

    count(): RegistryCounts {
      const insurers = db.select({ n: count() }).from(registryInsurers).get()?.n ?? 0;
      const vehicles = db.select({ n: count() }).from(registryVehicles).get()?.n ?? 0;
      return { insurers, vehicles };
    },
  };
}
