import { registerOutputStoreContract } from '@eid/test-fixtures';
import { openDatabase } from './database.js';
import { SqliteOutputStore } from './output-store.adapter.js';

registerOutputStoreContract('sqlite :memory:', () => {
  const opened = openDatabase(':memory:');
  return { output: new SqliteOutputStore(opened.db), close: () => opened.close() };
});
