import type { StatementLink, StatementRecord } from '../output/statement.js';

/** An attachment of a queued message: a stored blob (the PDF) or small inline bytes (the QR code). */
export type DeliveryAttachment =
  | { readonly filename: string; readonly contentType: string; readonly blobId: string }
  | { readonly filename: string; readonly contentType: string; readonly contentBase64: string; readonly cid?: string };

export const DELIVERY_STATES = ['PENDING', 'SENT', 'FAILED'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** A declaration as the console's list shows it (its statements were made when it was sent). */
export interface ReceivedDeclaration {
  readonly declarationId: string;
  readonly accidentId: string;
  readonly receivedAt: number;
}

/** A message of the delivery outbox, written in full when the declaration was sent. */
export interface DeliveryRecord {
  /** `${declarationId}:${key}`: the same message planned twice is one row. Also the Message-ID. */
  readonly id: string;
  readonly declarationId: string;
  readonly key: string;
  readonly channel: 'email' | 'sms';
  readonly to: string;
  readonly subject: string | null;
  readonly text: string;
  readonly html: string | null;
  readonly attachments: readonly DeliveryAttachment[];
  readonly state: DeliveryState;
  readonly attempts: number;
  readonly nextAttemptAt: number;
  readonly createdAt: number;
  readonly sentAt: number | null;
  readonly lastError: string | null;
}

/**
 * API Boundary: durable storage of what a sent declaration produced: the drivers' statements (view
 * links) and the messages to deliver. `saveOutput` commits a declaration's statements and messages
 * together, once: a second call for the same declaration changes nothing, so a worker that crashed
 * after it and runs again neither loses nor doubles a message.
 */
export interface OutputStorePort {
  saveOutput(statements: readonly StatementRecord[], deliveries: readonly DeliveryRecord[]): Promise<void>;
  /** Adds messages to deliver about a sent declaration after its output (an insurer's claim number told to a driver, issue 36), each once by its id. */
  addMessages(messages: readonly DeliveryRecord[]): Promise<void>;
  statementsFor(declarationId: string): Promise<StatementRecord[]>;
  /**
   * The console's received declarations (issue 16): one row per declaration that produced
   * statements, newest first, a page at a time; `search` is an accident number's beginning.
   */
  received(page: { readonly limit: number; readonly offset: number; readonly search?: string }): Promise<{ readonly declarations: ReceivedDeclaration[]; readonly total: number }>;
  findStatement(link: StatementLink): Promise<StatementRecord | null>;
  statementById(statementId: string): Promise<StatementRecord | null>;
  deliveriesFor(declarationId: string): Promise<DeliveryRecord[]>;
  /** Forgets a declaration's statements and deliveries (its retention period is over, RT1). */
  removeFor(declarationId: string): Promise<void>;
  /**
   * Claims at most `limit` PENDING messages due at `now`, oldest first, for `leaseMs`: they are not
   * due again before the lease ran out (their sender died) or a mark says otherwise, so two workers
   * (two nodes) never send the same message at once.
   */
  claimDueDeliveries(now: number, limit: number, leaseMs: number): Promise<DeliveryRecord[]>;
  markSent(id: string, now: number): Promise<void>;
  markRetry(id: string, attempts: number, nextAttemptAt: number, error: string): Promise<void>;
  markFailed(id: string, attempts: number, error: string): Promise<void>;
}
