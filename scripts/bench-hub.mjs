// `npm run bench:hub`: N live declarations, two WebSocket clients each (drivers A and B), on the
// built server over loopback. Each driver saves an edit every ~2 s (a driver typing, with the
// wizard's debounced saves); the other driver's device measures how long the change took to arrive.
// Prints per N: propagation p50/p99, ack p99, server RSS per declaration; then the largest N whose
// propagation p99 stays under 50 ms. Goals: p99 < 50 ms at N = 100, N >= 300 (issue 3); >= 3,000 per node (issue 12).
// Then the size of what a text edit costs on the wire on a full declaration (scheme drawn, 16 photos,
// both signatures): push_bytes_p50/p99 of the frames the other device receives, answer_bytes of the
// writer's (goal, issue 12: push p99 <= 2 KiB).
// Last, a flood (issue 13): one socket pipelines 1,000 edits again and again (reconnecting when the
// server closes it) while another device on another declaration makes one call every 20 ms; prints
// that device's call p99 with and without the flood (goal < 50 ms while flooded).
// `--nodes 2` (or 3): the same across a local cluster on PostgreSQL (`npm run bench:cluster` runs both: the largest N under
// 50 ms on two nodes, goal ≥ 1,200, issue 35 item 5; the edits each node serves with two and with three).
// Each step also prints the generator's own event-loop lag (a late tick of its own is counted in what it measures).
// To look further: BENCH_HUB_TIMELINE=/tmp/tl writes each step's [sent ms, propagation ms] per edit to
// /tmp/tl-<N>-<pid>.json (where in the step the slow edits fall); BENCH_HUB_NODE_ARGS="--trace-gc" runs the
// servers (a single node's and those of `--nodes`) with those flags, their output on stderr.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { log, ensureBenchPrerequisites } from './lib/bootstrap.mjs';
import { build } from './build.mjs';
import { startBuiltServer, stopServer } from './lib/server.mjs';
import { ensureLtsNode } from './lib/runtime.mjs';

// Measured on the pinned LTS Node the service runs on (scripts/lib/runtime.mjs).
await ensureLtsNode();
ensureBenchPrerequisites();

const require = createRequire(import.meta.url);
const WebSocket = require('ws');

const STEPS = (process.env.BENCH_HUB_STEPS ?? '50,100,200,300,500,800,1200,2000,3000').split(',').map(Number);
const EDIT_INTERVAL_MS = Number(process.env.BENCH_HUB_EDIT_INTERVAL_MS ?? 2000);
const MEASURE_MS = Number(process.env.BENCH_HUB_MEASURE_MS ?? 10_000);
const GOAL_P99_MS = 50;
const PORT = Number(process.env.BENCH_HUB_PORT ?? 18190);
const URL = `ws://127.0.0.1:${PORT}/serveris/ws-interface`;
const VILNIUS = { latitude: 54.6872, longitude: 25.2797, accuracy: 15 };
/** Every bench socket comes from 127.0.0.1: the per-address cap is raised for it, and the connects' proof of work is off (this measures the hub, not the phones' PBKDF2). */
const BENCH_ENV = { EID_MAX_CONNECTIONS_PER_IP: '100000', EID_MAX_CONNECTIONS: '100000', EID_CAPTCHA: 'off' };
/** BENCH_HUB_NODE_ARGS="--trace-gc" (or a profiler's flags, separated by spaces): the servers run with those flags, their output on stderr. */
const NODE_ARGS = (process.env.BENCH_HUB_NODE_ARGS ?? '').split(' ').filter(Boolean);
const NODE_OUTPUT = NODE_ARGS.length > 0 ? process.stderr : 'ignore';
const FLOOD_MS = Number(process.env.BENCH_HUB_FLOOD_MS ?? 10_000);
/** The web app's heartbeat period (HEARTBEAT_INTERVAL_MS of the domain). */
const HEARTBEAT_MS = 2000;

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
    this.onFrame = null;
    socket.on('message', (data) => {
      const text = data.toString();
      const m = JSON.parse(text);
      this.onFrame?.(m, Buffer.byteLength(text));
      if (m.t === 'result' && this.pending.has(m.id)) {
        this.pending.get(m.id)(m);
        this.pending.delete(m.id);
      } else if (m.t === 'changed' && this.onChanged) this.onChanged(m);
    });
  }
  /** The next frame this client receives that matches `test`. */
  next(test) {
    return new Promise((resolve) => {
      const previous = this.onFrame;
      this.onFrame = (m, bytes) => {
        previous?.(m, bytes);
        if (test(m)) {
          this.onFrame = previous;
          resolve(m);
        }
      };
    });
  }
  static open(url = URL) {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { origin: url.replace(/^ws/, 'http').replace(/\/serveris\/ws-interface$/, '') });
      socket.once('open', () => resolve(new Client(socket)));
      socket.once('error', reject);
      // A socket the server turns away: said at once (a bench that cannot measure fails loudly).
      socket.once('unexpected-response', (_req, res) => reject(new Error(`socket refused: HTTP ${res.statusCode}`)));
    });
  }
  request(message, timeoutMs = 30_000) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`no answer in ${timeoutMs} ms to ${message.t}${message.op ? ` ${message.op}` : ''} (socket ${this.socket.readyState === 1 ? 'open' : 'closed'})`));
      }, timeoutMs);
      this.pending.set(id, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
      this.socket.send(JSON.stringify({ ...message, id }));
    });
  }
  /** A request that waits and tries again when the server says TOO_MANY_CALLS, as the web app's connection does. */
  async patient(message) {
    for (;;) {
      const r = await this.request(message);
      if (r.ok || r.code !== 'TOO_MANY_CALLS') return r;
      await sleep(r.retryAfterMs ?? 100);
    }
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

/**
 * A pair of drivers. With several nodes the pairs go round them, A on one node and B on the next: pair i's A on
 * node i mod count, its B on node i + 1 mod count, so every edit crosses nodes and every node serves as many devices.
 */
async function openPair(run, i, urls = [URL]) {
  const { a: pa, b: pb } = platesOf(run, i);
  const nodeA = i % urls.length;
  const nodeB = (i + 1) % urls.length;
  const a = await Client.open(urls[nodeA]);
  const b = await Client.open(urls[nodeB]);
  a.node = nodeA;
  b.node = nodeB;
  const base = { t: 'connect', protocol: PROTOCOL_VERSION, mode: 'live', location: VILNIUS, fillLang: 'lt' };
  const ra = await a.request({ ...base, plates: { A: pa, B: pb } });
  if (!ra.ok) throw new Error(`A connect refused: ${ra.code}`);
  // B asks to join; A confirms the code B's screen shows (issue 13).
  const asked = b.next((m) => m.t === 'admission');
  const joined = b.request({ ...base, plates: { A: pb, B: pa } });
  // B's connect refused before it asks (a limit): said at once, not waited for for ever.
  const first = await Promise.race([asked, joined.then((r) => ({ refused: r }))]);
  if ('refused' in first) throw new Error(`B join refused before asking: ${first.refused.code ?? JSON.stringify(first.refused)}`);
  const { code } = first;
  const yes = await a.request({ t: 'call', op: 'answer-join', p: { code, accept: true } });
  if (!yes.ok) throw new Error(`answer-join refused: ${yes.code}`);
  const rb = await joined;
  if (!rb.ok) throw new Error(`B connect refused: ${rb.code}`);
  a.session = ra.r;
  return [a, b];
}

async function step(run, n, serverPid, urls) {
  await sleep(300);
  const before = rssMb(serverPid);
  /** Devices the server let go during the step. */
  const lost = new Set();
  let stop = false;
  let measuring = false;
  // Each device keeps its seat as the web app does: a heartbeat every 2 s (HEARTBEAT_INTERVAL_MS) from the moment it is
  // seated, which the server writes (issue 35 item 4: its cost is in these figures, and timed apart during the measure).
  // Begun only after the whole set-up, the first pairs of a large step sat silent past the server's EID_WS_SILENT_MS
  // (6 s) and were dropped: at N = 800 the set-up takes 6.4 s, and 130 devices were "lost" that a phone would have kept.
  const heartbeats = [];
  const beat = async (client) => {
    await sleep(Math.random() * HEARTBEAT_MS);
    while (!stop) {
      const t0 = performance.now();
      const r = await client.request({ t: 'call', op: 'custom-heartbeat' }).catch(() => null);
      if (r === null) {
        lost.add(client);
        return;
      }
      if (r.ok && measuring) heartbeats.push(performance.now() - t0);
      await sleep(HEARTBEAT_MS);
    }
  };
  const beating = [];
  const setUpStarted = performance.now();
  const pairs = [];
  try {
    for (let i = 0; i < n; i += 20) {
      const batch = await Promise.all(Array.from({ length: Math.min(20, n - i) }, (_, k) => openPair(run, i + k, urls)));
      for (const [a, b] of batch) beating.push(beat(a), beat(b));
      pairs.push(...batch);
    }
  } catch (error) {
    // A set-up that fails (a refusal, a server gone) stops the heartbeats begun, so the bench ends with its error.
    stop = true;
    throw error;
  }
  const setUpS = (performance.now() - setUpStarted) / 1000;
  await sleep(500);
  const after = rssMb(serverPid);

  const sentAt = new Map();
  const propagation = [];
  /** [sent, propagation ms] per edit, for BENCH_HUB_TIMELINE (where in the step the slow edits fall). */
  const timeline = [];
  const measureStart = performance.now();
  const acks = [];
  /** Edits answered per node (the node of the device that made them). */
  const served = Array.from({ length: urls?.length ?? 1 }, () => 0);
  let seq = 0;
  for (const [a, b] of pairs) {
    for (const to of [a, b]) {
      // The edit's text as it arrives, in a whole view or in a delta: whatever the frame's shape.
      to.onChanged = (m) => {
        const text = /"(edit-\d+)"/.exec(JSON.stringify(m))?.[1];
        const t0 = text === undefined ? undefined : sentAt.get(text);
        if (t0 !== undefined && m.kind === 'DATA') {
          propagation.push(performance.now() - t0);
          timeline.push([Math.round(t0 - measureStart), Math.round(performance.now() - t0)]);
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
      const r = await client.patient({ t: 'call', op: 'eid-comment', p: { text } }).catch(() => null);
      // The server let the device go (its answers came too late: the node is past what it holds).
      if (r === null) {
        lost.add(client);
        return;
      }
      if (r.ok) {
        acks.push(performance.now() - t0);
        served[client.node ?? 0] += 1;
      }
      await sleep(EDIT_INTERVAL_MS * (0.5 + Math.random()));
    }
  };
  measuring = true;
  // The generator's own event loop: a late tick of its own is counted in the figures it measures.
  const ownLag = monitorEventLoopDelay({ resolution: 10 });
  ownLag.enable();
  const drivers = pairs.flatMap(([a, b]) => [drive(a), drive(b)]);
  await sleep(MEASURE_MS);
  ownLag.disable();
  stop = true;
  await Promise.all([...drivers, ...beating]);
  for (const [a, b] of pairs) {
    a.close();
    b.close();
  }
  await sleep(300);
  if (process.env.BENCH_HUB_TIMELINE) writeFileSync(`${process.env.BENCH_HUB_TIMELINE}-${n}-${serverPid}.json`, JSON.stringify(timeline));
  return {
    n,
    edits: acks.length,
    propagation_p50_ms: percentile(propagation, 50),
    propagation_p99_ms: percentile(propagation, 99),
    ack_p99_ms: percentile(acks, 99),
    heartbeats: heartbeats.length,
    lost_devices: lost.size,
    heartbeat_p99_ms: percentile(heartbeats, 99),
    rss_mb_per_declaration: (after - before) / n,
    set_up_s: setUpS,
    edits_per_s_per_node: served.map((count) => count / (MEASURE_MS / 1000)),
    generator_lag_p99_ms: Math.max(0, ownLag.percentile(99) / 1e6 - 10),
    generator_lag_max_ms: Math.max(0, ownLag.max / 1e6 - 10),
  };
}

/** A drawn scheme as the editor saves it: a template, both vehicles, three free-hand lines. */
function drawnScheme() {
  const line = (k) => Array.from({ length: 120 }, (_, i) => Math.round(200 + k * 90 + i * 3 + Math.sin(i / 7) * 40));
  return JSON.stringify({
    template: 'straight',
    vehicles: { A: { x: 310, y: 402, rotation: 90, colour: '#1f77b4' }, B: { x: 655, y: 388, rotation: 270, colour: '#d62728' } },
    lines: [line(0), line(1), line(2)],
  });
}

/** Fills a declaration as two drivers would by the end: contacts, data, 16 photos, scheme, signatures. */
async function fillFull(a, b) {
  const must = async (client, op, p) => {
    const r = await client.patient({ t: 'call', op, p });
    if (!r.ok) throw new Error(`${op} refused: ${r.code}`);
  };
  for (const [client, party, who] of [
    [a, 'A', { name: 'Jonas', surname: 'Petraitis', tel: '+37061234567', email: 'jonas.petraitis@example.lt' }],
    [b, 'B', { name: 'Ona', surname: 'Kazlauskienė', tel: '+37068765432', email: 'ona.kazlauskiene@example.lt' }],
  ]) {
    for (const [name, value] of Object.entries(who)) await must(client, 'set-partial-driver-data', { name, value });
    await must(client, 'set-partial-driver-data', { name: 'dob', value: '1985-04-12' });
    await must(client, 'set-partial-driver-data', {
      name: 'address',
      value: { value: `Gedimino pr. ${party === 'A' ? 1 : 9}, Vilnius`, aob: 155_000_000 + (party === 'A' ? 1 : 9), pat: null, needPat: false },
    });
    await must(client, 'witnesses', { witnesses: [{ name: 'Petras', surname: 'Jonaitis', phone: '+37060000001' }] });
    await must(client, 'set-impact-text', { text: 'Įlenktas priekinis buferis, sudaužytas kairysis žibintas, subraižytas sparnas.' });
    await must(client, 'set-impact-meta', { impactMeta: { points: ['front-left', 'front'], direction: 30 } });
    await must(client, 'conditions', { conditions: party === 'A' ? ['10'] : ['2'] });
    for (let i = 0; i < 8; i++) {
      const set = [0, 1, 2, 2, 2, 3, 3, 3][i];
      await must(client, 'add-foto', { id: `photo${party}${String(i).padStart(4, '0')}xyzw`, set, filename: `IMG_20261123_17${String(i).padStart(4, '0')}.jpg` });
    }
    await must(client, 'signature', { imageId: `signature${party}00000000`, dataPoints: 180, strokes: 3, width: 0.6, height: 0.3 });
  }
  await must(a, 'scheme', { imageId: 'schemeimage0000000', objects: drawnScheme(), isPhoto: false });
}

/** The bytes of the frames a text edit sends: the other device's push and the writer's answer. */
async function pushBytes(run) {
  const [a, b] = await openPair(run, 0);
  await fillFull(a, b);
  const pushes = [];
  const answers = [];
  b.onFrame = (m, bytes) => {
    if (m.t === 'changed') pushes.push(bytes);
  };
  a.onFrame = (m, bytes) => {
    if (m.t === 'result') answers.push(bytes);
  };
  for (let i = 0; i < 200; i++) {
    const r = await a.patient({ t: 'call', op: 'eid-comment', p: { text: `Važiavau Gedimino prospektu, edit ${i}` } });
    if (!r.ok) throw new Error(`edit refused: ${r.code}`);
  }
  // The last push may still be on its way: wait for it by its count, not by time.
  for (let waited = 0; pushes.length < 200 && waited < 5000; waited += 10) await sleep(10);
  a.close();
  b.close();
  return { pushes, answers };
}

/** The protocol version of the built domain (read after the build). */
let PROTOCOL_VERSION;

async function main() {
  build();
  ({ PROTOCOL_VERSION } = await import('../packages/domain/dist/protocol/index.js'));
  // BENCH_HUB_ONLY=flood: only the flood figure.
  if (process.env.BENCH_HUB_ONLY === 'flood') return flood();
  // `-- --nodes 2`: the cross-node figures on PostgreSQL beside the single-node SQLite ones.
  const nodesArg = process.argv.indexOf('--nodes');
  if (nodesArg > 0) return nodes(Number(process.argv[nodesArg + 1]));
  log(`bench:hub on ${URL}: edit every ~${EDIT_INTERVAL_MS} ms per driver, ${MEASURE_MS} ms per step, a fresh server per step`);
  const rows = [];
  for (const [run, n] of STEPS.entries()) {
    // A fresh server and database per step: the memory of one step's closed pairs does not blur the next.
    const dataDir = mkdtempSync(join(tmpdir(), 'eid-bench-hub-'));
    const server = await startBuiltServer({ port: PORT, dataDir, env: BENCH_ENV, nodeArgs: NODE_ARGS, output: NODE_OUTPUT });
    try {
      const row = await step(run, n, server.pid);
      rows.push(row);
      process.stdout.write(
        `N=${String(n).padStart(4)}  edits=${String(row.edits).padStart(6)}  propagation_p50_ms=${row.propagation_p50_ms.toFixed(1)}  ` +
          `propagation_p99_ms=${row.propagation_p99_ms.toFixed(1)}  ack_p99_ms=${row.ack_p99_ms.toFixed(1)}  ` +
          `rss_mb_per_declaration=${row.rss_mb_per_declaration.toFixed(3)}  set_up_s=${row.set_up_s.toFixed(1)} (${(n / row.set_up_s).toFixed(0)} pairs/s)  heartbeats=${row.heartbeats} heartbeat_p99_ms=${row.heartbeat_p99_ms.toFixed(1)}  lost_devices=${row.lost_devices}  ` +
          `generator_lag_p99_ms=${row.generator_lag_p99_ms.toFixed(1)} max=${row.generator_lag_max_ms.toFixed(1)}\n`,
      );
      if (row.lost_devices > 0) {
        // Past what one node holds: the larger steps would only drop more devices.
        row.propagation_p99_ms = Infinity;
        process.stdout.write(`N=${n}: the node let ${row.lost_devices} devices go (it closed their sockets, or answered none in 30 s): the larger steps are not run\n`);
        break;
      }
    } finally {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const ok = rows.filter((r) => r.propagation_p99_ms < GOAL_P99_MS);
  const largest = ok.length ? Math.max(...ok.map((r) => r.n)) : 0;
  const at100 = rows.find((r) => r.n === 100);
  process.stdout.write(`\nlargest_n_with_propagation_p99_under_${GOAL_P99_MS}ms=${largest} (largest N tried: ${Math.max(...rows.map((r) => r.n))})\n`);
  if (at100) process.stdout.write(`goal p99<50ms at N=100: ${at100.propagation_p99_ms < GOAL_P99_MS ? 'met' : 'NOT met'} (${at100.propagation_p99_ms.toFixed(1)} ms, ratio ${(at100.propagation_p99_ms / GOAL_P99_MS).toFixed(2)})\n`);
  process.stdout.write(`goal N>=300: ${largest >= 300 ? 'met' : 'NOT met'} (ratio ${(largest / 300).toFixed(2)})\n`);
  process.stdout.write(`goal N>=3000 per node: ${largest >= 3000 ? 'met' : 'NOT met'} (ratio ${(largest / 3000).toFixed(2)})\n`);

  const dataDir = mkdtempSync(join(tmpdir(), 'eid-bench-hub-'));
  const server = await startBuiltServer({ port: PORT, dataDir, env: BENCH_ENV });
  try {
    const { pushes, answers } = await pushBytes(STEPS.length);
    const p99 = percentile(pushes, 99);
    process.stdout.write(
      `\ntext edit on a full declaration (scheme drawn, 16 photos, both signatures), 200 edits:\n` +
        `push_bytes_p50=${percentile(pushes, 50)}  push_bytes_p99=${p99}  answer_bytes_p50=${percentile(answers, 50)}  answer_bytes_p99=${percentile(answers, 99)}  pushes=${pushes.length}\n` +
        `goal push_bytes_p99<=2048: ${p99 <= 2048 ? 'met' : 'NOT met'} (ratio ${(p99 / 2048).toFixed(2)})\n`,
    );
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  await flood();
}

const printRow = (label, row) =>
  process.stdout.write(
    `${label} N=${String(row.n).padStart(4)}  edits=${String(row.edits).padStart(6)}  propagation_p50_ms=${row.propagation_p50_ms.toFixed(1)}  ` +
      `propagation_p99_ms=${row.propagation_p99_ms.toFixed(1)}  ack_p99_ms=${row.ack_p99_ms.toFixed(1)}  rss_mb_per_declaration=${row.rss_mb_per_declaration.toFixed(3)}  ` +
      `generator_lag_p99_ms=${row.generator_lag_p99_ms.toFixed(1)} max=${row.generator_lag_max_ms.toFixed(1)}\n`,
  );

/**
 * Several nodes (issue 14): per N, a fresh local cluster (PostgreSQL, the object store, `count`
 * nodes; HAProxy too, though the bench's sockets go to the nodes directly so that every pair is
 * split: pair i's A on node i mod count, its B on the next, each edit crossing nodes through
 * PostgreSQL; the edits each node served a second are printed, issue 35 item 5), then a fresh
 * single-node SQLite server with the same N: the two figures side by side, on this machine with
 * PostgreSQL on it too.
 */
async function nodes(count) {
  if (!Number.isInteger(count) || count < 2) throw new Error('--nodes takes 2 or more');
  const { startCluster } = await import('./lib/cluster.mjs');
  // Up to past the goal's N (issue 35 item 5: the largest N under 50 ms on two nodes ≥ 1,200), so that the goal is judged.
  const steps = (process.env.BENCH_HUB_CLUSTER_STEPS ?? '300,600,900,1200,1500').split(',').map(Number);
  log(`bench:hub --nodes ${count}: edit every ~${EDIT_INTERVAL_MS} ms per driver, ${MEASURE_MS} ms per step; pair i's A on node i mod ${count}, its B on the next`);
  const rows = [];
  for (const [run, n] of steps.entries()) {
    const cluster = await startCluster({ nodes: count, env: { ...BENCH_ENV, LOG_LEVEL: 'warn' }, nodeArgs: NODE_ARGS, logTo: NODE_OUTPUT });
    let cross;
    try {
      const ws = (u) => `${u.replace(/^http/, 'ws')}/serveris/ws-interface`;
      cross = await step(100 + run, n, cluster.nodes[0].child.pid, cluster.nodes.map((node) => ws(node.url)));
    } finally {
      await cluster.stop();
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'eid-bench-hub-'));
    const server = await startBuiltServer({ port: PORT, dataDir, env: BENCH_ENV, nodeArgs: NODE_ARGS, output: NODE_OUTPUT });
    let single;
    try {
      single = await step(200 + run, n, server.pid);
    } finally {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
    rows.push({ n, cross, single });
    printRow(`cross-node (PostgreSQL, ${count} nodes)`, cross);
    printRow('single node (SQLite)            ', single);
    const perNode = cross.edits_per_s_per_node;
    process.stdout.write(
      `   ratio cross/single propagation_p99=${(cross.propagation_p99_ms / single.propagation_p99_ms).toFixed(2)}; ` +
        `edits served per second: ${count} nodes ${perNode.reduce((a, b) => a + b, 0).toFixed(0)} (per node ${perNode.map((e) => e.toFixed(0)).join(', ')}), one node ${single.edits_per_s_per_node[0].toFixed(0)}\n`,
    );
  }
  const ok = rows.filter((r) => r.cross.propagation_p99_ms < GOAL_P99_MS);
  const largest = ok.length ? Math.max(...ok.map((r) => r.n)) : 0;
  const at100 = rows.find((r) => r.n === 100);
  const at300 = rows.find((r) => r.n === 300);
  process.stdout.write(`\ncross-node largest_n_with_propagation_p99_under_${GOAL_P99_MS}ms=${largest} (largest N tried: ${Math.max(...steps)})\n`);
  const best = rows.find((r) => r.n === largest);
  if (best) {
    const perNode = best.cross.edits_per_s_per_node;
    process.stdout.write(`cross-node edits served per second at N=${largest}: ${perNode.reduce((a, b) => a + b, 0).toFixed(0)} on ${count} nodes, ${(perNode.reduce((a, b) => a + b, 0) / count).toFixed(0)} per node (every node, PostgreSQL and the generator on this machine's cores)\n`);
  }
  process.stdout.write(`goal cross-node N>=1200 on 2 nodes: ${count === 2 ? (largest >= 1200 ? 'met' : 'NOT met') : `not measured by this run (${count} nodes)`} (largest ${largest}, ratio ${(largest / 1200).toFixed(2)})\n`);
  if (at100) process.stdout.write(`cross-node propagation_p99 at N=100: ${at100.cross.propagation_p99_ms.toFixed(1)} ms (single node: ${at100.single.propagation_p99_ms.toFixed(1)} ms)\n`);
  if (at300) process.stdout.write(`goal cross-node p99<50ms at N=300: ${at300.cross.propagation_p99_ms < GOAL_P99_MS ? 'met' : 'NOT met'} (${at300.cross.propagation_p99_ms.toFixed(1)} ms, ratio ${(at300.cross.propagation_p99_ms / GOAL_P99_MS).toFixed(2)})\n`);
}

/** One device's call round trips, every 20 ms for `ms`, while `background` runs. */
async function callTimes(client, ms) {
  const times = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const t0 = performance.now();
    const r = await client.request({ t: 'call', op: 'eid-comment', p: { text: `calm ${times.length}` } });
    if (!r.ok && r.code !== 'TOO_MANY_CALLS') throw new Error(`call refused: ${r.code}`);
    times.push(performance.now() - t0);
    await sleep(20);
  }
  return times;
}

/** One socket pipelining 1,000 edits at a time until `stop()`: resumed with its token whenever the server closes it. */
function flooder(session) {
  let stopped = false;
  let sent = 0;
  let closes = 0;
  const run = (async () => {
    while (!stopped) {
      let client;
      try {
        client = await Client.open();
      } catch {
        await sleep(50);
        continue;
      }
      const closed = new Promise((r) => client.socket.once('close', r));
      const resumed = await client.request({ t: 'resume', protocol: PROTOCOL_VERSION, declarationId: session.declarationId, party: session.party, token: session.token });
      if (!resumed.ok) throw new Error(`flooder resume refused: ${resumed.code}`);
      while (!stopped && client.socket.readyState === WebSocket.OPEN) {
        for (let i = 0; i < 1000; i++) client.socket.send(JSON.stringify({ t: 'call', id: 1_000_000 + sent++, op: 'eid-comment', p: { text: `flood ${sent}` } }));
        await Promise.race([closed, sleep(5)]);
      }
      closes += 1;
      client.close();
    }
  })();
  return {
    async stop() {
      stopped = true;
      await run;
      return { sent, closes };
    },
  };
}

async function flood() {
  const dataDir = mkdtempSync(join(tmpdir(), 'eid-bench-hub-'));
  const server = await startBuiltServer({ port: PORT, dataDir, env: BENCH_ENV });
  try {
    const [fa, fb] = await openPair(STEPS.length + 1, 0);
    const [calm, calmB] = await openPair(STEPS.length + 1, 1);
    const quiet = await callTimes(calm, FLOOD_MS / 2);
    const attack = flooder(fa.session);
    await sleep(500);
    const flooded = await callTimes(calm, FLOOD_MS);
    const { sent, closes } = await attack.stop();
    for (const c of [fa, fb, calm, calmB]) c.close();
    const p99q = percentile(quiet, 99);
    const p99f = percentile(flooded, 99);
    process.stdout.write(
      `\nflood: one socket pipelining 1,000 edits at a time (${sent} frames sent, closed by the server ${closes} times), another device calling every 20 ms:\n` +
        `other_call_p50_ms=${percentile(flooded, 50).toFixed(1)}  other_call_p99_ms=${p99f.toFixed(1)}  (quiet: p50=${percentile(quiet, 50).toFixed(1)} p99=${p99q.toFixed(1)}, ratio ${(p99f / p99q).toFixed(2)})\n` +
        `goal other device's p99<50ms while flooded: ${p99f < GOAL_P99_MS ? 'met' : 'NOT met'} (ratio ${(p99f / GOAL_P99_MS).toFixed(2)})\n`,
    );
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
