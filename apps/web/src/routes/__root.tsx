import { Navigate, createRootRoute } from '@tanstack/react-router';
import { loadAccount } from '../shell/account-session';

/**
 * The router's root: no frame of its own, the shell draws it around the router's pages (shell/app.tsx);
 * a route without a component (the first-screen pages, drawn by the shell) draws nothing here.
 */
export const Route = createRootRoute({
  // Who this browser is (the account session, issue 15): asked once, before the first page.
  beforeLoad: () => void loadAccount(),
  // app-shell §2: any unknown path goes to the home page.
  notFoundComponent: NotFoundRedirect,
});

function NotFoundRedirect() {
  return <Navigate to="/" replace />;
}
