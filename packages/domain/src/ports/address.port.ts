/** An address from the address registry, as suggested to a driver typing one. */
export interface AddressSuggestion {
  /** As shown and stored: "Gedimino pr. 9, Vilnius". */
  readonly value: string;
  /** The registry's object id (aob). */
  readonly aob: number;
  /** The building has apartments: an apartment number is needed. */
  readonly needPat: boolean;
  readonly latitude: number;
  readonly longitude: number;
}

/**
 * API Boundary: the address registry (declaration-flow §5: an address is picked from suggestions
 * and is complete). `suggest` answers a typed query; `nearest` the addresses closest to a position
 * (the accident place from GPS).
 */
export interface AddressLookupPort {
  suggest(query: string, limit: number): Promise<readonly AddressSuggestion[]>;
  nearest(position: { readonly latitude: number; readonly longitude: number }, limit: number): Promise<readonly AddressSuggestion[]>;
}
