// `npm run bench:webhooks` (issue 36): 1,000 declarations finished in a burst, each announced to two
// insurers' systems (2,000 webhook deliveries in the SQLite store the embedded server uses), sent by
// the server's own worker (signed by the Standard Webhooks library, over loopback HTTP) to two
// receivers that verify every signature — one of them down (503) for the first minute. Prints the
// delivery time from the finish to the receiver's acknowledgement, p50/p99 per receiver, the attempts,
// and what was lost or taken twice as new (both must be 0).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, log, ensureBenchPrerequisites } from './lib/bootstrap.mjs';
import { build } from './build.mjs';
import { ensureLtsNode } from './lib/runtime.mjs';

await ensureLtsNode();
ensureBenchPrerequisites();

const DECLARATIONS = Number(process.env.BENCH_WEBHOOKS_DECLARATIONS ?? 1000);
const DOWN_MS = Number(process.env.BENCH_WEBHOOKS_DOWN_MS ?? 60_000);
const percentile = (v, p) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor((p / 100) * v.length))];
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;

build();
const server = (path) => import(pathToFileURL(join(ROOT, 'apps/server/dist', path)).href);
const { WebhookWorker } = await server('insurers/webhook-worker.js');
const { webhookSender } = await server('insurers/webhook-sender.js');
const { NodeCredentials } = await server('insurers/credentials.js');
const { announceFinished } = await import('@eid/accounts');
const { openDatabase, SqliteInsurerStore } = await import('@eid/adapter-storage-sqlite');
const { SystemClock, CryptoIds } = await import('@eid/adapter-system');
const { InsurerPeer, submittedDeclaration } = await import('@eid/test-fixtures');

const dir = mkdtempSync(join(tmpdir(), 'eid-bench-webhooks-'));
const opened = openDatabase(join(dir, 'eid.db'));
const store = new SqliteInsurerStore(opened.db);
const clock = new SystemClock();
const ids = new CryptoIds();
const credentials = new NodeCredentials('a bench installation secret, long enough for its key');
const up = await InsurerPeer.start();
const down = await InsurerPeer.start();
for (const [insurerId, peer] of [[1, up], [2, down]]) {
  const secret = credentials.newWebhookSecret();
  peer.secret = secret;
  await store.addClient({ id: `ic_bench${insurerId}000000000000`, insurerId, name: `bench ${insurerId}`, webhookUrl: peer.url, secretHash: credentials.hashSecret('x'), webhookKeySealed: credentials.seal(secret), previousWebhookKeySealed: null, createdAt: clock.now(), rotatedAt: null, revokedAt: null });
}
const worker = new WebhookWorker({ store, openSecret: (sealed) => credentials.open(sealed), send: webhookSender([up.hostPort, down.hostPort]), clock, log: () => {} });
const links = { declaration: (id) => `http://127.0.0.1/serveris/insurers/v1/declarations/${id}`, file: (id, f) => `http://127.0.0.1/x/${id}/${f}` };

// As on a node: the worker every second, and kicked after each declaration is finished.
const kick = () => void worker.runOnce().catch((e) => log(`webhooks failed: ${e}`));
const timer = setInterval(kick, 1000);
down.down = true;
const started = Date.now();
setTimeout(() => (down.down = false), DOWN_MS).unref();
log(`finishing ${DECLARATIONS} declarations in a burst; the second receiver is down for ${s(DOWN_MS)} ...`);
const finishedAt = new Map();
for (let i = 0; i < DECLARATIONS; i += 1) {
  const d = submittedDeclaration(`decl-bench-${String(i).padStart(5, '0')}`);
  const at = clock.now();
  finishedAt.set(d.id, at);
  await announceFinished({ store, ids, links }, d, at);
  kick();
}
const burstMs = Date.now() - started;
const deadline = started + DOWN_MS + 5 * 60_000;
while ((up.received.length < DECLARATIONS || down.received.length < DECLARATIONS) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
clearInterval(timer);
await worker.idle();

const times = (peer) => peer.received.map((r) => r.receivedAt - finishedAt.get(r.payload.data.id));
const page = await store.deliveries({ limit: 10_000, offset: 0 });
const attempts = page.deliveries.reduce((n, d) => n + d.attempts, 0);
const lost = 2 * DECLARATIONS - up.received.length - down.received.length;
// A delivery acknowledged and sent again comes with its id (a repeat, not new); "new twice" would be one declaration under two ids.
const newTwice = [up, down].reduce((n, peer) => n + peer.received.length - new Set(peer.received.map((r) => r.payload.data.id)).size, 0);
const repeats = up.repeats + down.repeats;
console.log('');
console.log(`bench:webhooks — ${DECLARATIONS} declarations finished in ${s(burstMs)}, ${2 * DECLARATIONS} deliveries, ${attempts} attempts`);
for (const [name, peer] of [['receiver up', up], [`receiver down for the first ${s(DOWN_MS)}`, down]]) {
  const t = times(peer);
  console.log(`  ${name}: ${peer.received.length} taken, finish → acknowledged p50 ${s(percentile(t, 50))}, p99 ${s(percentile(t, 99))}, max ${s(Math.max(...t))}; answered 503 ${peer.missed} times; refused signatures ${peer.refused.length}`);
}
console.log(`  lost: ${lost} (goal 0); taken twice as new: ${newTwice} (goal 0); sent again with their id: ${repeats}; states: ${JSON.stringify(Object.fromEntries(['PENDING', 'DELIVERED', 'FAILED'].map((st) => [st, page.deliveries.filter((d) => d.state === st).length])))}`);
await up.close();
await down.close();
opened.close();
rmSync(dir, { recursive: true, force: true });
if (lost !== 0 || newTwice !== 0 || up.refused.length + down.refused.length !== 0) {
  console.error('bench:webhooks: a delivery was lost, taken twice or did not verify');
  process.exit(1);
}
