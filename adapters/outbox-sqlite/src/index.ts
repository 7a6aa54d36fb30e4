export {
  createSqliteOutbox,
  OUTBOX_DEFAULT_LIMIT,
  OUTBOX_MAX_LIMIT,
  OUTBOX_MIGRATIONS_FOLDER,
  OUTBOX_MIGRATIONS_TABLE,
} from './outbox.adapter.js';
export type {
  OutboxAttachment,
  OutboxMessage,
  OutboxMessageWithContent,
  OutboxQuery,
  SqliteOutbox,
} from './outbox.adapter.js';
export type { OutboxAttachmentMeta, OutboxChannel } from './schema.js';
export * as outboxSchema from './schema.js';
