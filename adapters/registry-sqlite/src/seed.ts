import { readFileSync } from 'node:fs';
import { normalisePlate, VEHICLE_TYPE_LETTERS, type InsurerRecord, type RegistrationStatus, type VehicleTypeLetter } from '@eid/domain';
import type { RegistrySeed, RegistrySeedVehicle } from './registry.adapter.js';

const STATUSES: readonly RegistrationStatus[] = ['REGISTERED', 'DEREGISTERED', 'MUST_BE_TERMINATED'];

// Read with fs rather than a JSON import: the data sits outside src/, which tsc -b would refuse
// as outside rootDir. The relative URL holds from both src/ and dist/.
const readJson = (name: string): unknown => JSON.parse(readFileSync(new URL(`../seed/${name}`, import.meta.url), 'utf8'));

function fail(what: string, value: unknown): never {
  throw new Error(`registry seed: ${what}: ${JSON.stringify(value)}`);
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isTextOrNull = (v: unknown): v is string | null => v === null || isText(v);

function parseInsurer(raw: unknown): InsurerRecord {
  const r = raw as Record<string, unknown>;
  if (!Number.isInteger(r.id) || (r.id as number) <= 0) fail('insurer id must be a positive integer', raw);
  if (!isText(r.name) || !isText(r.www) || !isText(r.damageWww) || !isText(r.claimsEmail)) fail('insurer needs name, www, damageWww, claimsEmail', raw);
  return { id: r.id as number, name: r.name, www: r.www, damageWww: r.damageWww, claimsEmail: r.claimsEmail };
}

function parseVehicle(raw: unknown, insurerIds: ReadonlySet<number>): RegistrySeedVehicle {
  const r = raw as Record<string, unknown>;
  if (!isText(r.plate) || normalisePlate(r.plate) !== r.plate) fail('plate must be in normal form', raw);
  if (!STATUSES.includes(r.status as RegistrationStatus)) fail('unknown status', raw);
  if (!VEHICLE_TYPE_LETTERS.includes(r.type as VehicleTypeLetter)) fail('unknown vehicle type', raw);
  if (!isText(r.make) || !isText(r.model)) fail('vehicle needs make and model', raw);
  if (!isText(r.vin) || !/^[A-HJ-NPR-Z0-9]{17}$/.test(r.vin)) fail('VIN must be 17 characters without I, O, Q', raw);
  const insured = r.insurerId !== null;
  if (insured && !insurerIds.has(r.insurerId as number)) fail('unknown insurer', raw);
  if (!isTextOrNull(r.policyNo) || !isTextOrNull(r.policyValidTill)) fail('bad policy', raw);
  // A policy is all or nothing: an insurer without a policy number would be a half-insured vehicle.
  if ((r.policyNo === null) === insured || (r.policyValidTill === null) === insured) fail('policy incomplete', raw);
  if (r.policyValidTill !== null && !/^\d{4}-\d{2}-\d{2}$/.test(r.policyValidTill)) fail('date not YYYY-MM-DD', raw);
  return {
    plate: r.plate,
    status: r.status as RegistrationStatus,
    make: r.make,
    model: r.model,
    type: r.type as VehicleTypeLetter,
    vin: r.vin,
    insurerId: insured ? (r.insurerId as number) : null,
    policyNo: r.policyNo,
    policyValidTill: r.policyValidTill,
  };
}

/**
 * The embedded installation's registry data (`seed/`: real Lithuanian insurers, plates for every
 * plate-check outcome; see seed/README.md), parsed and checked. A fresh copy on every call, so a
 * test may change its own. A real registry adapter replaces it in production.
 */
export function readRegistrySeed(): RegistrySeed {
  const insurersRaw = readJson('insurers.json');
  const vehiclesRaw = readJson('vehicles.json');
  if (!Array.isArray(insurersRaw) || !Array.isArray(vehiclesRaw)) fail('expected two arrays', null);
  const insurers = insurersRaw.map(parseInsurer);
  const insurerIds = new Set(insurers.map((i) => i.id));
  if (insurerIds.size !== insurers.length) fail('duplicate insurer id', insurers);
  const vehicles = vehiclesRaw.map((v) => parseVehicle(v, insurerIds));
  if (new Set(vehicles.map((v) => v.plate)).size !== vehicles.length) fail('duplicate plate', null);
  return { insurers, vehicles };
}
