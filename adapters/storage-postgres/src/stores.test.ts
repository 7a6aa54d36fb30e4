import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
  storedDeclaration,
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

describe('heartbeats written in batches (issue 35 item 5)', () => {
  it('two nodes writing the heartbeats of the same declarations at once, in opposite orders, are both answered: their batches never wait on each other in a circle', async () => {
    const one = await database.open();
    const two = await database.open();
    try {
      const [a, b] = [new PgDeclarationStore(one), new PgDeclarationStore(two)];
      const ids = Array.from({ length: 40 }, (_, i) => `beat-${String(i).padStart(2, '0')}`);
      for (const [i, id] of ids.entries()) await a.create(storedDeclaration(id, `KLM${100 + i}`, `ABC${100 + i}`, 10_000));
      const version = storedDeclaration('x', 'KLM100', 'ABC100').declaration.version;
      for (let round = 0; round < 25; round++) {
        const answers = await Promise.all([
          ...ids.map((id) => a.touch(id, 'A', 20_000 + round)),
          ...[...ids].reverse().map((id) => b.touch(id, 'B', 30_000 + round)),
          ...ids.filter((_, i) => i % 3 === 0).map((id) => b.touch(id, 'A', 20_000 + round)),
        ]);
        expect(answers.every((v) => v === version)).toBe(true);
      }
      for (const id of ids) {
        const now = (await b.get(id))!;
        expect({ a: now.slots.A.lastSeen, b: now.slots.B.lastSeen, activity: now.lastActivity }, id).toEqual({ a: 20_024, b: 30_024, activity: 30_024 });
      }
    } finally {
      await one.close();
      await two.close();
    }
  }, 60_000);
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
