// `npm run cluster`: install what is missing, build, and serve the app as several nodes behind
// HAProxy on PORT (default 8080): a throwaway PostgreSQL and object store unless EID_DATABASE_URL
// and EID_S3_URL name real ones. `--nodes N` (2 by default, at most 5). Ctrl-C stops all of it.
import { ensureDebianPackages, log } from './lib/bootstrap.mjs';
import { build } from './build.mjs';
import { ensureLtsNode } from './lib/runtime.mjs';

await ensureLtsNode();

/** What the cluster needs from Debian beside the server's own: PostgreSQL and HAProxy. */
const PACKAGES = ['qpdf', 'fonts-dejavu-core', 'postgresql', 'haproxy'];

const arg = process.argv.indexOf('--nodes');
const nodes = arg > 0 ? Number(process.argv[arg + 1]) : 2;
if (!Number.isInteger(nodes) || nodes < 1 || nodes > 5) {
  process.stderr.write('--nodes must be 1 to 5\n');
  process.exit(2);
}

try {
  const missing = ensureDebianPackages(PACKAGES);
  if (missing.includes('postgresql') || missing.includes('haproxy')) throw new Error(`the cluster needs ${missing.join(' and ')}`);
  build();
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(error.exitCode ?? 1);
}

// Loaded after the install: the object store and the cluster's helpers come from node_modules.
const { startCluster } = await import('./lib/cluster.mjs');
log(`starting ${nodes} nodes behind HAProxy ...`);
const port = Number(process.env.PORT || 8080);
const cluster = await startCluster({ nodes, port, env: { EID_DEV_OUTBOX: process.env.EID_DEV_OUTBOX ?? 'on', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' }, log, logTo: 'inherit' });
process.stdout.write(`\nEID is running at ${cluster.url}/  (${nodes} nodes: ${cluster.nodes.map((n) => n.url).join(', ')}; phone codes on each node's /serveris/dev/outbox)\n\n`);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log('stopping the cluster ...');
    await cluster.stop();
    process.exit(0);
  });
}
