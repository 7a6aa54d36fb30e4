/**
 * The console's calls, typed by the registry as the web app's (`consoleCall(name, input)`): JSON,
 * the staff session's cookie, its CSRF token on every change.
 */
import { useCallback, useEffect, useState } from 'react';
import { CONSOLE_HTTP_ROUTES, CONSOLE_PATH, type HttpInput, type HttpResult, type JsonCallName } from '@eid/domain/protocol';
import type { CallArgs } from '../shell/api';
import { callUrl } from '../shell/call-url';

/** The console's JSON calls: its own table's (the staff's, their sign-in, the system update's: issue 35 item 3). */
type ConsoleCallName = keyof typeof CONSOLE_HTTP_ROUTES & JsonCallName;

export class ConsoleCallError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

let csrf = '';
export const setConsoleCsrf = (token: string) => {
  csrf = token;
};

export async function consoleCall<N extends ConsoleCallName>(name: N, ...args: CallArgs<N>): Promise<HttpResult<N>> {
  const entry = CONSOLE_HTTP_ROUTES[name];
  const input = (args[0] ?? {}) as { readonly params?: object; readonly query?: object; readonly body?: unknown };
  const change = entry.method !== 'GET';
  let res: Response;
  try {
    res = await fetch(callUrl(entry.path, input), {
      method: entry.method,
      credentials: 'include',
      cache: 'no-store',
      headers: { accept: 'application/json', ...(change ? { 'content-type': 'application/json', 'x-eid-csrf': csrf } : {}) },
      ...(change ? { body: JSON.stringify(input.body ?? {}) } : {}),
    });
  } catch {
    throw new ConsoleCallError('NETWORK_ERROR');
  }
  const answer = (await res.json().catch(() => ({}))) as { code?: unknown };
  if (!res.ok) throw new ConsoleCallError(typeof answer.code === 'string' ? answer.code : 'GENERIC_ERROR');
  return answer as HttpResult<N>;
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
export function useConsoleCall<N extends ConsoleCallName>(name: N, input: HttpInput<N>, live?: string): { loaded: Loaded<HttpResult<N>>; reload: () => void } {
  const [loaded, setLoaded] = useState<Loaded<HttpResult<N>>>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  // The input's value, not its identity, says when to read again.
  const key = JSON.stringify(input);
  useEffect(() => {
    let alive = true;
    const call = consoleCall as (n: ConsoleCallName, i: unknown) => Promise<HttpResult<N>>;
    call(name, JSON.parse(key)).then(
      (value) => alive && setLoaded({ kind: 'done', value }),
      (e: unknown) => alive && setLoaded({ kind: 'failed', code: e instanceof ConsoleCallError ? e.code : 'GENERIC_ERROR' }),
    );
    return () => {
      alive = false;
    };
  }, [name, key, round]);
  useEffect(() => {
    if (live === undefined) return;
    // An open chat is read again only while the tab is shown: a chat left in a background tab does not mark the driver's messages read.
    return onConsoleChange((chatId) => {
      if ((live === 'any' || chatId === '' || chatId === live) && document.visibilityState === 'visible') reload();
    });
  }, [live, reload]);
  return { loaded, reload };
}
