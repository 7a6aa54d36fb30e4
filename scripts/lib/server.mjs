// Starts the built server (apps/server/dist) for a benchmark on loopback and stops it.
import { spawn } from 'node:child_process';
import { ROOT } from './bootstrap.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resolves the child process once /serveris/health answers; extra env and Node flags optional. */
export async function startBuiltServer({ port, dataDir, env = {}, nodeArgs = [] }) {
  const server = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/server.js'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', EID_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/serveris/health`)).ok) return server;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  server.kill('SIGKILL');
  throw new Error('the server did not start');
}

/** SIGTERM, then waits for the exit (at most 5 s). */
export async function stopServer(server) {
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await Promise.race([exited, sleep(5000)]);
}
