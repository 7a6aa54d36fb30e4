/**
 * Vehicle types (declaration-flow §3): transport types, the vehicle type letters, the licence
 * category → transport type mapping, the filter map onto registry type codes, and the claim-side
 * vehicle-type names.
 */

export const TRANSPORT_TYPES = [
  'CAR',
  'BUS',
  'LORRY',
  'MOTORCYCLE',
  'SCOOTER',
  'BICYCLE',
  'TRAILER',
  'OTHERS',
] as const;
export type TransportType = (typeof TRANSPORT_TYPES)[number];

/** Vehicle type letters and what each stands for. */
export const VEHICLE_TYPE_LETTERS = ['A', 'B', 'C', 'C2', 'D', 'E', 'F', 'G'] as const;
export type VehicleTypeLetter = (typeof VEHICLE_TYPE_LETTERS)[number];

export const VEHICLE_TYPE_NAMES: Readonly<Record<VehicleTypeLetter, string>> = {
  A: 'car',
  B: 'motorcycle',
  C: 'lorry',
  C2: 'tractor',
  D: 'scooter',
  E: 'bus',
  F: 'trailer',
  G: 'others',
};

/**
 * The transport type of each vehicle type letter. Not given by the spec: derived from the letter's
 * meaning; a tractor has no transport type of its own and is OTHERS, as on the claim side.
 */
export const TRANSPORT_TYPE_OF_LETTER: Readonly<Record<VehicleTypeLetter, TransportType>> = {
  A: 'CAR',
  B: 'MOTORCYCLE',
  C: 'LORRY',
  C2: 'OTHERS',
  D: 'SCOOTER',
  E: 'BUS',
  F: 'TRAILER',
  G: 'OTHERS',
};

/** Licence category → transport type, exactly as the spec lists it (D maps to motorcycle). */
export const LICENCE_CATEGORY_TYPES = {
  A: 'CAR',
  B: 'MOTORCYCLE',
  C: 'LORRY',
  D: 'MOTORCYCLE',
  E: 'BUS',
  F: 'TRAILER',
  G: 'OTHERS',
} as const satisfies Readonly<Record<string, TransportType>>;
export type LicenceCategory = keyof typeof LICENCE_CATEGORY_TYPES;

/** The transport type of a licence category, or null for an unknown category. */
export function transportTypeOfCategory(category: string): TransportType | null {
  const key = category.trim().toUpperCase();
  return Object.hasOwn(LICENCE_CATEGORY_TYPES, key) ? LICENCE_CATEGORY_TYPES[key as LicenceCategory] : null;
}

/** Which registry type codes each letter selects (C splits into C.S and C.V, C2 is C.T). */
export const VEHICLE_TYPE_FILTER: Readonly<Record<VehicleTypeLetter, readonly string[]>> = {
  A: ['A'],
  B: ['B'],
  C: ['C.S', 'C.V'],
  C2: ['C.T'],
  D: ['D'],
  E: ['E'],
  F: ['F'],
  G: ['G'],
};

/** The letter whose filter contains a registry type code, or null. */
export function letterOfRegistryType(code: string): VehicleTypeLetter | null {
  return VEHICLE_TYPE_LETTERS.find((letter) => VEHICLE_TYPE_FILTER[letter].includes(code)) ?? null;
}

/** Claim (victim case) vehicle-type groups and the names each covers. */
export const CLAIM_VEHICLE_TYPES = {
  motorcycle: ['moped', 'motorcycle'],
  bus: ['trolleybus', 'bus'],
  lorry: ['freight vehicle'],
  others: ['tractor'],
  car: ['passenger car', 'other'],
  trailer: ['trailer'],
} as const;
export type ClaimVehicleType = keyof typeof CLAIM_VEHICLE_TYPES;

/** The claim group of a vehicle-type name (case-insensitive), or null. */
export function claimVehicleTypeOf(name: string): ClaimVehicleType | null {
  const wanted = name.trim().toLowerCase();
  for (const [group, names] of Object.entries(CLAIM_VEHICLE_TYPES)) {
    if ((names as readonly string[]).includes(wanted)) return group as ClaimVehicleType;
  }
  return null;
}
