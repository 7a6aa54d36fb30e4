/**
 * The login gate of app-shell §4 for a route's `beforeLoad`: a route needing login is allowed when
 * the visitor is logged in or a connection token is stored; otherwise it leads home. Sign-in itself
 * is a later issue, so "logged in" is false in this build.
 */
import { redirect } from '@tanstack/react-router';
import { STORAGE_KEYS } from '@eid/domain/constants';
import { loginGate, shellRoute } from '@eid/domain/shell';
import { readStored } from '../storage';

export function requireLogin(path: string): void {
  const route = shellRoute(path) ?? { login: true };
  if (loginGate(route, { loggedIn: false, connectionToken: readStored(STORAGE_KEYS.token) }) === 'home') {
    throw redirect({ to: '/', replace: true });
  }
}
