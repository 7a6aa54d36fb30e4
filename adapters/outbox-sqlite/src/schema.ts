import { sql } from 'drizzle-orm';
import { blob, check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export type OutboxChannel = 'sms' | 'email';
/**
 * An SMS's way through a gateway (SMPP): SENDING while the SMSC is asked, SENT with its ids,
 * then DELIVERED or FAILED by the receipts; UNCERTAIN when the answer was lost (never sent again);
 * UNSENT when it could not be handed over. Null: kept here only (the local installation).
 */
export type SmsState = 'SENDING' | 'SENT' | 'DELIVERED' | 'FAILED' | 'UNCERTAIN' | 'UNSENT';

/** What a listing shows of an attachment; the bytes live in outbox_attachments. */
export interface OutboxAttachmentMeta {
  readonly filename: string;
  readonly contentType: string;
  /** Decoded size in bytes. */
  readonly size: number;
}

/**
 * One accepted message. `seq` orders messages accepted within the same clock millisecond; `id` is
 * the unguessable id the sender answered with. Recipients and attachment metadata are JSON so that
 * a listing reads one row per message.
 */
export const outboxMessages = sqliteTable(
  'outbox_messages',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    id: text('id').notNull().unique(),
    channel: text('channel').$type<OutboxChannel>().notNull(),
    recipients: text('recipients', { mode: 'json' }).$type<readonly string[]>().notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    attachments: text('attachments', { mode: 'json' }).$type<readonly OutboxAttachmentMeta[]>().notNull(),
    createdAt: integer('created_at').notNull(),
    smsState: text('sms_state').$type<SmsState>(),
    /** The SMSC's ids of the parts, space-separated. */
    smscIds: text('smsc_ids'),
  },
  (t) => [
    index('outbox_messages_created').on(t.createdAt, t.seq),
    check('outbox_messages_channel', sql`${t.channel} in ('sms', 'email')`),
  ],
);

/** Attachment bytes, apart from the message rows so that listing never reads them. */
export const outboxAttachments = sqliteTable(
  'outbox_attachments',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => outboxMessages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    content: blob('content', { mode: 'buffer' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.position] })],
);
