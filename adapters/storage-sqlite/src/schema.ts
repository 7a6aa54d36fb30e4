import { sqliteTable, text, integer } from 'drizzle-orm/sqlite-core';

/**
 * Facts about this installation that must survive restarts: the schema generation the
 * data was written with and when the process last started. Declarations, outboxes and
 * the registry get their own tables in later migrations.
 */
export const appMeta = sqliteTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: integer('updated_at').notNull(),
});
