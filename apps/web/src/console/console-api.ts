/** The console's calls (CONSOLE_PATH): JSON, the staff session's cookie, its CSRF token on every change. */
import { useCallback, useEffect, useState } from 'react';
import { CONSOLE_PATH } from '@eid/domain/protocol';

export class ConsoleCallError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

let csrf = '';
export const setConsoleCsrf = (token: string) => {
  csrf = token;
};

export async function consoleCall<T>(path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${CONSOLE_PATH}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      credentials: 'include',
      cache: 'no-store',
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json', 'x-eid-csrf': csrf }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ConsoleCallError('NETWORK_ERROR');
  }
  const answer = (await res.json().catch(() => ({}))) as { code?: unknown };
  if (!res.ok) throw new ConsoleCallError(typeof answer.code === 'string' ? answer.code : 'GENERIC_ERROR');
  return answer as T;
}

export type Loaded<T> = { readonly kind: 'loading' } | { readonly kind: 'done'; readonly value: T } | { readonly kind: 'failed'; readonly code: string };

type Listener = (chatId: string) => void;
const listeners = new Set<Listener>();
let source: EventSource | null = null;

/** The console tab's one stream of chat changes (CH6), open while a view listens; a reconnection means "look again". */
function onConsoleChange(listener: Listener): () => void {
  listeners.add(listener);
  if (!source && typeof EventSource !== 'undefined') {
    let opened = 0;
    source = new EventSource(`${CONSOLE_PATH}/events`, { withCredentials: true });
    source.addEventListener('open', () => {
      opened += 1;
      if (opened > 1) for (const l of [...listeners]) l('');
    });
    source.addEventListener('chat', (e) => {
      let chatId = '';
      try {
        chatId = String((JSON.parse((e as MessageEvent<string>).data) as { chatId?: unknown }).chatId ?? '');
      } catch {
        // A garbled event still means "look again".
      }
      for (const l of [...listeners]) l(chatId);
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      source?.close();
      source = null;
    }
  };
}

/**
 * GETs `path`, again when `reload` is called and, with `live`, when a chat changes: 'any' for a
 * list, a chat's id for that chat only. Views that read a person's record (a declaration, the log,
 * staff) are not live: each read is one the staff member chose, and each is logged.
 */
export function useConsoleCall<T>(path: string, live?: string): { loaded: Loaded<T>; reload: () => void } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  useEffect(() => {
    let alive = true;
    consoleCall<T>(path).then(
      (value) => alive && setLoaded({ kind: 'done', value }),
      (e: unknown) => alive && setLoaded({ kind: 'failed', code: e instanceof ConsoleCallError ? e.code : 'GENERIC_ERROR' }),
    );
    return () => {
      alive = false;
    };
  }, [path, round]);
  useEffect(() => {
    if (live === undefined) return;
    // An open chat is read again only while the tab is shown: a chat left in a background tab does not mark the driver's messages read.
    return onConsoleChange((chatId) => {
      if ((live === 'any' || chatId === '' || chatId === live) && document.visibilityState === 'visible') reload();
    });
  }, [live, reload]);
  return { loaded, reload };
}
