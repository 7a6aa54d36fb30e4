// `npm run bench:hub`: N live declarations, two WebSocket clients each (drivers A and B), on the
// built server over loopback. Each driver saves an edit every ~2 s (a driver typing, with the
// wizard's debounced saves); the other driver's device measures how long the change took to arrive.
// Prints per N: propagation p50/p99, ack p99, server RSS per declaration; then the largest N whose
// propagation p99 stays under 50 ms. Goals (issue 3): p99 < 50 ms at N = 100, N >= 300 on 2 cores.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { log } from './lib/bootstrap.mjs';
import { build } from './build.mjs';
import { startBuiltServer, stopServer } from './lib/server.mjs';

const require = createRequire(import.meta.url);
const WebSocket = require('ws');

const STEPS = (process.env.BENCH_HUB_STEPS ?? '50,100,200,300,500,800').split(',').map(Number);
const EDIT_INTERVAL_MS = Number(process.env.BENCH_HUB_EDIT_INTERVAL_MS ?? 2000);
const MEASURE_MS = Number(process.env.BENCH_HUB_MEASURE_MS ?? 10_000);
const GOAL_P99_MS = 50;
const PORT = Number(process.env.BENCH_HUB_PORT ?? 18190);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const URL = `ws://127.0.0.1:${PORT}/serveris/ws-interface`;
const VILNIUS = { latitude: 54.6872, longitude: 25.2797, accuracy: 15 };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

class Client {
  constructor(socket) {
    this.socket = socket;
    this.nextId = 1;
    this.pending = new Map();
    this.onChanged = null;
    socket.on('message', (data) => {
      const m = JSON.parse(data.toString());
      if (m.t === 'result' && this.pending.has(m.id)) {
        this.pending.get(m.id)(m);
        this.pending.delete(m.id);
      } else if (m.t === 'changed' && this.onChanged) this.onChanged(m);
    });
  }
  static open() {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(URL, { origin: ORIGIN });
      socket.once('open', () => resolve(new Client(socket)));
      socket.once('error', reject);
    });
  }
  request(message) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.socket.send(JSON.stringify({ ...message, id }));
    });
  }
  close() {
    this.socket.close();
  }
}

const blankPlates = { country: 'LT', plate: '', vin: '', trailerPlate: '', hasTrailer: false, noPlate: false };

/** A: a vehicle without a plate (matched by VIN), B: a foreign-registered one; no registry needed. */
function platesOf(run, i) {
  const vin = `BNCH${String(run).padStart(3, '0')}${String(i).padStart(6, '0')}X`;
  return {
    a: { ...blankPlates, noPlate: true, vin },
    b: { ...blankPlates, country: 'PL', plate: `PL${String(run).padStart(2, '0')}${String(i).padStart(5, '0')}` },
  };
}

async function openPair(run, i) {
  const { a: pa, b: pb } = platesOf(run, i);
  const a = await Client.open();
  const b = await Client.open();
  const base = { t: 'connect', mode: 'live', location: VILNIUS, fillLang: 'lt' };
  const ra = await a.request({ ...base, plates: { A: pa, B: pb } });
  if (!ra.ok) throw new Error(`A connect refused: ${ra.code}`);
  const rb = await b.request({ ...base, plates: { A: pb, B: pa } });
  if (!rb.ok) throw new Error(`B connect refused: ${rb.code}`);
  return [a, b];
}

async function step(run, n, serverPid) {
  await sleep(300);
  const before = rssMb(serverPid);
  const pairs = [];
  for (let i = 0; i < n; i += 20) {
    const batch = await Promise.all(Array.from({ length: Math.min(20, n - i) }, (_, k) => openPair(run, i + k)));
    pairs.push(...batch);
  }
  await sleep(500);
  const after = rssMb(serverPid);

  const sentAt = new Map();
  const propagation = [];
  const acks = [];
  let seq = 0;
  let stop = false;
  for (const [a, b] of pairs) {
    for (const [from, to] of [
      [a, b],
      [b, a],
    ]) {
      to.onChanged = (m) => {
        const text = from === a ? m.declaration?.parties?.A?.comment : m.declaration?.parties?.B?.comment;
        const t0 = sentAt.get(text);
        if (t0 !== undefined && m.kind === 'DATA') {
          propagation.push(performance.now() - t0);
          sentAt.delete(text);
        }
      };
    }
  }
  const drive = async (client) => {
    await sleep(Math.random() * EDIT_INTERVAL_MS);
    while (!stop) {
      const text = `edit-${seq++}`;
      const t0 = performance.now();
      sentAt.set(text, t0);
      const r = await client.request({ t: 'call', op: 'eid-comment', p: { text } });
      if (r.ok) acks.push(performance.now() - t0);
      await sleep(EDIT_INTERVAL_MS * (0.5 + Math.random()));
    }
  };
  const drivers = pairs.flatMap(([a, b]) => [drive(a), drive(b)]);
  await sleep(MEASURE_MS);
  stop = true;
  await Promise.all(drivers);
  for (const [a, b] of pairs) {
    a.close();
    b.close();
  }
  await sleep(300);
  return {
    n,
    edits: acks.length,
    propagation_p50_ms: percentile(propagation, 50),
    propagation_p99_ms: percentile(propagation, 99),
    ack_p99_ms: percentile(acks, 99),
    rss_mb_per_declaration: (after - before) / n,
  };
}

async function main() {
  build();
  log(`bench:hub on ${URL}: edit every ~${EDIT_INTERVAL_MS} ms per driver, ${MEASURE_MS} ms per step, a fresh server per step`);
  const rows = [];
  for (const [run, n] of STEPS.entries()) {
    // A fresh server and database per step: the memory of one step's closed pairs does not blur the next.
    const dataDir = mkdtempSync(join(tmpdir(), 'eid-bench-hub-'));
    const server = await startBuiltServer({ port: PORT, dataDir });
    try {
      const row = await step(run, n, server.pid);
      rows.push(row);
      process.stdout.write(
        `N=${String(n).padStart(4)}  edits=${String(row.edits).padStart(6)}  propagation_p50_ms=${row.propagation_p50_ms.toFixed(1)}  ` +
          `propagation_p99_ms=${row.propagation_p99_ms.toFixed(1)}  ack_p99_ms=${row.ack_p99_ms.toFixed(1)}  ` +
          `rss_mb_per_declaration=${row.rss_mb_per_declaration.toFixed(3)}\n`,
      );
    } finally {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const ok = rows.filter((r) => r.propagation_p99_ms < GOAL_P99_MS);
  const largest = ok.length ? Math.max(...ok.map((r) => r.n)) : 0;
  const at100 = rows.find((r) => r.n === 100);
  process.stdout.write(`\nlargest_n_with_propagation_p99_under_${GOAL_P99_MS}ms=${largest} (largest N tried: ${Math.max(...STEPS)})\n`);
  if (at100) process.stdout.write(`goal p99<50ms at N=100: ${at100.propagation_p99_ms < GOAL_P99_MS ? 'met' : 'NOT met'} (${at100.propagation_p99_ms.toFixed(1)} ms, ratio ${(at100.propagation_p99_ms / GOAL_P99_MS).toFixed(2)})\n`);
  process.stdout.write(`goal N>=300: ${largest >= 300 ? 'met' : 'NOT met'} (ratio ${(largest / 300).toFixed(2)})\n`);
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
