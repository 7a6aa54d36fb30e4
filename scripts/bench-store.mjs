// `npm run bench:store`: the SQLite declaration store alone, on a file as the node keeps it (WAL,
// synchronous=FULL): 2,000 declarations, then batches of saves (a text edit each, with its change
// note and plate keys) and heartbeats' touches as the hub's group commit hands them over. Prints µs
// per save and touch at several batch sizes (bench:hub saw 10-30 per commit at N = 2,000), so a
// change to the store's hot path is measured without the noise of 4,000 sockets on the same cores.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { log } from './lib/bootstrap.mjs';
import { build } from './build.mjs';
import { ensureLtsNode } from './lib/runtime.mjs';

// Measured on the pinned LTS Node the service runs on (scripts/lib/runtime.mjs).
await ensureLtsNode();
build();
const { storedDeclaration } = await import('@eid/test-fixtures');
const { openDatabase, SqliteDeclarationStore } = await import('@eid/adapter-storage-sqlite');

const DECLARATIONS = 2000;
const BATCHES = (process.env.BENCH_STORE_BATCHES ?? '1,5,17,50').split(',').map(Number);
const OPS = Number(process.env.BENCH_STORE_OPS ?? 6000);

log(`bench:store: ${DECLARATIONS} declarations in a SQLite file, ${OPS} saves and as many touches per batch size`);
const dir = mkdtempSync(join(tmpdir(), 'eid-bench-store-'));
try {
  for (const batch of BATCHES) {
    const opened = openDatabase(join(dir, `store-${batch}.sqlite`));
    const store = new SqliteDeclarationStore(opened.db);
    const records = [];
    for (let i = 0; i < DECLARATIONS; i++) {
      const r = storedDeclaration(`d${i}`, `KL${String(i).padStart(4, '0')}`, `AB${String(i).padStart(4, '0')}`);
      await store.create(r);
      records.push(r);
    }
    const rounds = Math.ceil(OPS / batch);
    const started = process.hrtime.bigint();
    for (let round = 0; round < rounds; round++) {
      const calls = [];
      for (let j = 0; j < batch; j++) {
        const i = (round * batch + j) % DECLARATIONS;
        const r = records[i];
        const d = r.declaration;
        const after = { ...r, declaration: { ...d, version: d.version + 1, parties: { ...d.parties, A: { ...d.parties.A, comment: `edit ${round}-${j}` } } }, lastActivity: r.lastActivity + 1 };
        calls.push(
          store.save(after, d.version, { kind: 'edit', by: 'A' }).then((saved) => {
            if (!saved) throw new Error(`the save of d${i} was refused`);
            records[i] = after;
          }),
          store.touch(`d${(i + 7) % DECLARATIONS}`, 'B', Date.now()),
        );
      }
      await Promise.all(calls);
    }
    const us = Number(process.hrtime.bigint() - started) / 1000 / (rounds * batch);
    process.stdout.write(`store_batch_${batch}_us_per_save_and_touch=${us.toFixed(0)}\n`);
    opened.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
