// `npm run bench:store`: the SQLite declaration store alone, on a file as the node keeps it (WAL,
// synchronous=FULL, under test-results/ on the project's disk: a tmpfs /tmp would make its fsync free):
// 2,000 declarations, then commits of saves (a text edit each, with its change note and plate keys) and
// heartbeats' touches, half and half, as the hub's group commit hands them over. Prints µs per write (a
// save or a touch) at several writes per commit (bench:hub saw 10-30 at N = 2,000), after a warm-up, so a
// change to the store's hot path is measured without the noise of 4,000 sockets on the same cores. The
// declarations are blank ones: a filled declaration's document (several KiB) costs more per save.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, log, ensureBenchPrerequisites } from './lib/bootstrap.mjs';
import { build } from './build.mjs';
import { ensureLtsNode } from './lib/runtime.mjs';

// Measured on the pinned LTS Node the service runs on (scripts/lib/runtime.mjs).
await ensureLtsNode();
ensureBenchPrerequisites();
build();
const { storedDeclaration } = await import('@eid/test-fixtures');
const { openDatabase, SqliteDeclarationStore } = await import('@eid/adapter-storage-sqlite');

const DECLARATIONS = 2000;
/** Writes per commit: each half saves, half touches. */
const BATCHES = (process.env.BENCH_STORE_BATCHES ?? '2,10,34,100').split(',').map(Number);
const OPS = Number(process.env.BENCH_STORE_OPS ?? 6000);

log(`bench:store: ${DECLARATIONS} declarations in a SQLite file, ${OPS} saves and as many touches per size of commit`);
mkdirSync(join(ROOT, 'test-results'), { recursive: true });
const dir = mkdtempSync(join(ROOT, 'test-results', 'bench-store-'));
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
    const pairs = batch / 2;
    const commit = async (round) => {
      const calls = [];
      for (let j = 0; j < pairs; j++) {
        const i = (round * pairs + j) % DECLARATIONS;
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
    };
    const rounds = Math.ceil(OPS / pairs);
    // A warm-up the figure leaves out (the JIT, SQLite's page cache).
    for (let round = 0; round < Math.ceil(rounds / 10); round++) await commit(round);
    const started = process.hrtime.bigint();
    for (let round = 0; round < rounds; round++) await commit(round);
    const us = Number(process.hrtime.bigint() - started) / 1000 / (rounds * batch);
    process.stdout.write(`store_${batch}_writes_per_commit_us_per_write=${us.toFixed(0)}\n`);
    opened.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
