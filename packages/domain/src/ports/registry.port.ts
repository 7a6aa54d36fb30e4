import type { VehicleTypeLetter } from '../rules/vehicle-types.js';

/** An insurer as the registry and the responsible-insurer step know it (declaration-flow §3). */
export interface InsurerRecord {
  /** The bureau's insurer id ("drkId"); -1 is "unset" and never a record. */
  readonly id: number;
  readonly name: string;
  /** The insurer's web site. */
  readonly www: string;
  /** Where the insurer explains how to report a damage. */
  readonly damageWww: string;
  /** Where the insurer takes declarations of accidents its clients caused; empty when unknown. */
  readonly claimsEmail: string;
}

/** Registration state of a vehicle in the national register. */
export type RegistrationStatus = 'REGISTERED' | 'DEREGISTERED' | 'MUST_BE_TERMINATED';

/** What the vehicle and insurance registry answers for a plate. */
export interface VehicleRecord {
  /** Normalised plate (declaration-flow §5: upper case, alphanumeric, at most 12). */
  readonly plate: string;
  readonly status: RegistrationStatus;
  readonly make: string;
  readonly model: string;
  readonly type: VehicleTypeLetter;
  readonly vin: string;
  /** The insurer of the valid compulsory motor insurance policy, or null when uninsured. */
  readonly insurer: InsurerRecord | null;
  readonly policyNo: string | null;
  /** Last day of the policy, YYYY-MM-DD, or null when uninsured. */
  readonly policyValidTill: string | null;
}

/**
 * API Boundary: the vehicle and insurance registry (plate → registered?, make, model, type,
 * insurer, policy). Only Lithuanian registrations are in it. A registry that cannot answer
 * rejects the promise; the plate check reports that as ERROR.
 */
export interface VehicleRegistryPort {
  /** The record of a normalised Lithuanian plate, or null when the plate is not registered. */
  findVehicle(plate: string): Promise<VehicleRecord | null>;
  /** Every insurer, for the responsible-insurer choice; ordered by name. */
  listInsurers(): Promise<readonly InsurerRecord[]>;
}
