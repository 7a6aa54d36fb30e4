/**
 * The webhook deliveries' worker (issue 36 item 4): claims what is due (a lease every node
 * respects), signs each body as Standard Webhooks 1.0 says — by its reference library — with the
 * client's secret (and, for a day after new credentials, the previous one beside it), sends it,
 * and records the attempt and its outcome (delivered on a 2xx; else the next try after the
 * back-off, or FAILED after about three days). A revoked client's deliveries fail at once.
 *
 * A round claims only as many as it sends at once, each attempt limited to WEBHOOK_TIMEOUT_MS, so
 * every attempt ends well inside its lease (three times that). A receiver that did not answer is
 * left alone for a while: its other deliveries claimed meanwhile are put off with the back-off
 * rather than each waiting out the limit, so one dead endpoint does not hold up the others.
 */
import { Webhook } from 'standardwebhooks';
import { afterAttempt, WEBHOOK_SECRET_OVERLAP_MS, WEBHOOK_TIMEOUT_MS, type InsurerClient, type InsurerStorePort, type WebhookDelivery } from '@eid/domain/insurer';
import type { ClockPort } from '@eid/domain';
import type { WebhookSend } from './webhook-sender.js';

export interface WebhookWorkerDeps {
  readonly store: InsurerStorePort;
  /** The client's webhook secret from its sealed form. */
  readonly openSecret: (sealed: string) => string;
  readonly send: WebhookSend;
  readonly clock: ClockPort;
  readonly log: (level: 'info' | 'warn' | 'error', message: string, data?: unknown) => void;
}

/** Deliveries sent at once, and claimed in a round. */
const AT_ONCE = 8;
/** How long a receiver that did not answer is left alone. */
const COOL_DOWN_MS = 30_000;

export class WebhookWorker {
  private running: Promise<number> | null = null;
  /** Receivers (by client) that did not answer, and until when they are left alone. */
  private readonly cooling = new Map<string, number>();

  constructor(private readonly deps: WebhookWorkerDeps) {}

  /** Sends what is due now; the number of deliveries attempted. A run already going is joined, not doubled. */
  runOnce(): Promise<number> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Resolves when no run is going (the server's stop). */
  async idle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  private async run(): Promise<number> {
    let attempted = 0;
    for (;;) {
      const due = await this.deps.store.claimDueDeliveries(this.deps.clock.now(), AT_ONCE, WEBHOOK_TIMEOUT_MS * 3);
      if (due.length === 0) return attempted;
      await Promise.all(due.map((d) => this.attempt(d)));
      attempted += due.length;
    }
  }

  /** The signature header: by the current secret, and by the previous one for a day after new credentials. */
  private signature(client: InsurerClient, id: string, at: number, payload: string): string {
    const keys = [client.webhookKeySealed, ...(client.previousWebhookKeySealed && client.rotatedAt !== null && at - client.rotatedAt < WEBHOOK_SECRET_OVERLAP_MS ? [client.previousWebhookKeySealed] : [])];
    return keys.map((sealed) => new Webhook(this.deps.openSecret(sealed)).sign(id, new Date(at), payload)).join(' ');
  }

  private async attempt(d: WebhookDelivery): Promise<void> {
    const { store, clock } = this.deps;
    const started = clock.now();
    const client = await store.clientById(d.clientId);
    if (!client || client.revokedAt !== null || !client.webhookUrl) {
      await store.recordAttempt({ deliveryId: d.id, at: started, status: null, error: 'the client was revoked', ms: 0 }, { state: 'FAILED', attempts: d.attempts + 1, nextAttemptAt: started, deliveredAt: null, lastStatus: null, lastError: 'the client was revoked' });
      return;
    }
    let result: { status: number | null; error: string | null };
    if ((this.cooling.get(client.id) ?? 0) > started) {
      result = { status: null, error: 'not tried: the receiver did not answer a moment ago' };
    } else {
      try {
        const signature = this.signature(client, d.id, started, d.payload);
        result = await this.deps.send(client.webhookUrl, { 'webhook-id': d.id, 'webhook-timestamp': String(Math.floor(started / 1000)), 'webhook-signature': signature }, d.payload);
      } catch (e) {
        result = { status: null, error: String(e).slice(0, 200) };
      }
      if (result.status === null) this.cooling.set(client.id, clock.now() + COOL_DOWN_MS);
      else this.cooling.delete(client.id);
    }
    const done = clock.now();
    const outcome = afterAttempt(d, done, result);
    await store.recordAttempt({ deliveryId: d.id, at: started, status: result.status, error: result.error, ms: done - started }, outcome);
    if (outcome.state === 'FAILED') this.deps.log('warn', 'a webhook could not be delivered', { deliveryId: d.id, clientId: d.clientId, attempts: outcome.attempts, lastError: outcome.lastError });
  }
}
