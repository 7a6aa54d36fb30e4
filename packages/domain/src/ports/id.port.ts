/**
 * API Boundary: identifiers and randomness. The domain never calls Math.random or crypto
 * itself; tokens and ids come from here so they can be made deterministic in tests.
 */
export interface IdPort {
  /** An unguessable token with at least 128 bits of entropy, URL-safe. */
  token(): string;
  /** A uniformly distributed float in [0, 1). */
  random(): number;
}
