// A throwaway PostgreSQL cluster in a temporary folder, on loopback: the tests' database and
// `npm run cluster`'s when none is configured. Node built-ins only (Debian's postgresql package
// provides the binaries). initdb refuses to run as root, so as root the cluster belongs to the
// `postgres` user and its commands run through runuser.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chownSync, existsSync, mkdtempSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The newest installed PostgreSQL's bin folder (Debian: /usr/lib/postgresql/<major>/bin). */
export function postgresBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) throw new Error('PostgreSQL is not installed (Debian package postgresql)');
  const majors = readdirSync(base)
    .filter((name) => existsSync(join(base, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  if (majors.length === 0) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  return join(base, majors[0], 'bin');
}

/** A free TCP port on loopback (asked of the kernel, then released). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function asOwner(owner) {
  return (command, args) => (owner ? ['runuser', ['-u', owner, '--', command, ...args]] : [command, args]);
}

function runChecked(wrap, command, args) {
  const [cmd, rest] = wrap(command, args);
  const result = spawnSync(cmd, rest, { encoding: 'utf8' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} failed (${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

/**
 * Creates and starts a cluster; resolves `{ url, port, dir, stop, restart, kill }`. `url` names the
 * database `postgres` as user `eid` (trust authentication on loopback: a test cluster only).
 */
export async function startPostgres({ port, log = () => {} } = {}) {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'eid-pg-'));
  const data = join(dir, 'data');
  const sock = join(dir, 'sock');
  mkdirSync(sock);
  const owner = process.getuid?.() === 0 ? 'postgres' : null;
  if (owner) {
    const uid = Number(spawnSync('id', ['-u', owner], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', owner], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, gid);
    chownSync(sock, uid, gid);
  }
  const wrap = asOwner(owner);
  runChecked(wrap, join(bin, 'initdb'), ['-D', data, '-U', 'eid', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-instructions']);
  const chosen = port ?? (await freePort());
  const options = [
    `-p ${chosen}`,
    `-k ${sock}`,
    `-c listen_addresses=127.0.0.1`,
    '-c max_connections=300',
    '-c shared_buffers=64MB',
  ].join(' ');
  const pgCtl = (...args) => runChecked(wrap, join(bin, 'pg_ctl'), ['-D', data, ...args]);
  const start = () => pgCtl('-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '30', 'start');
  start();
  // Whatever happens to this process, the cluster does not outlive it.
  const watchdog = spawn(process.execPath, [fileURLToPath(new URL('./pg-watchdog.mjs', import.meta.url)), String(process.pid), dir, join(bin, 'pg_ctl'), ...(owner ? [owner] : [])], { detached: true, stdio: 'ignore' });
  watchdog.unref();
  log(`PostgreSQL started on 127.0.0.1:${chosen} (${dir})`);
  let stopped = false;
  return {
    url: `postgres://eid@127.0.0.1:${chosen}/postgres`,
    port: chosen,
    dir,
    /** Stops the server (fast shutdown) and deletes its folder. */
    stop() {
      if (stopped) return;
      stopped = true;
      watchdog.kill();
      try {
        pgCtl('-m', 'fast', '-w', 'stop');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    /** Stops the server, waits `downMs`, and starts it again on the same port and data. */
    async restart(downMs = 0) {
      pgCtl('-m', 'fast', '-w', 'stop');
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      start();
    },
  };
}
