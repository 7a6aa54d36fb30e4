/** The console's calls (CONSOLE_PATH): JSON, the staff session's cookie, its CSRF token on every change. */
import { useCallback, useEffect, useState } from 'react';
import { CONSOLE_PATH } from '@eid/domain';

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

/** GETs `path`, again when `reload` is called and whenever a chat changes (the console's stream). */
export function useConsoleCall<T>(path: string): { loaded: Loaded<T>; reload: () => void } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  useEffect(() => {
    let live = true;
    consoleCall<T>(path).then(
      (value) => live && setLoaded({ kind: 'done', value }),
      (e: unknown) => live && setLoaded({ kind: 'failed', code: e instanceof ConsoleCallError ? e.code : 'GENERIC_ERROR' }),
    );
    return () => {
      live = false;
    };
  }, [path, round]);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`${CONSOLE_PATH}/events`, { withCredentials: true });
    source.addEventListener('chat', reload);
    return () => source.close();
  }, [reload]);
  return { loaded, reload };
}
