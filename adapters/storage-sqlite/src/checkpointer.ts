import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Copies the WAL's pages into the database file from a thread of its own (docs/decisions/hub-protocol.md,
 * "Checkpoints off the event loop"). better-sqlite3 runs SQLite on the calling thread: a checkpoint
 * started by a commit (every 1,000 pages by default) writes and syncs megabytes while the event loop
 * waits. Here the main connection checkpoints only past `SAFETY_PAGES` (the thread is gone or behind),
 * and the thread runs a PASSIVE checkpoint, which never waits for a lock and never holds the writer,
 * every `intervalMs`. A checkpoint that fails (a full disk) is reported once and tried again at the next turn.
 */

/** The main connection's own auto-checkpoint, kept as a safety net (40 MiB of WAL at 4 KiB pages). */
export const SAFETY_PAGES = 10_000;

export interface CheckpointReport {
  /** Frames in the WAL when the checkpoint ran. */
  readonly log: number;
  /** Frames copied into the database file. */
  readonly checkpointed: number;
}

export interface Checkpointer {
  /** Resolves with the next checkpoint's figures (tests, benchmarks). */
  next(): Promise<CheckpointReport>;
  stop(): Promise<void>;
}

// Plain JavaScript run by the thread (eval: no file to find from src/ and dist/ alike).
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
let failing = false;
const run = () => {
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    failing = false;
    // A busy turn (another checkpoint running) reports -1 frames: not a report, the next turn is.
    if (!row.busy) parentPort.postMessage({ log: row.log, checkpointed: row.checkpointed });
  } catch (error) {
    // A lock held elsewhere (SQLITE_BUSY, SQLITE_BUSY_RECOVERY…) is a skipped turn, as a busy row is.
    if (String(error.code).startsWith('SQLITE_BUSY')) return;
    // A full disk passes: said once, tried again at the next turn (the log keeps every page meanwhile).
    if (!failing) parentPort.postMessage({ failed: error.message });
    failing = true;
  }
};
const timer = setInterval(run, workerData.intervalMs);
parentPort.on('message', (m) => { if (m === 'stop') { clearInterval(timer); db.close(); parentPort.close(); } });
`;

export function startCheckpointer(file: string, intervalMs = 500, onError: (error: unknown) => void = () => {}): Checkpointer {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD, { eval: true, workerData: { file, intervalMs, module } });
  worker.unref();
  const waiting: Array<{ resolve: (report: CheckpointReport) => void; reject: (error: Error) => void }> = [];
  let alive = true;
  let stopping = false;
  let failed = false;
  worker.on('message', (message: CheckpointReport | { failed: string }) => {
    if ('failed' in message) onError(new Error(message.failed));
    else for (const w of waiting.splice(0)) w.resolve(message);
  });
  // A failed thread leaves the main connection's safety net; never an unhandled 'error' event.
  worker.on('error', (error) => {
    failed = true;
    onError(error);
  });
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      alive = false;
      // An end nobody asked for and no error explained (the thread's own exit, a terminate) is said too.
      if (!stopping && !failed) onError(new Error(`the checkpoint thread ended unasked (exit code ${code})`));
      for (const w of waiting.splice(0)) w.reject(new Error('the checkpoint thread has stopped'));
      resolve();
    }),
  );
  return {
    next: () => (alive ? new Promise((resolve, reject) => waiting.push({ resolve, reject })) : Promise.reject(new Error('the checkpoint thread has stopped'))),
    stop: async () => {
      // Held again while it stops: an unref'd thread let a process with nothing else to do exit before its 'exit' came.
      worker.ref();
      stopping = true;
      if (alive) worker.postMessage('stop');
      await exited;
    },
  };
}
