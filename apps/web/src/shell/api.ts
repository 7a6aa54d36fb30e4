/**
 * The typed client of the service's HTTP calls (issue 32 item 3): `api.call(name, input)` finds the
 * call's method and path in the domain's routes table, fills the path's parameters and the query,
 * sends the body as JSON, and resolves the answer typed as the registry says. A misspelt name or a
 * wrong input does not compile (api.test-d.ts). An account or staff call goes as the browser's
 * session makes it (its CSRF token, a NOT_SIGNED_IN signs this browser out: account-session.ts);
 * a refusal rejects with AccountCallError and the server's typed code.
 */
// The routes table only: the calls' schemas (and the libraries they use) are the server's to check.
import { HTTP_ROUTES, type CallsOf, type HttpInput, type HttpResult, type JsonCallName } from '@eid/domain/protocol';
import { sessionCall } from './account-session';
import { callUrl } from './call-url';

/** A call's arguments: its input when it declares any, else none. */
export type CallArgs<N extends JsonCallName> = keyof HttpInput<N> extends never ? [] : [input: HttpInput<N>];

/** The calls that take files: their `fields` go as form fields, then the files, as one multipart body. */
export type UploadCallName = { [N in JsonCallName]: 'fields' extends keyof HttpInput<N> ? N : never }[JsonCallName];

export const api = {
  /** A call with files (multipart): its declared inputs, then the files under `files`. */
  upload<N extends UploadCallName>(name: N, input: HttpInput<N>, files: readonly File[], onProgress?: (fraction: number) => void): Promise<HttpResult<N>> {
    const entry = HTTP_ROUTES[name];
    const { fields, ...rest } = input as { readonly fields: Record<string, unknown>; readonly params?: object };
    const form = new FormData();
    for (const [k, val] of Object.entries(fields)) if (val !== undefined) form.append(k, String(val));
    for (const f of files) form.append('files', f, f.name);
    return sessionCall<HttpResult<N>>(callUrl(entry.path, rest), { method: entry.method, body: form, ...(onProgress ? { onProgress } : {}) });
  },

  /** A call of this browser (anyone's, this site's pages', the signed-in account's); the console's are console-api.ts's. */
  call<N extends CallsOf<'anyone' | 'page' | 'account'>>(name: N, ...args: CallArgs<N>): Promise<HttpResult<N>> {
    const entry = HTTP_ROUTES[name];
    const input = (args[0] ?? {}) as { readonly params?: object; readonly query?: object; readonly body?: unknown };
    // A call for anyone may come from the browser's cache as the server allows (the day-long lists); a person's never does.
    const cache = entry.caller === 'anyone' && entry.method === 'GET' ? 'default' : 'no-store';
    return sessionCall<HttpResult<N>>(callUrl(entry.path, input), { method: entry.method, cache, ...(input.body === undefined ? {} : { body: input.body }) });
  },
};
