import {
  DELIVERY_RETRY,
  deliveryRetryDelayMs,
  type BlobStorePort,
  type ClockPort,
  type DeliveryRecord,
  type EmailAttachment,
  type EmailSenderPort,
  type OutputStorePort,
  type SmsSenderPort,
} from '@eid/domain';
import { SingleRun } from '../jobs/single-run.js';

/**
 * How long a claimed message stays with the worker that took it: longer than an SMTP or SMS
 * gateway call can last. A node killed while sending leaves the message to another node (or to
 * itself, restarted) after this.
 */
export const DELIVERY_LEASE_MS = 60_000;

/** Where the messages to send come from: hands each due one to `deliver` (true: sent); resolves how many were sent. */
export interface DeliverySource {
  runDue(deliver: (m: DeliveryRecord) => Promise<boolean>): Promise<number>;
}

/** The one-process source: the outbox table, claimed with a lease, oldest first, until none is due. */
export function outboxSource(output: OutputStorePort, clock: ClockPort): DeliverySource {
  return {
    async runDue(deliver) {
      let sent = 0;
      for (;;) {
        const due = await output.claimDueDeliveries(clock.now(), 20, DELIVERY_LEASE_MS);
        if (due.length === 0) return sent;
        let progress = false;
        for (const message of due) {
          if (await deliver(message)) {
            sent += 1;
            progress = true;
          }
        }
        if (!progress) return sent;
      }
    },
  };
}

export interface DeliveryWorkerDeps {
  /** Where the due messages come from (the outbox table, or the job queue of several nodes). */
  readonly source: DeliverySource;
  readonly output: OutputStorePort;
  readonly blobs: BlobStorePort;
  readonly email: EmailSenderPort;
  readonly sms: SmsSenderPort;
  readonly clock: ClockPort;
  /** The host in Message-IDs (the site's host name). */
  readonly messageIdHost: string;
  readonly log: (level: 'info' | 'warn' | 'error', message: string, data?: unknown) => void;
}

/**
 * Sends the delivery outbox, one message at a time, oldest first. A message is marked SENT only
 * after the mail server or SMS gateway accepted it; one refused is tried again later
 * (DELIVERY_RETRY), and after 48 hours kept as FAILED for the bureau. A process killed in the
 * middle finds the message still PENDING and sends it again once its claim's lease ran out; the stable Message-ID lets the
 * receiving side recognise the rare repeat (a kill between the server's "accepted" and our
 * commit). An attachment that cannot be read fails the attempt: a message never goes without
 * its document.
 */
export class DeliveryWorker {
  private readonly single = new SingleRun(() => this.process());

  constructor(private readonly deps: DeliveryWorkerDeps) {}

  /** Resolves when no run is in progress (shutdown waits for it; it starts none). */
  idle(): Promise<void> {
    return this.single.idle();
  }

  /** Sends what is due; concurrent calls share one run. Resolves the number sent. */
  runOnce(): Promise<number> {
    return this.single.run();
  }

  private process(): Promise<number> {
    return this.deps.source.runDue((m) => this.deliver(m));
  }

  private async deliver(m: DeliveryRecord): Promise<boolean> {
    const { deps } = this;
    try {
      if (m.channel === 'sms') {
        await deps.sms.sendSms({ to: m.to, text: m.text });
      } else {
        await deps.email.sendEmail({
          to: [m.to],
          subject: m.subject ?? '',
          text: m.text,
          ...(m.html ? { html: m.html } : {}),
          attachments: await this.attachments(m),
          messageId: `<${m.id.replace(/[^A-Za-z0-9_-]/g, '.')}@${deps.messageIdHost}>`,
        });
      }
    } catch (error) {
      const attempts = m.attempts + 1;
      const reason = error instanceof Error ? error.message : String(error);
      const now = deps.clock.now();
      if (now - m.createdAt >= DELIVERY_RETRY.giveUpMs) {
        await deps.output.markFailed(m.id, attempts, reason);
        deps.log('error', 'message could not be delivered: given up', { id: m.id, attempts, reason });
      } else {
        await deps.output.markRetry(m.id, attempts, now + deliveryRetryDelayMs(attempts), reason);
        deps.log('warn', 'message not accepted, will retry', { id: m.id, attempts, reason });
      }
      return false;
    }
    await deps.output.markSent(m.id, deps.clock.now());
    deps.log('info', 'message delivered', { id: m.id, channel: m.channel });
    return true;
  }

  private async attachments(m: DeliveryRecord): Promise<EmailAttachment[]> {
    const out: EmailAttachment[] = [];
    for (const a of m.attachments) {
      if ('blobId' in a) {
        const blob = await this.deps.blobs.get(a.blobId);
        if (!blob) throw new Error(`attachment ${a.filename} (${a.blobId}) is missing`);
        out.push({ filename: a.filename, contentType: a.contentType, contentBase64: Buffer.from(blob.bytes).toString('base64') });
      } else {
        out.push({ filename: a.filename, contentType: a.contentType, contentBase64: a.contentBase64, ...(a.cid ? { cid: a.cid } : {}) });
      }
    }
    return out;
  }
}
