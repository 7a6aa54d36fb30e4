import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @eid/adapter-storage-postgres` writes a new SQL migration into
// ./drizzle after a change to src/schema.ts. Migrations are committed and applied at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './drizzle',
});
