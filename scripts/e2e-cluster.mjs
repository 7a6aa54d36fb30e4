// The local cluster for the end-to-end tests through HAProxy: a throwaway PostgreSQL and object
// store, two nodes of the built app, HAProxy on EID_E2E_CLUSTER_PORT. The nodes' own addresses
// are written to test-results/e2e-cluster.json (the tests read the developer outbox and metrics
// of a node directly: those pages never answer through a proxy).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/bootstrap.mjs';
import { startCluster } from './lib/cluster.mjs';

const port = Number(process.env.EID_E2E_CLUSTER_PORT ?? 18090);
const cluster = await startCluster({
  nodes: 2,
  port,
  env: { EID_DEV_OUTBOX: 'on', LOG_LEVEL: 'warn', EID_PUBLIC_URL: `http://127.0.0.1:${port}` },
  logTo: 'inherit',
});
mkdirSync(join(ROOT, 'test-results'), { recursive: true });
writeFileSync(join(ROOT, 'test-results', 'e2e-cluster.json'), JSON.stringify({ url: cluster.url, nodes: cluster.nodes.map((n) => n.url) }));
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    process.exit(0);
  });
}
