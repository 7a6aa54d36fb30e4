import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { activateLocale, i18n, initialLocale } from './i18n/i18n';
import { applyTheme, isDarkTheme } from './shell/theme';
import { installGlobalErrorLogging, log, logErrorReport, setConsoleLogging } from './shell/client-log';
import { beginStartup, whenStarted } from './shell/startup';
import { startLoaders } from './shell/loaders';
import { startAnalytics } from './shell/analytics';
import { developerMode } from './shell/developer-mode';
import { setUpPageFrame } from './shell/page-frame';
import { App, loadDriversFrame } from './shell/app';
import { loadRouter } from './shell/navigation';
import { firstScreenPathOf, isConsolePath } from './shell/first-screen';
import { loadAccount } from './shell/account-session';
import './styles.css';

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
      // The service worker's registration is not part of the first screen's bundle (issue 35 item 3).
      void import('./shell/pwa').then((m) => m.setUpPwa()).catch((error: unknown) => log('warn', 'pwa', `service worker set-up not loaded: ${String(error)}`));
    }, 1000),
  );
  startAnalytics();
  // Issue 35 item 2: the home page and the declaration's intro are drawn without the router, whose code
  // comes after their first paint; any other page needs it (and its own code, which the router loads
  // beside the catalog: the server's Link header named both with the HTML). A router that cannot be
  // fetched is said where the page would be (shell/app.tsx).
  const firstScreen = firstScreenPathOf(window.location.pathname) !== null;
  // Who this browser is, asked at once (the router's root asks it again, from the same answer).
  void loadAccount();
  // Issue 18 item 7: the browser's language until the user picks one (only a pick is remembered).
  const language = activateLocale(initialLocale(), false);
  // The router after the language: its routes' loaders read it (the console's turns a third language into Lithuanian, and
  // read too early it saw none). Its files are already on their way (the page's Link header names them).
  const pages = firstScreen ? Promise.resolve() : language.catch(() => undefined).then(() => loadRouter()).then(() => undefined, () => undefined);
  // The drivers' frame (toolbar, footer, dialogs; issue 35 item 3) on every page but the bureau's console, which draws its own.
  const consolePage = isConsolePath(window.location.pathname);
  const frame = consolePage ? Promise.resolve() : loadDriversFrame().then(() => undefined, () => undefined);
  await Promise.all([language, pages, frame]);
  const container = document.getElementById('app');
  if (!container) throw new Error('#app container missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <App />
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
