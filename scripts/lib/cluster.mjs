// The local cluster: a PostgreSQL (a throwaway one unless EID_DATABASE_URL names one), an
// S3-compatible object store (s3rver unless EID_S3_URL names one), N server nodes of the built app
// and HAProxy in front, all on loopback. Used by `npm run cluster`, the kill-a-node test, the
// cluster e2e and `npm run bench:hub -- --nodes 2`. Runs after `npm install` and the build.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { haproxyHead } from './haproxy.mjs';
import { freePort, startPostgres } from './postgres.mjs';
import { startS3 } from './s3.mjs';
import { startBuiltServer, stopServer, waitForOk } from './server.mjs';

export { waitForOk };

/** One node of the built server, ready when /serveris/ready answers. */
const startNode = ({ port, dataDir, env, logTo, nodeArgs }) => startBuiltServer({ port, dataDir, env, nodeArgs, readyPath: '/serveris/ready', output: logTo });

/**
 * HAProxy in front of the nodes: WebSockets pass through (the upgrade, then a tunnel with its own
 * time-out), health checks on /serveris/health every 500 ms, a node is out after 2 failed checks,
 * its sessions cut so the devices reconnect to another. Device sockets have a backend of their own
 * with least connections (a socket lives long: the next goes to the node with fewest, and pages'
 * connections do not count); pages and calls go round robin. No stickiness is needed: any node
 * serves any device.
 */
export function haproxyConfig({ port, nodes }) {
  const servers = (check) => nodes.map((n, i) => `  server node${i + 1} 127.0.0.1:${n.port} ${check ? 'check' : `track pages/node${i + 1}`}`);
  return [
    // Two descriptors per connection: within the usual limit of open files (20 000 here).
    ...haproxyHead({ maxconn: 8000, extra: ['  timeout http-request 10s', '  option redispatch', '  retries 2'] }),
    'frontend eid',
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    '  acl socket hdr(upgrade) -i websocket',
    '  use_backend sockets if socket',
    '  default_backend pages',
    // Pages and calls: round robin, health checks on /serveris/health every 500 ms.
    'backend pages',
    '  balance roundrobin',
    '  option httpchk GET /serveris/health',
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 2 on-marked-down shutdown-sessions',
    ...servers(true),
    // Device sockets: least connections counts sockets only (pages do not sway it), the same servers' health.
    'backend sockets',
    '  balance leastconn',
    '  default-server on-marked-down shutdown-sessions',
    ...servers(false),
    '',
  ].join('\n');
}

/**
 * Starts the whole cluster; resolves `{ url, nodes: [{ port, url, child, kill, restart }], postgres,
 * s3, stop }`. `env` is given to every node (beside the shared database, store and secret);
 * `nodeArgs`, Node's flags for each (a profiler, --trace-gc).
 */
export async function startCluster({ nodes: count = 2, port, env = {}, log = () => {}, logTo = 'ignore', nodeArgs = [] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'eid-cluster-'));
  const started = [];
  const stopAll = async () => {
    for (const stop of started.reverse()) await stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const postgres = process.env.EID_DATABASE_URL ? null : await startPostgres({ log });
    if (postgres) started.push(async () => postgres.stop());
    const s3 = process.env.EID_S3_URL ? null : await startS3({ directory: join(dir, 's3') });
    if (s3) started.push(() => s3.stop());
    const shared = {
      EID_DATABASE_URL: process.env.EID_DATABASE_URL || postgres.url,
      EID_S3_URL: process.env.EID_S3_URL || s3.url,
      EID_S3_BUCKET: process.env.EID_S3_BUCKET || s3?.bucket || 'eid',
      EID_S3_ACCESS_KEY_ID: process.env.EID_S3_ACCESS_KEY_ID || s3?.accessKeyId,
      EID_S3_SECRET_ACCESS_KEY: process.env.EID_S3_SECRET_ACCESS_KEY || s3?.secretAccessKey,
      EID_SECRET: process.env.EID_SECRET || randomBytes(32).toString('base64url'),
      // The nodes believe HAProxy's X-Forwarded-For (it runs on this machine).
      EID_TRUSTED_PROXIES: '127.0.0.1',
    };
    const frontPort = port ?? (await freePort());
    const url = `http://127.0.0.1:${frontPort}`;
    const nodeList = [];
    for (let i = 0; i < count; i += 1) {
      const nodePort = await freePort();
      const dataDir = join(dir, `node${i + 1}`);
      const nodeEnv = { EID_PUBLIC_URL: url, ...env, ...shared };
      const node = {
        port: nodePort,
        url: `http://127.0.0.1:${nodePort}`,
        child: await startNode({ port: nodePort, dataDir, env: nodeEnv, logTo, nodeArgs }),
        /** SIGKILL: the node is lost, nothing of it runs on. */
        async kill() {
          node.child.kill('SIGKILL');
          await new Promise((r) => (node.child.exitCode !== null || node.child.signalCode !== null ? r() : node.child.once('exit', r)));
        },
        async restart() {
          await stopServer(node.child);
          node.child = await startNode({ port: nodePort, dataDir, env: nodeEnv, logTo, nodeArgs });
        },
      };
      started.push(() => stopServer(node.child));
      nodeList.push(node);
      log(`node ${i + 1} on ${node.url}`);
    }
    const config = join(dir, 'haproxy.cfg');
    writeFileSync(config, haproxyConfig({ port: frontPort, nodes: nodeList }));
    const haproxy = spawn('haproxy', ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
    started.push(() => stopServer(haproxy, 'SIGUSR1'));
    await waitForOk(`${url}/serveris/health`, 15_000, haproxy);
    log(`HAProxy on ${url}`);
    return { url, nodes: nodeList, postgres, s3, env: shared, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
