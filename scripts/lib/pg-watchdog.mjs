// Stops a throwaway PostgreSQL cluster when the process that started it is gone, however it ended
// (a SIGKILL runs no handler): pg_ctl starts the server in a session of its own, so nothing else
// would stop it. Started detached by postgres.mjs: `node pg-watchdog.mjs <owner pid> <folder> <pg_ctl> [runuser owner]`.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const [ownerArg, dir, pgCtl, runAs] = process.argv.slice(2);
const owner = Number(ownerArg);

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

const timer = setInterval(() => {
  // Stopped and removed by its owner: nothing left to watch.
  if (!existsSync(dir)) {
    clearInterval(timer);
    return;
  }
  if (alive(owner)) return;
  clearInterval(timer);
  const args = ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop'];
  if (runAs) spawnSync('runuser', ['-u', runAs, '--', pgCtl, ...args], { stdio: 'ignore' });
  else spawnSync(pgCtl, args, { stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
}, 500);
