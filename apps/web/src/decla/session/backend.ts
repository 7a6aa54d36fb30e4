/**
 * Where a declaration session runs: the live service (the hub's WebSocket and the network) or the
 * practice mode (everything in the page), and where it keeps its session (local storage, or the
 * page's memory in practice).
 */
import type { CaptchaSolverPort, EidMode, KeyValuePort } from '@eid/domain';
import { WS_PATH, type TransportPort } from '@eid/domain/protocol';
import { HubError } from '@eid/domain/device';
import { WsTransport, hubUrl } from '@eid/adapter-transport-ws';
import { fetchUpload, xhrUpload, type Uploader } from '../media/upload';
import { AltchaSolver, practiceSolver } from '../../captcha/altcha-solver';
import { readStored, writeStored } from '../../storage';

export interface Backend {
  readonly mode: EidMode;
  readonly transport: TransportPort;
  readonly fetch: typeof fetch;
  /** Binary uploads (with progress where the platform tells it). */
  readonly upload: Uploader;
  /** Solves captcha challenges (none in practice). */
  readonly captcha: CaptchaSolverPort;
}

/** The live service: the hub's WebSocket and the network, on this page's own origin. */
export function liveBackend(): Backend {
  return {
    mode: 'live',
    transport: new WsTransport(() => hubUrl(window.location.origin, WS_PATH)),
    fetch: (input, init) => window.fetch(input, init),
    upload: xhrUpload,
    captcha: new AltchaSolver(),
  };
}

/** The practice mode: everything in the page; loaded only when practice is chosen. */
export async function practiceBackend(): Promise<Backend> {
  const { createPracticeBackend } = await import('../../practice/practice-backend');
  const practice = createPracticeBackend(window.location.origin);
  return { mode: 'practice', transport: practice.transport, fetch: practice.fetch, upload: fetchUpload(practice.fetch), captcha: practiceSolver };
}

/** A store that lives as long as the page: the practice mode keeps nothing after it. */
export function pageMemoryStorage(): KeyValuePort {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

/** Local storage that never throws (private windows, full quotas). */
export const browserStorage: KeyValuePort = {
  getItem: (key) => readStored(key),
  setItem: (key, value) => writeStored(key, value),
  removeItem: (key) => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // nothing remembered, nothing to forget
    }
  },
};

/** A failure with a catalogue code, for screens to show. */
export function codeOf(error: unknown): string {
  if (error instanceof HubError) return error.code;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return 'GENERIC_ERROR';
}

