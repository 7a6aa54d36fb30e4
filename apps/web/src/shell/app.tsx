/**
 * The app (app-shell §2): the frame of the route shown around its page, drawn outside the router
 * (issue 35 item 2). The first screen's pages (home, the declaration's intro) are the shell's own and
 * appear before the router's code has arrived; every other page is the router's, drawn beside them
 * once it is here. Neither is drawn anew when the router arrives: nothing typed or opened is lost. The
 * drivers' frame is a part of its own (drivers-frame.tsx); the bureau's console draws its own.
 */
import { useEffect, type ComponentType } from 'react';
import { Trans } from '@lingui/react/macro';
import { shellRoute } from '@eid/domain/shell';
import { BackendReady } from './startup';
import { ErrorBoundary } from './error-boundary';
import { Snackbars } from './snackbar';
import { loadRouter, routerFailed, useAddress, useLoadedRouter, useRouteId } from './navigation';
import { afterPaint } from './after-paint';
import { CONSOLE_PAGE_PATH, isConsolePath, type FirstScreenPath } from './first-screen';
import { analytics } from './analytics';
import { withChunkTimeout } from './chunk-timeout';
import { lazyPart, usePart } from './lazy-part';

const driversFrame = lazyPart(withChunkTimeout(() => import('./drivers-frame')));

/** The drivers' frame, fetched once (main.tsx waits for it on a drivers' page). */
export const loadDriversFrame = () => driversFrame.load();

function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      <Trans>Skip to content</Trans>
    </a>
  );
}

/** A part of the app's code could not be fetched (offline on a first visit, a time-out): said, with a reload (ERR10). */
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

type FirstScreenPages = Readonly<Record<FirstScreenPath, ComponentType>>;

/** The page of the route shown: the shell's own first-screen page, or the router's pages once they are here. */
function Page({ routeId, firstScreen }: { routeId: string; firstScreen: FirstScreenPages | null }) {
  const { value: router, failed } = useLoadedRouter();
  const FirstPage = firstScreen && routeId in firstScreen ? firstScreen[routeId as FirstScreenPath] : null;
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
  const route = shellRoute(routeId);
  const frame = usePart(driversFrame);
  // Before the router (or without it) the address says: no drivers' frame around the console's failure either.
  const isConsole = route ? route.path === CONSOLE_PAGE_PATH : isConsolePath(window.location.pathname);
  // On a first-screen page the router comes after the paint, before a tap is likely (~0.3 s on the roadside profile);
  // on another page main.tsx asked for it before this render (a failure there is said, with a reload, not tried again here).
  useEffect(() => afterPaint(() => void (routerFailed() ? undefined : loadRouter().catch(() => undefined))), []);
  // A page view on every navigation (app-shell §2): of the address the shell follows, before the router and after it.
  const address = useAddress();
  useEffect(() => analytics.pageView(address.replace(/\?.*$/, ''), document.title), [address]);
  // From the console to a drivers' page (signed out, a link): the frame is fetched then.
  useEffect(() => {
    if (!isConsole && frame.value === null && !frame.failed) void loadDriversFrame().catch(() => undefined);
  }, [isConsole, frame]);
  // The bureau's console (issue 16) draws its own toolbar and main; nothing of the drivers' frame.
  if (isConsole) {
    return (
      <>
        <SkipLink />
        <Page routeId={routeId} firstScreen={null} />
        <Snackbars />
      </>
    );
  }
  if (frame.value === null) {
    return frame.failed ? (
      <main id="main" tabIndex={-1} className="wrapper wrapper--standard">
        <PagesNotLoaded />
      </main>
    ) : null;
  }
  const { DriversFrame, FIRST_SCREEN_PAGES } = frame.value;
  return (
    <DriversFrame route={route} skipLink={<SkipLink />}>
      <Page routeId={routeId} firstScreen={FIRST_SCREEN_PAGES} />
    </DriversFrame>
  );
}
