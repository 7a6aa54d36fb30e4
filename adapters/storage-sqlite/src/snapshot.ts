/**
 * A consistent copy of the live SQLite file, taken while the service goes on writing (OP4): one
 * read transaction (`VACUUM INTO`), so the copy is the database as of one commit — never half of
 * one — and the writers are not held up (WAL: a reader and a writer do not wait for each other).
 * SQLite's page-by-page backup API would start again at every write of the running service.
 */
import Database from 'better-sqlite3';

export function snapshotDatabase(file: string, to: string): void {
  const source = new Database(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    source.prepare('VACUUM INTO ?').run(to);
  } finally {
    source.close();
  }
  checkDatabase(to);
}

/** Refuses a file SQLite finds damaged. */
export function checkDatabase(file: string): void {
  const copy = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const verdict = copy.pragma('integrity_check', { simple: true });
    if (verdict !== 'ok') throw new Error(`the database copy is damaged: ${String(verdict)}`);
  } finally {
    copy.close();
  }
}
