/**
 * The typed client of the service's HTTP calls (issue 32 item 3): `api.call(name, input)` finds the
 * call's method and path in the domain's registry, fills the path's parameters and the query,
 * sends the body as JSON, and resolves the answer typed as the registry says. A misspelt name or a
 * wrong input does not compile (api.test-d.ts). An account or staff call goes as the browser's
 * session makes it (its CSRF token, a NOT_SIGNED_IN signs this browser out: account-session.ts);
 * a refusal rejects with AccountCallError and the server's typed code.
 */
import { HTTP_CALLS, type HttpInput, type HttpResult, type JsonCallName } from '@eid/domain/protocol';
import { sessionCall } from './account-session';

type Args<N extends JsonCallName> = keyof HttpInput<N> extends never ? [] : [input: HttpInput<N>];

/** The call's URL: its path with each `:name` filled (encoded), and its query. */
export function callUrl(path: string, input: { readonly params?: object; readonly query?: object }): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const filled = path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [k, val] of Object.entries((input.query ?? {}) as Record<string, unknown>)) if (val !== undefined) query.set(k, String(val));
  const search = query.toString();
  return search === '' ? filled : `${filled}?${search}`;
}

export const api = {
  call<N extends JsonCallName>(name: N, ...args: Args<N>): Promise<HttpResult<N>> {
    const entry = HTTP_CALLS[name];
    const input = (args[0] ?? {}) as { readonly params?: object; readonly query?: object; readonly body?: unknown };
    // A call for anyone may come from the browser's cache as the server allows (the day-long lists); a person's never does.
    const cache = entry.caller === 'anyone' && entry.method === 'GET' ? 'default' : 'no-store';
    return sessionCall<HttpResult<N>>(callUrl(entry.path, input), { method: entry.method, cache, ...(input.body === undefined ? {} : { body: input.body }) });
  },
};
