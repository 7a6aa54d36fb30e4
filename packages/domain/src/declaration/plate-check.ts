/**
 * The registry check of a plate (declaration-flow §4 plate check results OK, MORE_INFO, REJECT,
 * ERROR with the §8 codes). Only Lithuanian registrations are in the registry: a foreign vehicle,
 * a vehicle without a plate or on a sale plate needs more information from the driver.
 */
import type { ErrorCode } from '../rules/errors.js';
import { isForeign, isSalePlate } from '../rules/plates.js';
import type { VehicleRecord } from '../ports/registry.port.js';
import { type PlateCheckResult, type Plates, type Trailer, type Vehicle } from './entities.js';
import { blankVehicle } from './blank.js';

/** Checks a plate may be asked for this often in `PLATE_CHECK_PAUSE_MS` before PLATE_CHECK_LIMIT. */
export const PLATE_CHECK_LIMIT_COUNT = 10;
/**
 * Checks of any plates one requester (a seat, or a connection without one) may ask for in the same
 * window (FU4): a driver checks a handful of plates; more is someone reading the registry. Chosen.
 */
export const PLATE_CHECKS_PER_REQUESTER = 30;

export interface PlateCheck {
  readonly result: PlateCheckResult;
  /** Why it is not OK (a §8 code), or null. */
  readonly code: ErrorCode | null;
  /** The vehicle as the registry knows it (plate, make, model, type, VIN, insurer, policy). */
  readonly vehicle: Vehicle;
}

/** `lookup` is the registry's answer: a record, null (not registered), or 'unavailable'. */
export function plateCheck(plates: Plates, lookup: VehicleRecord | null | 'unavailable' | 'not-asked'): PlateCheck {
  const base: Vehicle = {
    ...blankVehicle(),
    plate: plates.plate,
    noPlate: plates.noPlate,
    vin: plates.vin,
    hasTrailer: plates.hasTrailer,
    country: plates.country,
  };
  if (plates.noPlate) return { result: 'MORE_INFO', code: 'NO_PLATE', vehicle: base };
  if (isForeign(plates)) return { result: 'MORE_INFO', code: null, vehicle: base };
  if (isSalePlate(plates.plate)) return { result: 'MORE_INFO', code: null, vehicle: base };
  if (lookup === 'unavailable' || lookup === 'not-asked') {
    return { result: 'ERROR', code: 'INSURANCE_STATUS_UNRESOLVED', vehicle: { ...base, result: 'ERROR' } };
  }
  if (lookup === null || lookup.status === 'DEREGISTERED') {
    return { result: 'REJECT', code: 'PLATE_UNREGISTERED', vehicle: { ...base, result: 'REJECT' } };
  }
  if (lookup.status === 'MUST_BE_TERMINATED') {
    return { result: 'REJECT', code: 'PLATE_MUST_BE_TERMINATED', vehicle: { ...base, result: 'REJECT' } };
  }
  const vehicle: Vehicle = {
    ...base,
    make: lookup.make,
    model: lookup.model,
    type: lookup.type,
    vin: lookup.vin,
    insurerId: lookup.insurer?.id ?? -1,
    insurerName: lookup.insurer?.name ?? '',
    policyNo: lookup.policyNo ?? '',
  };
  // Registered but uninsured: the driver confirms (the bureau answers for uninsured vehicles).
  if (!lookup.insurer) return { result: 'MORE_INFO', code: null, vehicle: { ...vehicle, result: 'MORE_INFO' } };
  return { result: 'OK', code: null, vehicle: { ...vehicle, result: 'OK' } };
}

/**
 * The trailer of a vehicle as entered at the plate step (declaration-flow §3 Trailer), filled from
 * the registry when it knows the trailer's plate; null when the vehicle has no trailer.
 */
export function trailerOf(plates: Plates, lookup: VehicleRecord | null | 'unavailable' | 'not-asked'): Trailer | null {
  if (!plates.hasTrailer || plates.trailerPlate === '') return null;
  const known = lookup !== null && lookup !== 'unavailable' && lookup !== 'not-asked' && lookup.status === 'REGISTERED' ? lookup : null;
  return {
    result: known ? (known.insurer ? 'OK' : 'MORE_INFO') : lookup === 'unavailable' ? 'ERROR' : 'MORE_INFO',
    plate: plates.trailerPlate,
    vin: known?.vin ?? '',
    type: known?.type ?? 'F',
    make: known?.make ?? '',
    model: known?.model ?? '',
    insurerId: known?.insurer?.id ?? -1,
    insurerName: known?.insurer?.name ?? '',
    policyNo: known?.policyNo ?? '',
  };
}
