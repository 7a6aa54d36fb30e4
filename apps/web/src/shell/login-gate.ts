/**
 * The login gate of app-shell §4 for a route's `beforeLoad`: a route needing login is allowed when
 * the browser's account session is alive (asked of the server, issue 15) or a connection token
 * is stored; otherwise it leads home, where the login dialog opens and brings the visitor back
 * to the page once signed in.
 */
import { redirect } from '@tanstack/react-router';
import { STORAGE_KEYS } from '@eid/domain/constants';
import { loginGate, shellRoute } from '@eid/domain/shell';
import { readStored } from '../storage';
import { loadAccount } from './account-session';
import { openLogin } from './login-request';

export async function requireLogin(path: string, at?: { readonly preload: boolean; readonly location: { readonly href: string } }): Promise<void> {
  const route = shellRoute(path) ?? { login: true };
  const account = await loadAccount();
  if (loginGate(route, { loggedIn: account.kind === 'signed-in', connectionToken: readStored(STORAGE_KEYS.token) }) === 'home') {
    // A link hovered (preloading) is not a visit: the dialog opens only when the page is asked for.
    if (!at?.preload) openLogin({ mode: 'sign-in', next: at?.location.href ?? path });
    throw redirect({ to: '/', replace: true });
  }
}
