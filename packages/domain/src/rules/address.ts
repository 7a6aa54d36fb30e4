/**
 * Address completeness (declaration-flow §5, app-shell §5): an address must be picked from the
 * address-registry suggestions (it then carries the registry id `aob`) and be complete: it has a
 * house number, and an apartment number (`pat`) when the building has apartments (`needPat`).
 */
import * as v from 'valibot';
import { object } from './schema.js';
import type { ErrorCode } from './errors.js';
import { codeRule, hasValue, type Rule } from './validation.js';

export interface Address {
  /** The address as shown ("Gedimino pr. 1, Vilnius"). */
  readonly value: string;
  /** Address-registry object id, set only when picked from the suggestions. */
  readonly aob?: string | number | null;
  /** Apartment number. */
  readonly pat?: string | null;
  /** The picked building has apartments, so an apartment number is needed. */
  readonly needPat?: boolean;
}

/**
 * A house number token: digits with an optional letter, optionally "-" or "/" and a second such
 * part ("1", "12A", "5-3", "7/2"), standing alone between separators. "Vasario 16-osios g." has no
 * house number: "16-osios" is part of the street name.
 */
const HOUSE_NUMBER_RE = /(?:^|[\s,])\d+[A-Za-z]?(?:[-/]\d+[A-Za-z]?)?(?=$|[\s,])/;

export function hasHouseNumber(value: string): boolean {
  return HOUSE_NUMBER_RE.test(value);
}

/** The first failure of an address: not picked, then no house number, then no apartment. */
export function addressError(address: Address): ErrorCode | null {
  if (!hasValue(address.aob) || !hasValue(address.value)) return 'ADDRESS_NOT_PICKED';
  if (!hasHouseNumber(address.value)) return 'ADDRESS_NO_HOUSE';
  if (address.needPat === true && !hasValue(address.pat)) return 'ADDRESS_NO_APARTMENT';
  return null;
}

/**
 * AD6: the accident place is a picked street, with a house number at most: no house number is
 * needed and no apartment is ever asked (the apartment rule is for home addresses).
 */
export function accidentPlaceError(address: Address): ErrorCode | null {
  return !hasValue(address.aob) || !hasValue(address.value) ? 'ADDRESS_NOT_PICKED' : null;
}

/** AD6: the accident place as kept: never an apartment. */
export function accidentPlace<T extends Address>(address: T): T {
  return { ...address, pat: null, needPat: false };
}

const INVALID: ErrorCode = 'INVALID_TYPE';

const addressShape = object(
  {
    value: v.string(INVALID),
    aob: v.optional(v.nullable(v.union([v.string(), v.number()], INVALID))),
    pat: v.optional(v.nullable(v.string(INVALID))),
    needPat: v.optional(v.boolean(INVALID)),
  },
  INVALID,
);

export const addressSchema: Rule = v.pipe(addressShape, codeRule(addressError));

/**
 * An address for reading: the apartment joined to the house number as Lithuanians write it
 * ("Laisvės al. 54-7, Kaunas"), i.e. before the first comma.
 */
export function formatAddress(value: string, pat: string | null | undefined): string {
  if (!pat) return value;
  const comma = value.indexOf(',');
  return comma < 0 ? `${value}-${pat}` : `${value.slice(0, comma)}-${pat}${value.slice(comma)}`;
}
