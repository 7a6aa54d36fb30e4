/**
 * The client logger (app-shell §7): messages to `/serveris/log`, `/log/warn`, `/log/error` with the
 * `node_id` query and the plates-pair or instance-id prefix; uncaught errors, framework (React)
 * errors and start-up (init) failures in their own shapes. In developer mode it also writes to the
 * console. A log call never throws and never blocks the page.
 */
import { STORAGE_KEYS } from '@eid/domain/constants';
import { CLIENT_LOG_PATHS as PATHS, isInstanceId, newInstanceId, prefixLogMessage, redactUrl } from '@eid/domain/shell';
import { CryptoIds } from '@eid/adapter-system';
import { readStored, writeStored } from '../storage';

type Level = 'info' | 'warn' | 'error';

let consoleLogging = false;
/** The console, written to only in developer mode (app-shell §6). */
const devConsole = console;
/** Developer mode writes every log line to the console too. */
export function setConsoleLogging(on: boolean): void {
  consoleLogging = on;
}

/** The device's instance id: made once, kept under `instanceID`. */
export function instanceId(): string {
  const stored = readStored(STORAGE_KEYS.instanceId);
  if (isInstanceId(stored)) return stored;
  const id = newInstanceId(new CryptoIds().token());
  writeStored(STORAGE_KEYS.instanceId, id);
  return id;
}

/** The plates of the declaration in progress (`eidPlates`, as the plates step keeps them), if any. */
function plates(): { plateA: string | null; plateB: string | null } {
  try {
    const parsed = JSON.parse(readStored(STORAGE_KEYS.eidPlates) ?? 'null') as { own?: { plate?: unknown }; other?: { plate?: unknown } } | null;
    const a = parsed?.own?.plate;
    const b = parsed?.other?.plate;
    return { plateA: typeof a === 'string' ? a : null, plateB: typeof b === 'string' ? b : null };
  } catch {
    return { plateA: null, plateB: null };
  }
}

function post(level: Level, body: unknown, withNode = true): void {
  const url = withNode ? `${PATHS[level]}?node_id=${encodeURIComponent(instanceId())}` : PATHS[level];
  try {
    void fetch(url, {
      method: 'POST',
      mode: 'cors',
      cache: 'no-store',
      credentials: 'include',
      keepalive: true,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // Logging must never break the page.
  }
}

const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

/** Where an error happened, as a report may say it (RT4): the route, no view-link id, no query value. */
export function reportedUrl(url: string): string {
  try {
    const u = new URL(url, location.origin);
    return redactUrl(u.origin === location.origin ? `${u.pathname}${u.search}` : `${u.origin}${u.pathname}`);
  } catch {
    return '';
  }
}

/** What a line carries beside its message, written out as text (the server takes text, bounded: FU13). */
export function dataText(data: unknown): string {
  if (typeof data === 'string') return clip(data, 4000);
  try {
    return clip(JSON.stringify(data) ?? String(data), 4000);
  } catch {
    return clip(String(data), 4000);
  }
}

/** A message (info, warn or error), prefixed with the plates pair or the instance id. */
export function log(level: Level, src: string, message: string, data?: unknown): void {
  const text = prefixLogMessage(message, { ...plates(), instanceId: instanceId() });
  if (consoleLogging) devConsole[level === 'info' ? 'log' : level](`[${src}] ${text}`, data ?? '');
  post(level, { src: clip(src, 64), message: clip(text, 4000), ...(data === undefined ? {} : { data: dataText(data) }) });
}

/** An uncaught error or a start-up failure: where it happened (src, msg, url, line, col, error). */
export function logErrorReport(report: { src: string; msg: string; url?: string; line?: number; col?: number; error?: string }, init = false): void {
  if (consoleLogging) devConsole.error(`[${report.src}] ${report.msg}`, report.error ?? '');
  post(
    'error',
    {
      src: clip(report.src, 64),
      msg: clip(report.msg, 4000),
      url: clip(reportedUrl(report.url ?? location.href), 2048),
      line: Math.max(-1, Math.trunc(report.line ?? -1)),
      col: Math.max(-1, Math.trunc(report.col ?? -1)),
      ...(report.error ? { error: clip(report.error, 16000) } : {}),
    },
    !init,
  );
}

/** A React error (error boundary): src, error, name, data, stack. */
export function logFrameworkError(error: unknown, data?: unknown): void {
  const e = error instanceof Error ? error : new Error(String(error));
  if (consoleLogging) devConsole.error('[react]', e);
  post('error', { src: 'react', error: clip(e.message || 'error', 4000), name: clip(e.name, 256), ...(data === undefined ? {} : { data: dataText(data) }), ...(e.stack ? { stack: clip(e.stack, 16000) } : {}) });
}

/** Uncaught errors and unhandled rejections of the page go to the server. */
export function installGlobalErrorLogging(): void {
  window.addEventListener('error', (event) => {
    logErrorReport({
      src: 'window',
      msg: event.message || 'uncaught error',
      url: event.filename || location.href,
      line: event.lineno,
      col: event.colno,
      error: event.error instanceof Error ? (event.error.stack ?? event.error.message) : undefined,
    });
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    logErrorReport({
      src: 'promise',
      msg: reason instanceof Error ? reason.message : String(reason),
      error: reason instanceof Error ? reason.stack : undefined,
    });
  });
}
