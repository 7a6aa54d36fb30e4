import type { Claim } from '../claim/claim.js';

/** One page of the console's claims queue. */
export interface ClaimQueuePage {
  readonly limit: number;
  readonly offset: number;
  /** Matches the claim's number or the culprit's plate, case-insensitive, as text (never a pattern). */
  readonly search?: string;
}

/**
 * **API Boundary.** The victims' claims (issue 17): SQLite, PostgreSQL and memory adapters pass one
 * contract (`test-fixtures/src/contracts/claim-store.contract.ts`). A claim is written whole, by
 * compare-and-set on its version; the SQL stores drop an account's claims with the account.
 */
export interface ClaimStorePort {
  /** A new claim (version 1); rejects when the id exists. */
  create(claim: Claim): Promise<void>;
  get(id: string): Promise<Claim | null>;
  /** An account's claims, newest first (by creation). */
  ofAccount(accountId: string): Promise<Claim[]>;
  /** The account's claim started from a declaration, if any (one claim per victim and declaration). */
  fromDeclaration(accountId: string, declarationId: string): Promise<Claim | null>;
  /**
   * Writes `claim` (whose version is `expectedVersion + 1`) when the stored one is still at
   * `expectedVersion`; false when it changed meanwhile or is gone.
   */
  save(claim: Claim, expectedVersion: number): Promise<boolean>;
  /**
   * UE9: the console's queue: every claim past DRAFT, those not DECIDED first, each group by
   * submission, oldest first; with the total of the filtered list.
   */
  queue(page: ClaimQueuePage): Promise<{ readonly claims: Claim[]; readonly total: number }>;
}
