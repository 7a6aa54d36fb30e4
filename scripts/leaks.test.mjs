import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markedProcesses, newRun, reapEarlierRuns, RUN_VARIABLE } from './lib/leaks.mjs';
import { runChecked as runCheckedLoud } from './lib/test-run.mjs';

/** A run of the test's own steps, its lines kept (not printed among the real run's). */
const said = [];
const runChecked = (steps) => runCheckedLoud(steps, { say: (line) => said.push(line) });

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Waits until `ready` holds (polling what the kernel says), failing after `ms`. */
async function until(ready, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('nothing npm test starts outlives it (issue 31 item 1)', () => {
  it('[OP2] a run whose step leaves a process running fails, names it, and stops it; a run that leaves nothing passes', async () => {
    let leaked = null;
    const leaking = await runChecked([
      {
        name: 'a step that leaves a server running',
        // Detached and unreferenced, as a daemonised server is: the step itself ends cleanly.
        fn: async () => {
          const child = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' });
          child.unref();
          leaked = child.pid;
        },
      },
    ]);
    expect(leaking.exitCode).not.toBe(0);
    expect(leaking.results.at(-1)).toMatchObject({ name: 'nothing left running, nothing left behind', ok: false });
    // It says which process it was.
    expect(said.some((line) => line.includes(`pid ${leaked}`) && line.includes('sleep 300'))).toBe(true);
    await until(() => !alive(leaked));

    const clean = await runChecked([{ name: 'a step that cleans up after itself', fn: (run) => run('sleep', ['0.1']) }]);
    expect(clean.exitCode).toBe(0);
    expect(clean.results.map((r) => r.ok)).toEqual([true, true]);
  });

  it('[OP2] a file a step leaves in the run\'s temporary folder fails the run, and is removed', async () => {
    let folder = '';
    const leaving = await runChecked([
      {
        name: 'a step that forgets its temporary folder',
        fn: async () => {
          folder = mkdtempSync(join(tmpdir(), 'forgotten-'));
          writeFileSync(join(folder, 'data'), 'x');
        },
      },
    ]);
    expect(leaving.exitCode).not.toBe(0);
    expect(existsSync(folder)).toBe(false);
  });

  it('[OP2] a step that fails still has its leftovers stopped, and the run fails with the step\'s code', async () => {
    let leaked = null;
    const failing = await runChecked([
      {
        name: 'a step that fails and leaves a process',
        fn: async (run) => {
          const child = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' });
          child.unref();
          leaked = child.pid;
          await run('false', []);
        },
      },
    ]);
    expect(failing.exitCode).toBe(1);
    await until(() => !alive(leaked));
  });

  it('[OP2] what a run killed outright left (its leader gone) is stopped by the next run', async () => {
    // A leader that is gone: a process that ran and ended.
    const gone = spawnSync('sh', ['-c', 'echo $$'], { encoding: 'utf8' });
    const dead = Number(gone.stdout.trim());
    const run = newRun(dead);
    const orphan = spawn('sleep', ['300'], { detached: true, stdio: 'ignore', env: { ...process.env, [RUN_VARIABLE]: run } });
    orphan.unref();
    await until(() => markedProcesses().some((p) => p.pid === orphan.pid));
    const reaped = await reapEarlierRuns();
    expect(reaped.processes.map((p) => p.pid)).toContain(orphan.pid);
    await until(() => !alive(orphan.pid));
  });
});
