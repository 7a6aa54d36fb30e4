// Nothing `npm test` starts may outlive it (issue 31 item 1). A run marks every process it starts
// — and everything they start, PostgreSQL under runuser and Chromium included — with the variable
// EID_TEST_RUN in their environment, and gives them a temporary folder of their own (TMPDIR). At
// the end, however the run ended, a process still carrying the mark is a leak: it is stopped and
// the run fails; so does anything left in the temporary folder. A run killed outright (SIGKILL)
// cannot look after itself: the next run first stops what an earlier run, no longer alive, left.
// Node built-ins only; Linux (/proc).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const RUN_VARIABLE = 'EID_TEST_RUN';
const FOLDER_PREFIX = 'eid-test-run-';
/**
 * What tools keep in the temporary folder between runs — their caches, not anything a test made:
 * tsx's, jiti's and Playwright's transpiled modules, Node's compile cache.
 */
const TOOL_CACHES = [/^tsx-\d+$/, /^jiti$/, /^node-compile-cache$/, /^playwright-transform-cache(-\d+)?$/];

/** The mark of a run: its leader's pid (to tell a dead run's leftovers) and a random part. */
export function newRun(leader = process.pid) {
  return `${leader}-${randomUUID()}`;
}

const leaderOf = (run) => Number(run.split('-')[0]);

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** The processes whose environment carries a run's mark: `{ pid, run, command }`. */
export function markedProcesses() {
  if (!existsSync('/proc')) return [];
  const found = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (pid === process.pid) continue;
    let environ;
    try {
      environ = readFileSync(`/proc/${pid}/environ`, 'latin1');
    } catch {
      continue;
    }
    const entry = environ.split('\0').find((e) => e.startsWith(`${RUN_VARIABLE}=`));
    if (!entry) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      // Gone meanwhile.
    }
    found.push({ pid, run: entry.slice(RUN_VARIABLE.length + 1), command });
  }
  return found;
}

/** The run's temporary folder: made for it, open to the users its servers run as (PostgreSQL's). */
export function runFolder(run) {
  const dir = join(tmpdir(), `${FOLDER_PREFIX}${run}`);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o1777);
  return dir;
}

async function stop(processes) {
  for (const p of processes) {
    try {
      process.kill(p.pid, 'SIGTERM');
    } catch {
      // Gone already.
    }
  }
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline && processes.some((p) => alive(p.pid))) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const p of processes.filter((x) => alive(x.pid))) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
}

/**
 * Stops what runs no longer alive left behind (their processes, their temporary folders).
 * Resolves what was found, for the run's log.
 */
export async function reapEarlierRuns() {
  const stale = markedProcesses().filter((p) => !alive(leaderOf(p.run)));
  await stop(stale);
  const folders = readdirSync(tmpdir()).filter((f) => f.startsWith(FOLDER_PREFIX) && !alive(leaderOf(f.slice(FOLDER_PREFIX.length))));
  for (const f of folders) rmSync(join(tmpdir(), f), { recursive: true, force: true });
  return { processes: stale, folders };
}

/**
 * After a run: what of it is still there. Its processes are stopped and its temporary folder
 * removed; resolves the leaks found (none: the run cleaned up after itself).
 */
export async function collectLeaks(run, folder) {
  const processes = markedProcesses().filter((p) => p.run === run);
  await stop(processes);
  const entries = existsSync(folder) ? readdirSync(folder).filter((e) => !TOOL_CACHES.some((cache) => cache.test(e))) : [];
  rmSync(folder, { recursive: true, force: true });
  return { processes, entries };
}
