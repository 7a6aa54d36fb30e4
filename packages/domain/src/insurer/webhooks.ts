/**
 * Issue 36 item 4: a finished declaration is announced to each responsible insurer's registered
 * systems by a webhook signed as Standard Webhooks 1.0 says (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`). It carries the declaration's id, the data model's version and where to
 * pull it, never the personal data itself. Deliveries are durable and retried with back-off for
 * about three days; one id per delivery, the same on every attempt (a receiver that saw it skips it).
 */
import * as v from 'valibot';
import { INSURER_DATA_VERSION } from './declaration-data.js';

export const WEBHOOK_EVENT_FINISHED = 'declaration.finished';
export type WebhookEvent = typeof WEBHOOK_EVENT_FINISHED;

export const WEBHOOK_STATES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type WebhookState = (typeof WEBHOOK_STATES)[number];

/**
 * The waits before each attempt after the first (the first goes at once): seconds, then minutes,
 * then hours, 71 h 36 min in all — about three days, across a weekend's outage of the receiver.
 * After the last one the delivery is FAILED, shown in the console, and a supervisor may send it again.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000, 12 * 3_600_000, 12 * 3_600_000] as const;
/** An attempt waits this long for the receiver's answer; longer is a failed attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The wait before the next attempt after `attempts` failed ones; null: no more (FAILED). */
export function webhookRetryDelayMs(attempts: number): number | null {
  return attempts >= 1 && attempts <= WEBHOOK_RETRY_DELAYS_MS.length ? WEBHOOK_RETRY_DELAYS_MS[attempts - 1]! : null;
}

export interface WebhookDelivery {
  /** The `webhook-id`: the same on every attempt of this delivery. */
  readonly id: string;
  readonly clientId: string;
  readonly insurerId: number;
  readonly declarationId: string;
  readonly event: WebhookEvent;
  /** The JSON body, as signed and sent (the same bytes on every attempt). */
  readonly payload: string;
  readonly state: WebhookState;
  readonly attempts: number;
  readonly nextAttemptAt: number;
  readonly createdAt: number;
  readonly deliveredAt: number | null;
  readonly lastStatus: number | null;
  readonly lastError: string | null;
}

/** One attempt, as the console shows it: when, the receiver's HTTP status (null: no answer) or the failure, how long. */
export interface WebhookAttempt {
  readonly deliveryId: string;
  readonly at: number;
  readonly status: number | null;
  readonly error: string | null;
  readonly ms: number;
}

/** What an attempt's outcome makes of a delivery. */
export type DeliveryOutcome = Pick<WebhookDelivery, 'state' | 'attempts' | 'nextAttemptAt' | 'deliveredAt' | 'lastStatus' | 'lastError'>;

/** Did the receiver take it? Any 2xx, as Standard Webhooks says; a redirect is not followed and is a failure. */
export const webhookAccepted = (status: number) => status >= 200 && status < 300;

/** The next state of a delivery after an attempt at `now`. */
export function afterAttempt(d: Pick<WebhookDelivery, 'attempts'>, now: number, result: { readonly status: number | null; readonly error: string | null }): DeliveryOutcome {
  const attempts = d.attempts + 1;
  if (result.status !== null && webhookAccepted(result.status)) return { state: 'DELIVERED', attempts, nextAttemptAt: now, deliveredAt: now, lastStatus: result.status, lastError: null };
  const wait = webhookRetryDelayMs(attempts);
  const lastError = result.error ?? `HTTP ${result.status ?? '—'}`;
  return wait === null
    ? { state: 'FAILED', attempts, nextAttemptAt: now, deliveredAt: null, lastStatus: result.status, lastError }
    : { state: 'PENDING', attempts, nextAttemptAt: now + wait, deliveredAt: null, lastStatus: result.status, lastError };
}

export const WebhookPayloadSchema = v.pipe(
  v.object({
    type: v.literal(WEBHOOK_EVENT_FINISHED),
    timestamp: v.pipe(v.string(), v.description('When the declaration was finished (ISO 8601, UTC).')),
    data: v.object({
      id: v.pipe(v.string(), v.description('The declaration\'s id.')),
      version: v.pipe(v.string(), v.description('The data model\'s version (the schema\'s `x-eid-version`).')),
      href: v.pipe(v.string(), v.description('Where to pull the declaration as data, with a token.')),
    }),
  }),
  v.description('A declaration was finished: pull it. No personal data travels in a webhook.'),
);
export type WebhookPayload = v.InferOutput<typeof WebhookPayloadSchema>;

export function webhookPayload(declarationId: string, finishedAt: number, href: string): string {
  const payload: WebhookPayload = { type: WEBHOOK_EVENT_FINISHED, timestamp: new Date(finishedAt).toISOString(), data: { id: declarationId, version: INSURER_DATA_VERSION, href } };
  return JSON.stringify(payload);
}

/** A console page of deliveries. */
export interface WebhookDeliveriesAnswer {
  readonly deliveries: Array<Omit<WebhookDelivery, 'payload'> & { readonly clientName: string }>;
  readonly total: number;
}
export interface WebhookAttemptsAnswer {
  readonly attempts: WebhookAttempt[];
}
