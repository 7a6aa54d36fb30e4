/**
 * The webhook deliveries' worker (issue 36 item 4): claims what is due (a lease every node
 * respects), signs each body as Standard Webhooks 1.0 says — by its reference library — with the
 * client's secret, sends it, and records the attempt and its outcome (delivered on a 2xx; else the
 * next try after the back-off, or FAILED after about three days). A revoked client's deliveries
 * fail at once. Runs on every node; the lease keeps two from sending one delivery at once.
 */
import { Webhook } from 'standardwebhooks';
import { afterAttempt, WEBHOOK_TIMEOUT_MS, type InsurerStorePort, type WebhookDelivery } from '@eid/domain/insurer';
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

/** Deliveries claimed at a time, and sent at once. */
const BATCH = 32;
const AT_ONCE = 8;

export class WebhookWorker {
  private running: Promise<number> | null = null;

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
      const due = await this.deps.store.claimDueDeliveries(this.deps.clock.now(), BATCH, WEBHOOK_TIMEOUT_MS * 3);
      if (due.length === 0) return attempted;
      const queue = [...due];
      await Promise.all(Array.from({ length: Math.min(AT_ONCE, queue.length) }, async () => {
        for (let d = queue.shift(); d; d = queue.shift()) await this.attempt(d);
      }));
      attempted += due.length;
    }
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
    try {
      const signed = new Webhook(this.deps.openSecret(client.webhookKeySealed)).sign(d.id, new Date(started), d.payload);
      result = await this.deps.send(client.webhookUrl, { 'webhook-id': d.id, 'webhook-timestamp': String(Math.floor(started / 1000)), 'webhook-signature': signed }, d.payload);
    } catch (e) {
      result = { status: null, error: String(e).slice(0, 200) };
    }
    const done = clock.now();
    const outcome = afterAttempt(d, done, result);
    await store.recordAttempt({ deliveryId: d.id, at: started, status: result.status, error: result.error, ms: done - started }, outcome);
    if (outcome.state === 'FAILED') this.deps.log('warn', 'a webhook could not be delivered', { deliveryId: d.id, clientId: d.clientId, attempts: outcome.attempts, lastError: outcome.lastError });
  }
}
