// The runner of `npm test`'s steps (issue 31 item 1): each step's commands run in a process group
// of their own, marked with the run and given its temporary folder (scripts/lib/leaks.mjs); after
// the last step, however the steps went, a process still running or a file left in the folder is
// stopped, removed, and fails the run. Stopped by a signal, the run stops its step's group first.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, log } from './bootstrap.mjs';
import { collectLeaks, newRun, reapEarlierRuns, runFolder, RUN_VARIABLE } from './leaks.mjs';

/**
 * Runs `steps` (`{ name, fn(run) }`, in order, stopping at the first that fails) and the leak check.
 * `run(command, args)` starts a command as the steps must. Resolves the exit code and the steps'
 * results; `signals`: stop the run on SIGINT, SIGTERM and SIGHUP (the real run; not in tests); `say`: where its lines go.
 */
export async function runChecked(steps, { signals = false, onStopped = () => {}, say = log } = {}) {
  const earlier = await reapEarlierRuns();
  if (earlier.processes.length + earlier.folders.length > 0) {
    say(`stopped what an earlier run left: ${earlier.processes.length} processes, ${earlier.folders.length} temporary folders`);
  }
  const run = newRun();
  const folder = runFolder(run);
  const saved = { mark: process.env[RUN_VARIABLE], tmp: process.env.TMPDIR };
  // Every child inherits both: the mark finds it after the run, the folder holds what it writes.
  process.env[RUN_VARIABLE] = run;
  process.env.TMPDIR = folder;
  // Node's compile cache (npm turns it on) is the tools' own, kept between runs, not the tests'.
  process.env.NODE_COMPILE_CACHE ??= join(ROOT, 'node_modules', '.cache', 'node-compile-cache');

  /** The step's commands still running (a step may run several at once). */
  const running = new Set();
  const start = (command, args) =>
    new Promise((resolve, reject) => {
      const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', detached: true });
      running.add(child);
      child.on('error', reject);
      child.on('exit', (code, signal) => {
        running.delete(child);
        if (code === 0) resolve();
        else reject(Object.assign(new Error(`${command} ${args.join(' ')} failed with ${signal ?? `exit code ${code}`}`), { exitCode: code ?? 1 }));
      });
    });

  const results = [];
  const step = async (name, fn) => {
    say(`── ${name}`);
    const started = Date.now();
    try {
      await fn(start);
      results.push({ name, ok: true, ms: Date.now() - started });
    } catch (error) {
      results.push({ name, ok: false, ms: Date.now() - started });
      say(`✗ ${name}: ${error.message}`);
      throw error;
    }
  };

  const handlers = [];
  if (signals) {
    let stopping = false;
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
      const handler = async () => {
        if (stopping) return;
        stopping = true;
        say(`stopped (${signal}): stopping the tests' processes`);
        for (const child of running) {
          try {
            process.kill(-child.pid, 'SIGTERM');
          } catch {
            // Gone already.
          }
        }
        await collectLeaks(run, folder);
        onStopped(results);
        process.exit(1);
      };
      process.on(signal, handler);
      handlers.push([signal, handler]);
    }
  }

  let exitCode = 0;
  try {
    try {
      for (const s of steps) await step(s.name, s.fn);
    } catch (error) {
      exitCode = error.exitCode ?? 1;
    }
    await step('nothing left running, nothing left behind', async () => {
      const { processes, entries } = await collectLeaks(run, folder);
      for (const p of processes) say(`✗ left running by the tests (stopped now): pid ${p.pid}: ${p.command.slice(0, 300)}`);
      for (const e of entries) say(`✗ left in the tests' temporary folder (removed now): ${e}`);
      if (processes.length + entries.length > 0) throw Object.assign(new Error(`the tests left ${processes.length} processes and ${entries.length} files behind`), { exitCode: 1 });
    }).catch((error) => {
      exitCode ||= error.exitCode ?? 1;
    });
  } finally {
    // Whatever happened (the leak check itself failing included), the caller's environment is its own again.
    for (const [signal, handler] of handlers) process.off(signal, handler);
    process.env[RUN_VARIABLE] = saved.mark;
    process.env.TMPDIR = saved.tmp;
    if (saved.mark === undefined) delete process.env[RUN_VARIABLE];
    if (saved.tmp === undefined) delete process.env.TMPDIR;
  }
  return { exitCode, results };
}
