import { and, asc, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { ClockPort, EmailMessage, EmailSenderPort, IdPort, SentMessage, SmsMessage, SmsSenderPort } from '@eid/domain';
import type { PgDatabase } from './database.js';
import { outboxAttachments, outboxMessages, type OutboxAttachmentMeta, type OutboxChannel } from './schema.js';

/** A stored message as a listing shows it (the same shape as the SQLite outbox's). */
export interface PgOutboxMessage {
  readonly id: string;
  readonly channel: OutboxChannel;
  readonly to: readonly string[];
  readonly subject: string | null;
  readonly text: string;
  readonly html: string | null;
  readonly attachments: readonly OutboxAttachmentMeta[];
  readonly createdAt: number;
  readonly smsState: PgSmsState | null;
  readonly smscIds: readonly string[];
}

export type PgSmsState = 'SENDING' | 'SENT' | 'DELIVERED' | 'FAILED' | 'UNCERTAIN' | 'UNSENT';

export interface PgOutboxMessageWithContent extends Omit<PgOutboxMessage, 'attachments'> {
  readonly attachments: ReadonlyArray<OutboxAttachmentMeta & { readonly contentBase64: string }>;
}

/** Both senders over the shared outbox of a local cluster, plus reading it back (the developer page, tests). */
export interface PgOutbox extends SmsSenderPort, EmailSenderPort {
  list(query?: { readonly channel?: OutboxChannel; readonly limit?: number }): Promise<PgOutboxMessage[]>;
  get(id: string): Promise<PgOutboxMessageWithContent | null>;
  removeBefore(before: number): Promise<number>;
  recordSms(message: SmsMessage): Promise<string>;
  setSmsState(id: string, state: PgSmsState, smscIds?: readonly string[]): Promise<void>;
  smsReceipt(smscId: string, state: 'DELIVERED' | 'FAILED'): Promise<boolean>;
}

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;
const nonEmpty = (s: unknown): s is string => typeof s === 'string' && s.trim() !== '';

/**
 * The local outbox in PostgreSQL: what `npm run cluster` uses instead of an SMS gateway and an SMTP
 * server, shared by its nodes (a code sent by one node is read on the developer page of any).
 * The same checks as the SQLite outbox: a malformed message is refused as a gateway would.
 */
export function createPgOutbox(db: PgDatabase, clock: ClockPort, ids: IdPort): PgOutbox {
  async function store(
    channel: OutboxChannel,
    to: readonly string[],
    subject: string | null,
    text: string,
    html: string | null,
    attachments: readonly { filename: string; contentType: string; bytes: Buffer }[],
    smsState: PgSmsState | null = null,
  ): Promise<SentMessage> {
    const id = ids.token();
    await db.transaction(async (tx) => {
      await tx.insert(outboxMessages).values({
        id,
        channel,
        recipients: [...to],
        subject,
        body: text,
        html,
        attachments: attachments.map(({ filename, contentType, bytes }) => ({ filename, contentType, size: bytes.length })),
        createdAt: clock.now(),
        smsState,
      });
      for (const [position, { bytes }] of attachments.entries()) await tx.insert(outboxAttachments).values({ messageId: id, position, content: bytes });
    });
    return { id };
  }

  const toMessage = (row: typeof outboxMessages.$inferSelect): PgOutboxMessage => ({
    id: row.id,
    channel: row.channel,
    to: row.recipients,
    subject: row.subject,
    text: row.body,
    html: row.html,
    attachments: row.attachments,
    createdAt: row.createdAt,
    smsState: row.smsState ?? null,
    smscIds: row.smscIds ? row.smscIds.split(' ') : [],
  });

  const checkSms = (message: SmsMessage) => {
    if (!nonEmpty(message.to)) throw new Error('outbox: an SMS needs a phone number');
    if (typeof message.text !== 'string') throw new Error('outbox: an SMS needs a text');
  };

  return {
    async sendSms(message: SmsMessage): Promise<SentMessage> {
      checkSms(message);
      return store('sms', [message.to], null, message.text, null, []);
    },

    async recordSms(message: SmsMessage): Promise<string> {
      checkSms(message);
      return (await store('sms', [message.to], null, message.text, null, [], 'SENDING')).id;
    },

    async setSmsState(id: string, state: PgSmsState, smscIds: readonly string[] = []): Promise<void> {
      await db.update(outboxMessages).set({ smsState: state, ...(smscIds.length > 0 ? { smscIds: smscIds.join(' ') } : {}) }).where(and(eq(outboxMessages.id, id), eq(outboxMessages.channel, 'sms')));
    },

    async smsReceipt(smscId: string, state: 'DELIVERED' | 'FAILED'): Promise<boolean> {
      const pattern = `% ${smscId.replace(/[\\%_]/g, (c) => `\\${c}`)} %`;
      const rows = await db
        .update(outboxMessages)
        .set({ smsState: state })
        .where(and(eq(outboxMessages.channel, 'sms'), ne(outboxMessages.smsState, 'FAILED'), sql`(' ' || ${outboxMessages.smscIds} || ' ') like ${pattern} escape '\\'`))
        .returning({ id: outboxMessages.id });
      return rows.length > 0;
    },

    async sendEmail(message: EmailMessage): Promise<SentMessage> {
      if (!Array.isArray(message.to) || message.to.length === 0 || !message.to.every(nonEmpty)) throw new Error('outbox: an e-mail needs at least one address');
      if (typeof message.subject !== 'string' || typeof message.text !== 'string') throw new Error('outbox: an e-mail needs a subject and a text');
      const attachments = (message.attachments ?? []).map((a, i) => {
        if (!nonEmpty(a.filename) || !nonEmpty(a.contentType)) throw new Error(`outbox: attachment ${i} needs a file name and a content type`);
        if (typeof a.contentBase64 !== 'string') throw new Error(`outbox: attachment ${i} has no content`);
        const bytes = Buffer.from(a.contentBase64, 'base64');
        if (bytes.toString('base64') !== a.contentBase64) throw new Error(`outbox: attachment ${i} is not canonical base64`);
        return { filename: a.filename, contentType: a.contentType, bytes };
      });
      return store('email', message.to, message.subject, message.text, message.html ?? null, attachments);
    },

    async list(query = {}): Promise<PgOutboxMessage[]> {
      const requested = Math.trunc(query.limit ?? DEFAULT_LIMIT);
      const limit = Math.min(MAX_LIMIT, Math.max(1, Number.isFinite(requested) ? requested : 1));
      const rows = await db
        .select()
        .from(outboxMessages)
        .where(query.channel ? eq(outboxMessages.channel, query.channel) : undefined)
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.seq))
        .limit(limit);
      return rows.map(toMessage);
    },

    async removeBefore(before: number): Promise<number> {
      // Attachments go with their message (ON DELETE CASCADE).
      const rows = await db.delete(outboxMessages).where(lt(outboxMessages.createdAt, before)).returning({ id: outboxMessages.id });
      return rows.length;
    },

    async get(id: string): Promise<PgOutboxMessageWithContent | null> {
      const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
      if (!row) return null;
      const parts = await db.select().from(outboxAttachments).where(eq(outboxAttachments.messageId, id)).orderBy(asc(outboxAttachments.position));
      const contents = new Map(parts.map((a) => [a.position, a.content] as const));
      const message = toMessage(row);
      return {
        ...message,
        attachments: message.attachments.map((meta, position) => {
          const content = contents.get(position);
          if (!content) throw new Error(`outbox: message ${id} lost attachment ${position}`);
          return { ...meta, contentBase64: content.toString('base64') };
        }),
      };
    },
  };
}
