import { sql } from 'drizzle-orm';
import { blob, check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export type OutboxChannel = 'sms' | 'email';

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
