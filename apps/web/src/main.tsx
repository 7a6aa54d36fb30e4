import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { activateLocale, i18n, initialLocale } from './i18n/i18n';
import { applyTheme, isDarkTheme } from './shell/theme';
import { installGlobalErrorLogging, log, logErrorReport, setConsoleLogging } from './shell/client-log';
import { beginStartup, whenStarted } from './shell/startup';
import { startLoaders } from './shell/loaders';
import { setUpPwa } from './shell/pwa';
import { analytics, startAnalytics } from './shell/analytics';
import { developerMode } from './shell/developer-mode';
import { setUpPageFrame } from './shell/page-frame';
import './styles.css';

const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

declare global {
  interface Window {
    /** Set by /browser-check.js when the browser lacks fetch or ResizeObserver (app-shell §2). */
    __eidUnsupported?: boolean;
  }
}

async function start(): Promise<void> {
  applyTheme(isDarkTheme());
  setUpPageFrame();
  setConsoleLogging(developerMode());
  // A message shown before its catalog loaded (a lazy part's gate forgotten) reads as its id: logged,
  // and in developer mode said in the console, where the end-to-end tests fail on it (e2e/helpers/test.ts).
  i18n.on('missing', ({ id, locale }) => log('error', 'i18n', `message without its catalog: ${id} (${locale})`));
  installGlobalErrorLogging();
  beginStartup();
  // The tag-manager and captcha loaders and the service worker a second after start-up succeeded,
  // when the first screen is shown: their requests do not compete with it (Lighthouse measured
  // 91-93 with the loaders running at once, 95-97 without).
  whenStarted(() =>
    setTimeout(() => {
      startLoaders();
      setUpPwa();
    }, 1000),
  );
  startAnalytics();
  // A page view on every navigation (app-shell §2).
  router.subscribe('onResolved', ({ toLocation }) => analytics.pageView(toLocation.pathname, document.title));
  // The page's own route code downloads beside its catalog, not after it (issue 35 item 7: a round trip
  // less on a weak connection). Only the code: the routes' loaders run when the router renders them.
  const [pageRoutes] = router.getMatchedRoutes(router.latestLocation.pathname);
  // A chunk that fails here is loaded again by the router, which shows its failure (ERR10).
  for (const route of pageRoutes) void router.loadRouteChunk(route)?.catch(() => undefined);
  // Issue 18 item 7: the browser's language until the user picks one (only a pick is remembered).
  await activateLocale(initialLocale(), false);
  const container = document.getElementById('app');
  if (!container) throw new Error('#app container missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  );
}

// The unsupported-browser page was already shown by /browser-check.js: the app does not start.
if (!window.__eidUnsupported) {
  start().catch((error: unknown) => {
    const e = error instanceof Error ? error : new Error(String(error));
    logErrorReport({ src: 'init', msg: e.message, error: e.stack }, true);
  });
}
