import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @eid/adapter-outbox-sqlite` writes a new SQL migration into ./drizzle
// after a change to src/schema.ts. The outbox keeps its own migrations table so that it can share
// one SQLite file with the other adapters without their migration histories colliding.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/schema.ts',
  out: './drizzle',
  migrations: { table: '__eid_outbox_migrations' },
});
