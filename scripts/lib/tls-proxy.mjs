// A TLS proxy in front of one built server, as a public installation is reached (docs/decisions/http-edge.md: "behind
// a TLS proxy"): HAProxy terminating TLS and offering HTTP/2 and HTTP/1.1 (ALPN), with a self-signed certificate made
// for the run by openssl. bench:web measures Lighthouse through it: what a phone gets from the public service.
// Nothing outlives `stop()` (the process and the folder with the key).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { haproxyHead } from './haproxy.mjs';
import { freePort } from './postgres.mjs';
import { stopServer } from './server.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resolves once something accepts TCP connections on 127.0.0.1:`port` (at most `timeoutMs`); fails when `child` exited or could not start. */
async function listening(port, child, failed, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (failed()) throw new Error(`HAProxy could not start: ${failed().message}`);
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`HAProxy exited (${child.exitCode ?? child.signalCode})`);
    const up = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    await sleep(100);
  }
  throw new Error(`HAProxy did not listen on ${port} in time`);
}

/**
 * Starts HAProxy on a free loopback port, TLS with `hostName`'s self-signed certificate, HTTP/2 and HTTP/1.1, forwarding
 * to the server on `backendPort`; resolves `{ port, origin, stop }` (`origin` names `hostName`, which the browser maps
 * to 127.0.0.1).
 */
export async function startTlsProxy({ backendPort, hostName }) {
  const dir = mkdtempSync(join(tmpdir(), 'eid-tls-proxy-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    const made = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', `/CN=${hostName}`, '-addext', `subjectAltName=DNS:${hostName},IP:127.0.0.1`, '-keyout', key, '-out', cert],
      { encoding: 'utf8' },
    );
    if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr || made.error}`);
    const pem = join(dir, 'site.pem');
    writeFileSync(pem, readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'), { mode: 0o600 });
    const port = await freePort();
    const config = join(dir, 'haproxy.cfg');
    writeFileSync(
      config,
      [
        ...haproxyHead({ maxconn: 1000 }),
        'frontend site',
        `  bind 127.0.0.1:${port} ssl crt ${pem} alpn h2,http/1.1`,
        '  default_backend server',
        'backend server',
        `  server s1 127.0.0.1:${backendPort}`,
        '',
      ].join('\n'),
    );
    const haproxy = spawn('haproxy', ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
    // Not installed, or not runnable: said, and the bench stops with its own clean-up (not an unhandled error event).
    let spawnError = null;
    haproxy.on('error', (error) => (spawnError = error));
    try {
      await listening(port, haproxy, () => spawnError);
    } catch (error) {
      haproxy.kill('SIGKILL');
      throw error;
    }
    return {
      port,
      origin: `https://${hostName}:${port}`,
      async stop() {
        await stopServer(haproxy, 'SIGUSR1');
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
