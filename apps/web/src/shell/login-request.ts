/**
 * The login dialog's request (what it is opened for) and its store: opened from anywhere — the toolbar,
 * the login gate of a route, the end screen — and shown by the shell's host (login-host.tsx) with the
 * dialog (account/login-dialog.tsx). Apart from the host, so that the router's route tree opens it
 * without the host's code (issue 35 item 3: the console's first screen).
 */

/** What the login dialog is opened for. */
export interface LoginRequest {
  readonly mode: 'sign-in' | 'register' | 'forgot' | 'reset' | 'smart-id' | 'mobile-id';
  /** Prefilled address (the end screen's offer: the declaration's e-mail). */
  readonly email?: string;
  /** The reset link's token. */
  readonly token?: string;
  /** Where to go once signed in (a page the login gate turned away). */
  readonly next?: string;
  /** A sign-in elsewhere (a social provider) that came back refused: its typed code. */
  readonly refused?: string;
}

/** The open request, numbered: a new request opens the dialog afresh. */
let request: { readonly n: number; readonly value: LoginRequest } | null = null;
let opened = 0;
const listeners = new Set<() => void>();

function show(next: LoginRequest | null): void {
  request = next ? { n: ++opened, value: next } : null;
  for (const l of listeners) l();
}

/** Opens the login dialog for this request (a new request opens it afresh). */
export const openLogin = (next: LoginRequest): void => show(next);
export const closeLogin = (): void => show(null);

export function subscribeLogin(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The request shown, numbered (null: closed). */
export const shownLogin = () => request;
