import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountFixture, claimFixture, registerClaimStoreContract } from '@eid/test-fixtures';
import { SqliteClaimStore } from './claim-store.adapter.js';
import { SqliteAccountStore } from './account-store.adapter.js';
import { openDatabase } from './database.js';

describe('[UE9] the claims kept', () => {
  registerClaimStoreContract('sqlite (memory)', () => {
    const opened = openDatabase(':memory:');
    const accounts = new SqliteAccountStore(opened.db);
    return { store: new SqliteClaimStore(opened.db), account: (id) => accounts.createAccount(accountFixture(id, `${id}@example.lt`)), close: () => opened.close() };
  });

  registerClaimStoreContract('sqlite (file)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'eid-claims-'));
    const opened = openDatabase(join(dir, 'eid.sqlite'));
    const accounts = new SqliteAccountStore(opened.db);
    return {
      store: new SqliteClaimStore(opened.db),
      account: (id) => accounts.createAccount(accountFixture(id, `${id}@example.lt`)),
      close: () => {
        opened.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });

  it("an account's claims go with the account", async () => {
    const opened = openDatabase(':memory:');
    try {
      await new SqliteAccountStore(opened.db).createAccount(accountFixture('acc-1', 'acc-1@example.lt'));
      const store = new SqliteClaimStore(opened.db);
      await store.create(claimFixture('claim-a-0000000001', 'acc-1'));
      await expect(store.create(claimFixture('claim-x-0000000001', 'no-such-account'))).rejects.toThrow();
      opened.sqlite.prepare("delete from accounts where id = 'acc-1'").run();
      expect(await store.ofAccount('acc-1')).toEqual([]);
      expect(await store.get('claim-a-0000000001')).toBeNull();
    } finally {
      opened.close();
    }
  });
});
