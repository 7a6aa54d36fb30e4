import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { accountFixture, registerAccountStoreContract, registerBureauRecordsContract, registerChatStoreContract, registerInsurerStoreContract, registerStaffStoreContract } from '@eid/test-fixtures';
import { SqliteInsurerStore } from './insurer-store.adapter.js';
import { SqliteStaffStore } from './staff-store.adapter.js';
import { SqliteChatStore } from './chat-store.adapter.js';
import { SqliteBureauRecords } from './bureau-records.adapter.js';
import { openDatabase } from './database.js';
import { SqliteAccountStore } from './account-store.adapter.js';

registerAccountStoreContract('sqlite (memory)', () => {
  const opened = openDatabase(':memory:');
  return { store: new SqliteAccountStore(opened.db), close: () => opened.close() };
});

registerAccountStoreContract('sqlite (file)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eid-accounts-'));
  const opened = openDatabase(join(dir, 'eid.sqlite'));
  return {
    store: new SqliteAccountStore(opened.db),
    close: () => {
      opened.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

registerBureauRecordsContract('sqlite (memory)', () => {
  const opened = openDatabase(':memory:');
  return { store: new SqliteBureauRecords(opened.db), close: () => opened.close() };
});

describe('[CH1] [CH2] [CH3] [CH5] the chats kept', () => {
  registerChatStoreContract('sqlite (memory)', () => {
    const opened = openDatabase(':memory:');
    const accounts = new SqliteAccountStore(opened.db);
    return { store: new SqliteChatStore(opened.db), account: (id) => accounts.createAccount(accountFixture(id, `${id}@example.lt`)), close: () => opened.close() };
  });
});

describe('[SF1] [SF3] [SF4] [AL1] [AL2] [AL3] the staff and the audit log', () => {
  registerStaffStoreContract('sqlite (memory)', () => {
    const opened = openDatabase(':memory:');
    return {
      store: new SqliteStaffStore(opened.db),
      rewriteAudit: async () => opened.sqlite.prepare("update audit_log set subject = 'forged'").run(),
      close: () => opened.close(),
    };
  });
});

describe('the insurers\' clients and feeds', () => {
  registerInsurerStoreContract('sqlite (memory)', () => {
    const opened = openDatabase(':memory:');
    return { store: new SqliteInsurerStore(opened.db), close: () => opened.close() };
  });
});
