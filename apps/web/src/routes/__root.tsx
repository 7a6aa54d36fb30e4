import { Navigate, Outlet, createRootRoute, useRouterState } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { shellRoute } from '@eid/domain/shell';
import { BackendReady } from '../shell/startup';
import { BackLink, Footer, Toolbar } from '../shell/shell-parts';
import { ConsentBanner } from '../shell/consent-banner';
import { UpdateDialog } from '../shell/pwa';
import { ErrorBoundary } from '../shell/error-boundary';
import { DeveloperTools, TestEnvironmentNotice } from '../shell/developer-mode';
import { LoginHost } from '../shell/login-host';
import { Snackbars } from '../shell/snackbar';
import { loadAccount } from '../shell/account-session';

export const Route = createRootRoute({
  // Who this browser is (the account session, issue 15): asked once, before the first page.
  beforeLoad: () => void loadAccount(),
  component: RootLayout,
  // app-shell §2: any unknown path goes to the home page.
  notFoundComponent: NotFoundRedirect,
});

/** The route's pattern (`/a/$suid`) from the matched route, for the shell table. */
function useShellRoute() {
  const routeId = useRouterState({ select: (s) => s.matches.at(-1)?.routeId ?? '/' });
  return shellRoute(routeId === '__root__' ? '/' : routeId.replace(/\/$/, '') || '/');
}

function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      <Trans>Skip to content</Trans>
    </a>
  );
}

function RootLayout() {
  const route = useShellRoute();
  const content = (
    <ErrorBoundary>
      <BackendReady>
        <Outlet />
      </BackendReady>
    </ErrorBoundary>
  );
  // The bureau's console (issue 16) draws its own toolbar and main; nothing of the drivers' frame.
  if (route?.path === '/console') {
    return (
      <>
        <SkipLink />
        {content}
        <Snackbars />
      </>
    );
  }
  // The declaration has its own toolbar and no footer (app-shell §2); on a desktop it is a framed column.
  if (route?.wrapper === 'decla') {
    return (
      <>
        <SkipLink />
        <TestEnvironmentNotice />
        <main id="main" tabIndex={-1} className="main--decla">
          {content}
        </main>
        <UpdateDialog />
        <LoginHost />
        <Snackbars />
        <DeveloperTools />
      </>
    );
  }
  const custom = route?.customToolbar ?? false;
  return (
    <>
      <SkipLink />
      <TestEnvironmentNotice />
      <Toolbar />
      <main id="main" tabIndex={-1} className={route?.wrapper === 'information' ? 'wrapper wrapper--information' : 'wrapper wrapper--standard'}>
        {route && !route.noBack ? <BackLink /> : null}
        {content}
      </main>
      {custom ? null : <Footer />}
      <ConsentBanner />
      <UpdateDialog />
      <LoginHost />
      <Snackbars />
      <DeveloperTools />
    </>
  );
}

function NotFoundRedirect() {
  return <Navigate to="/" replace />;
}
