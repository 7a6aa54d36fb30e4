/**
 * The frame around every page (app-shell §2): the skip link, the toolbar, the page's wrapper, the
 * footer, the consent banner and the dialogs, chosen by the route shown. Drawn outside the router
 * (issue 35 item 2): the first screen's pages (home, the declaration's intro) are the shell's own and
 * appear before the router's code has arrived; every other page is the router's, drawn beside them
 * once it is here. Neither is drawn anew when the router arrives: nothing typed or opened is lost.
 */
import { useEffect, type ComponentType } from 'react';
import { Trans } from '@lingui/react/macro';
import { shellRoute } from '@eid/domain/shell';
import { BackendReady } from './startup';
import { BackLink, Footer, Toolbar } from './shell-parts';
import { ConsentBanner } from './consent-banner';
import { UpdateDialog } from './pwa';
import { ErrorBoundary } from './error-boundary';
import { DeveloperTools, TestEnvironmentNotice } from './developer-mode';
import { LoginHost } from './login-host';
import { Snackbars } from './snackbar';
import { loadRouter, useLoadedRouter, useRouteId } from './navigation';
import { afterPaint } from './after-paint';
import type { FirstScreenPath } from './first-screen';
import { HomePage } from './home-page';
import { DeclaEntry } from '../decla/decla-entry';

const FIRST_SCREEN_PAGES: Record<FirstScreenPath, ComponentType> = { '/': HomePage, '/decla': DeclaEntry };

function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      <Trans>Skip to content</Trans>
    </a>
  );
}

/** The router's code could not be fetched (offline on a first visit, a time-out): said, with a reload (ERR10). */
function PagesNotLoaded() {
  return (
    <div className="page page-load" data-state="error">
      <p role="alert">
        <Trans>The page could not be loaded. Check the internet connection and try again.</Trans>
      </p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}

/** The page of the route shown: the shell's own first-screen page, or the router's pages once they are here. */
function Page({ routeId }: { routeId: string }) {
  const { router, failed } = useLoadedRouter();
  const FirstPage = routeId in FIRST_SCREEN_PAGES ? FIRST_SCREEN_PAGES[routeId as FirstScreenPath] : null;
  return (
    <ErrorBoundary>
      <BackendReady>
        {FirstPage ? <FirstPage /> : null}
        {router ? <router.Pages /> : null}
        {!router && !FirstPage && failed ? <PagesNotLoaded /> : null}
      </BackendReady>
    </ErrorBoundary>
  );
}

export function App() {
  const routeId = useRouteId();
  // On a first-screen page the router comes after the paint, before a tap is likely (~0.3 s on the roadside profile).
  useEffect(() => afterPaint(() => void loadRouter().catch(() => undefined)), []);
  const route = shellRoute(routeId);
  const content = <Page routeId={routeId} />;
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
