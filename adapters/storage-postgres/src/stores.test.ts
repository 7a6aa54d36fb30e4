import { afterAll, beforeAll, describe, inject } from 'vitest';
import {
  accountFixture,
  registerAccountStoreContract,
  registerChatStoreContract,
  registerStaffStoreContract,
  registerInsurerStoreContract,
  registerBureauRecordsContract,
  registerDeclarationStoreContract,
  registerExpiringStoreContract,
  registerOutputStoreContract,
} from '@eid/test-fixtures';
import { PgAccountStore } from './account-store.adapter.js';
import { PgBureauRecords } from './bureau-records.adapter.js';
import { PgChatStore } from './chat-store.adapter.js';
import { PgStaffStore } from './staff-store.adapter.js';
import { PgInsurerStore } from './insurer-store.adapter.js';
import { sql } from 'drizzle-orm';
import { PgDeclarationStore } from './declaration-store.adapter.js';
import { PgExpiringStore } from './expiring-store.adapter.js';
import { PgOutputStore } from './output-store.adapter.js';
import { testDatabase } from './testing.js';

let database: Awaited<ReturnType<typeof testDatabase>>;
beforeAll(async () => {
  database = await testDatabase(inject('postgresUrl'));
});
afterAll(() => database.dispose());

registerDeclarationStoreContract('postgresql', async () => {
  const opened = await database.open();
  return { store: new PgDeclarationStore(opened), close: () => opened.close() };
});

registerOutputStoreContract('postgresql', async () => {
  const opened = await database.open();
  return { output: new PgOutputStore(opened.db), close: () => opened.close() };
});

registerExpiringStoreContract('postgresql', async (clock) => {
  const opened = await database.open();
  return { store: new PgExpiringStore(opened.db, clock), close: () => opened.close() };
});

registerAccountStoreContract('postgresql', async () => {
  const opened = await database.open();
  return { store: new PgAccountStore(opened.db), close: () => opened.close() };
});

registerBureauRecordsContract('postgresql', async () => {
  const opened = await database.open();
  return { store: new PgBureauRecords(opened.db), close: () => opened.close() };
});

describe('[CH1] [CH2] [CH3] [CH5] the chats kept', () => {
  registerChatStoreContract('postgresql', async () => {
    const opened = await database.open();
    const accounts = new PgAccountStore(opened.db);
    return { store: new PgChatStore(opened.db), account: (id) => accounts.createAccount(accountFixture(id, `${id}@example.lt`)), close: () => opened.close() };
  });
});

describe('[SF1] [SF3] [SF4] [AL1] [AL2] [AL3] the staff and the audit log', () => {
  registerStaffStoreContract('postgresql', async () => {
    const opened = await database.open();
    return { store: new PgStaffStore(opened.db), rewriteAudit: () => opened.db.execute(sql`update audit_log set subject = 'forged'`), close: () => opened.close() };
  });
});

describe('the insurers\' clients and feeds', () => {
  registerInsurerStoreContract('postgresql', async () => {
    const opened = await database.open();
    return { store: new PgInsurerStore(opened.db), close: () => opened.close() };
  });
});
