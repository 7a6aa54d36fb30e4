// Starts the built server (apps/server/dist) on loopback and stops it: the benchmarks, and the
// nodes of the local cluster (cluster.mjs); its command line for npm start and the e2e server too.
import { spawn } from 'node:child_process';
import { ROOT } from './bootstrap.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits until `url` answers 200 (at most `timeoutMs`); fails at once when `child` exited. */
export async function waitForOk(url, timeoutMs = 30_000, child = null) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`${url}: the process exited (${child.exitCode ?? child.signalCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer in time`);
}

/**
 * The built server's command line after `node`: the flags a node runs with (apps/server/src/process-flags.ts, read
 * from the build), then `nodeArgs` (a profiler's), then the server. npm start, the e2e server and the benchmarks'.
 */
export async function builtServerArgs(nodeArgs = []) {
  const { SERVER_NODE_FLAGS } = await import('../../apps/server/dist/process-flags.js');
  return [...SERVER_NODE_FLAGS, ...nodeArgs, 'apps/server/dist/server.js'];
}

/**
 * Resolves the child process once `readyPath` answers (health by default); extra env, Node flags
 * (after those a node runs with) and where its output goes are optional.
 */
export async function startBuiltServer({ port, dataDir, env = {}, nodeArgs = [], readyPath = '/serveris/health', output = 'ignore' }) {
  const server = spawn(process.execPath, await builtServerArgs(nodeArgs), {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', EID_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', output, output === 'ignore' ? 'inherit' : output],
  });
  try {
    await waitForOk(`http://127.0.0.1:${port}${readyPath}`, 30_000, server);
  } catch (error) {
    server.kill('SIGKILL');
    throw error;
  }
  return server;
}

/** SIGTERM (or `signal`), then waits for the exit (at most 10 s, then SIGKILL). */
export async function stopServer(server, signal = 'SIGTERM') {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill(signal);
  const done = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!done) {
    server.kill('SIGKILL');
    await exited;
  }
}
