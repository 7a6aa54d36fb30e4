/**
 * **API Boundary.** The insurers' side of the service (issue 36): the insurers' registered clients,
 * and each insurer's feed of finished declarations (what its systems pull, in the order they were
 * finished). SQLite, PostgreSQL and memory adapters pass one contract
 * (`test-fixtures/src/contracts/insurer-store.contract.ts`).
 */
import type { InsurerClaim } from './claims.js';
import type { InsurerClient } from './clients.js';
import type { DeliveryOutcome, WebhookAttempt, WebhookDelivery } from './webhooks.js';

/** A finished declaration for one of its responsible insurers. */
export interface FeedEntry {
  /** The feed's order: increasing in the order the entries were written, never reused. */
  readonly seq: number;
  readonly insurerId: number;
  readonly declarationId: string;
  readonly finishedAt: number;
}

export type ClientChange = Partial<Pick<InsurerClient, 'secretHash' | 'webhookKeySealed' | 'previousWebhookKeySealed' | 'rotatedAt' | 'revokedAt'>>;

export interface InsurerStorePort {
  /** Adds a client; false when its id is taken. */
  addClient(client: InsurerClient): Promise<boolean>;
  clientById(id: string): Promise<InsurerClient | null>;
  /** Every client, newest first. */
  listClients(): Promise<InsurerClient[]>;
  /** Changes a client's credentials or revokes it; the client as it now is, null when there is none. */
  updateClient(id: string, change: ClientChange): Promise<InsurerClient | null>;

  /**
   * Adds a finished declaration to its insurers' feeds, once: an entry already there (the same
   * insurer and declaration) is left as it is, so a finalizer run again adds nothing. Every entry
   * is visible to a reader before any entry written after it (a reader's cursor never skips one).
   */
  addToFeed(entries: ReadonlyArray<Omit<FeedEntry, 'seq'>>): Promise<void>;
  /** An insurer's entries after `afterSeq`, oldest first, at most `limit`. */
  feed(insurerId: number, afterSeq: number, limit: number): Promise<FeedEntry[]>;
  /** A page of an insurer's entries, newest first (its staff's list in the console), and how many it has. */
  feedPage(insurerId: number, limit: number, offset: number): Promise<{ readonly entries: FeedEntry[]; readonly total: number }>;
  /** Which of these declarations are in the insurer's feed (one query: its staff's search). */
  inFeed(insurerId: number, declarationIds: readonly string[]): Promise<Set<string>>;
  /** The insurer's entry of a declaration, null when the declaration is not in its feed. */
  feedEntry(insurerId: number, declarationId: string): Promise<FeedEntry | null>;
  /**
   * Keeps an insurer's claim for a declaration: NEW the first time, SAME when the number and the
   * contact are those kept (nothing changes), CHANGED when it corrects them.
   */
  registerClaim(claim: InsurerClaim): Promise<'NEW' | 'SAME' | 'CHANGED'>;
  /** A declaration's claims, by insurer. */
  claimsFor(declarationId: string): Promise<InsurerClaim[]>;
  /** These insurers' feed entries finished before `finishedBefore` for which they registered no claim, newest first, at most `limit`. */
  unanswered(insurerIds: readonly number[], finishedBefore: number, limit: number): Promise<FeedEntry[]>;

  /** Forgets a declaration's feed entries, claims, webhook deliveries and their attempts (its retention period is over, RT1). */
  removeFeedFor(declarationId: string): Promise<void>;
  /** Every declaration the store holds anything of (feed, claims, deliveries): the retention sweep finds those left by a removal a crash cut short. */
  declarationIds(): Promise<string[]>;

  /** Adds webhook deliveries, each once: one already there (the same id, or the same client, declaration and event) is left as it is. */
  addDeliveries(deliveries: readonly WebhookDelivery[]): Promise<void>;
  /**
   * Claims at most `limit` PENDING deliveries due at `now`, the longest due first, for `leaseMs`:
   * not due again before the lease ran out (their sender died) or an outcome is recorded, so two
   * nodes never send the same delivery at once.
   */
  claimDueDeliveries(now: number, limit: number, leaseMs: number): Promise<WebhookDelivery[]>;
  /**
   * Records an attempt and the delivery's outcome (the lease ends), only while the delivery is
   * PENDING with `outcome.attempts - 1` attempts: a sender whose claim was overtaken (its lease ran
   * out and another sent it, or a supervisor replayed it) changes nothing.
   */
  recordAttempt(attempt: WebhookAttempt, outcome: DeliveryOutcome): Promise<void>;
  /** The deliveries, newest first, a page at a time (one client's, or all). */
  deliveries(page: { readonly limit: number; readonly offset: number; readonly clientId?: string }): Promise<{ readonly deliveries: WebhookDelivery[]; readonly total: number }>;
  deliveryById(id: string): Promise<WebhookDelivery | null>;
  /** A delivery's attempts, oldest first. */
  attemptsOf(deliveryId: string): Promise<WebhookAttempt[]>;
  /**
   * A supervisor's "send now": a delivered or failed delivery is PENDING again, due at `now`, with a
   * new count of attempts; a waiting one is due at `now` (its count kept), unless a sender holds its
   * lease this moment; null when there is none.
   */
  replayDelivery(id: string, now: number): Promise<WebhookDelivery | null>;
}
