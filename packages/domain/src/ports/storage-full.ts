/**
 * API Boundary: a store could not write because its disk (or its quota) is full (OP3). Nothing of
 * that write was kept — the store's own atomicity sees to it — and it can be tried again once space
 * returns: the hub and the HTTP calls answer `STORAGE_FULL` with a wait, never `SERVER_ERROR`, and
 * the background work tries again without counting it against the declaration.
 */
export class StorageFullError extends Error {
  readonly code = 'STORAGE_FULL' as const;

  constructor(readonly store: string, options?: { readonly cause?: unknown }) {
    super(`${store}: no space left to write`, options);
    this.name = 'StorageFullError';
  }
}

/** The names the embedded database (SQLite) and the file system give a full disk or quota. */
const FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);

/**
 * Is `error` (or an error it was caused by) a full disk? Adapters throw StorageFullError; the raw
 * errors of SQLite and of the file system are recognised by their codes, wherever they come from.
 */
export function isStorageFull(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 8; depth++) {
    if (e instanceof StorageFullError) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && FULL_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** How long a device waits before sending again what a full disk refused. */
export const STORAGE_FULL_RETRY_MS = 5_000;
