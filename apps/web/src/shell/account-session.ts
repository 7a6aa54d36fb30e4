/**
 * The browser's account session (issue 15) for the whole app: unknown until asked, anonymous, or
 * signed in with the account's view (its CSRF token included). The session itself is the
 * server's HTTP-only cookie; this device keeps only a flag that it may have one
 * (STORAGE_KEYS.signedIn), so a visitor who never signed in costs the server no call.
 */
import { useSyncExternalStore } from 'react';
import type { AccountView } from '@eid/domain';
import { STORAGE_KEYS } from '@eid/domain/constants';
import { ACCOUNT_PATH } from '@eid/domain/shell';
import { readStored, removeStored, writeStored } from '../storage';

export type AccountState =
  | { readonly kind: 'unknown' }
  /** `ended`: this browser was signed in and the server no longer knows its session (signed out elsewhere, expired). */
  | { readonly kind: 'anonymous'; readonly ended?: boolean }
  | { readonly kind: 'signed-in'; readonly account: AccountView };

let state: AccountState = { kind: 'unknown' };
const listeners = new Set<() => void>();
let asking: Promise<AccountState> | null = null;

function set(next: AccountState): void {
  state = next;
  for (const l of listeners) l();
}

export const accountSnapshot = (): AccountState => state;

export function subscribeAccount(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAccount(): AccountState {
  return useSyncExternalStore(subscribeAccount, accountSnapshot);
}

/** The account came back from a sign-in or from `…/me`. */
export function signedIn(account: AccountView): void {
  writeStored(STORAGE_KEYS.signedIn, '1');
  set({ kind: 'signed-in', account });
}

/** Signed out (here, everywhere, or — `ended` — the server no longer knows the session). */
export function signedOut(ended = false): void {
  removeStored(STORAGE_KEYS.signedIn);
  set(ended ? { kind: 'anonymous', ended } : { kind: 'anonymous' });
}

/** Whether this browser's session was ended from elsewhere (the login dialog and the gate say so). */
export const sessionEnded = (): boolean => state.kind === 'anonymous' && state.ended === true;

/**
 * Who this browser is, asked once per page load (and again after a sign-out or a refusal). Without
 * the flag it is anonymous at once. Offline it counts as anonymous for now and the flag stays, so
 * the next page load asks again.
 */
export function loadAccount(): Promise<AccountState> {
  if (state.kind !== 'unknown') return Promise.resolve(state);
  if (readStored(STORAGE_KEYS.signedIn) !== '1') {
    set({ kind: 'anonymous' });
    return Promise.resolve(state);
  }
  asking ??= fetch(`${ACCOUNT_PATH}/me`, { credentials: 'include', cache: 'no-store', headers: { accept: 'application/json' } })
    .then(async (res) => {
      if (res.ok) signedIn((await res.json()) as AccountView);
      // Only the server's "no session" signs out; a refusal for load (429, 5xx) leaves the flag for the next page load.
      else if (res.status === 401) signedOut(true);
      else set({ kind: 'anonymous' });
      return state;
    })
    .catch(() => {
      set({ kind: 'anonymous' });
      return state;
    })
    .finally(() => {
      asking = null;
    });
  return asking;
}

/** A refused account call: the server's typed code (or NETWORK_ERROR), and the seconds to wait when it says. */
export class AccountCallError extends Error {
  constructor(
    readonly code: string,
    readonly retryAfterSeconds?: number,
    /** The field the server refused (its `path`), when it names one. */
    readonly path?: string,
  ) {
    super(code);
  }
}

export interface CallInit {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly body?: unknown;
  /** How the browser's cache may answer (an account's answers: never; a list the same for everyone: as the server says). */
  readonly cache?: RequestCache;
  /** A form with files: told the share sent so far (0…1); the call then goes by XMLHttpRequest, which reports it. */
  readonly onProgress?: (fraction: number) => void;
}

/** `fetch` for an upload whose progress is shown: the same answer as a Response. */
function xhrFetch(url: string, init: RequestInit, onProgress: (fraction: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'POST', url);
    xhr.withCredentials = true;
    for (const [k, val] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(k, val);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      resolve(new Response(xhr.responseText, { status: xhr.status, headers }));
    };
    xhr.onerror = () => reject(new TypeError('network'));
    xhr.onabort = () => reject(new TypeError('aborted'));
    xhr.send(init.body as XMLHttpRequestBodyInit | null);
  });
}

/**
 * A call as the browser's account session makes it: JSON in and out (a form with files as
 * multipart), the session's CSRF token on every call of a signed-in browser. A NOT_SIGNED_IN
 * answer signs this browser out; a stale CSRF token (a new session from another tab) is renewed
 * once. The typed face of it is `api.call` (api.ts).
 */
export async function sessionCall<T>(url: string, init: CallInit = {}): Promise<T> {
  try {
    return await callOnce<T>(url, init);
  } catch (e) {
    // Signed in again in another tab: this page's CSRF token is the old session's. Ask who this is and try once more.
    if (!(e instanceof AccountCallError) || e.code !== 'CSRF_TOKEN_INVALID' || state.kind !== 'signed-in') throw e;
    set({ kind: 'unknown' });
    if ((await loadAccount()).kind !== 'signed-in') throw e;
    return callOnce<T>(url, init);
  }
}

async function callOnce<T>(url: string, init: CallInit): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // A form with files goes as multipart (the browser writes its boundary); anything else as JSON.
  const form = init.body instanceof FormData ? init.body : null;
  if (init.body !== undefined && !form) headers['content-type'] = 'application/json';
  if (state.kind === 'signed-in') headers['x-eid-csrf'] = state.account.csrfToken;
  let res: Response;
  try {
    const request: RequestInit = {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      credentials: 'include',
      cache: init.cache ?? 'no-store',
      headers,
      ...(init.body === undefined ? {} : { body: form ?? JSON.stringify(init.body) }),
    };
    res = await (form && init.onProgress ? xhrFetch(url, request, init.onProgress) : fetch(url, request));
  } catch {
    throw new AccountCallError('NETWORK_ERROR');
  }
  const body = (await res.json().catch(() => ({}))) as { code?: unknown; path?: unknown };
  if (res.ok) return body as T;
  const code = typeof body.code === 'string' ? body.code : 'GENERIC_ERROR';
  if (code === 'NOT_SIGNED_IN') signedOut(state.kind === 'signed-in');
  const retry = Number(res.headers.get('retry-after'));
  throw new AccountCallError(code, Number.isFinite(retry) && retry > 0 ? retry : undefined, typeof body.path === 'string' ? body.path : undefined);
}
