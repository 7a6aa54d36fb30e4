import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { accountFixture, claimFixture, registerClaimStoreContract } from '@eid/test-fixtures';
import { PgAccountStore } from './account-store.adapter.js';
import { PgClaimStore } from './claim-store.adapter.js';
import { testDatabase } from './testing.js';

let database: Awaited<ReturnType<typeof testDatabase>>;
beforeAll(async () => {
  database = await testDatabase(inject('postgresUrl'));
});
afterAll(() => database.dispose());

describe('[UE9] the claims kept', () => {
  registerClaimStoreContract('postgresql', async () => {
    const opened = await database.open();
    const accounts = new PgAccountStore(opened.db);
    return { store: new PgClaimStore(opened.db), account: (id) => accounts.createAccount(accountFixture(id, `${id}@example.lt`)), close: () => opened.close() };
  });

  it("an account's claims go with the account", async () => {
    const opened = await database.open();
    try {
      await new PgAccountStore(opened.db).createAccount(accountFixture('acc-1', 'acc-1@example.lt'));
      const store = new PgClaimStore(opened.db);
      await store.create(claimFixture('claim-a-0000000001', 'acc-1'));
      await expect(store.create(claimFixture('claim-x-0000000001', 'no-such-account'))).rejects.toThrow();
      await opened.db.execute(sql`delete from accounts where id = 'acc-1'`);
      expect(await store.ofAccount('acc-1')).toEqual([]);
      expect(await store.get('claim-a-0000000001')).toBeNull();
    } finally {
      await opened.close();
    }
  });
});
