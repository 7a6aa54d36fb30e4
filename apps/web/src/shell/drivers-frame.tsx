/**
 * The drivers' frame (app-shell §2): the toolbar, the page's wrapper, the back link, the footer, the
 * consent banner and the dialogs around every page but the bureau's console, and the first screen's
 * two pages the shell draws itself (home, the declaration's intro). A chunk of its own (issue 35 item 3):
 * the console's sign-in does without it; every other page's HTML names it (vite.page-preloads.ts), and
 * main.tsx waits for it before the first render.
 */
import type { ComponentType, ReactNode } from 'react';
import type { ShellRoute } from '@eid/domain/shell';
import { BackLink, Footer, Toolbar } from './shell-parts';
import { ConsentBanner } from './consent-banner';
import { UpdateDialog } from './pwa';
import { DeveloperTools, TestEnvironmentNotice } from './developer-mode';
import { LoginHost } from './login-host';
import { Snackbars } from './snackbar';
import type { FirstScreenPath } from './first-screen';
import { HomePage } from './home-page';
import { DeclaEntry } from '../decla/decla-entry';

export const FIRST_SCREEN_PAGES: Record<FirstScreenPath, ComponentType> = { '/': HomePage, '/decla': DeclaEntry };

/** The frame of the route shown around its page (`children`), after the skip link. */
export function DriversFrame({ route, skipLink, children }: { route: ShellRoute | undefined; skipLink: ReactNode; children: ReactNode }) {
  // The declaration has its own toolbar and no footer (app-shell §2); on a desktop it is a framed column.
  if (route?.wrapper === 'decla') {
    return (
      <>
        {skipLink}
        <TestEnvironmentNotice />
        <main id="main" tabIndex={-1} className="main--decla">
          {children}
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
      {skipLink}
      <TestEnvironmentNotice />
      <Toolbar />
      <main id="main" tabIndex={-1} className={route?.wrapper === 'information' ? 'wrapper wrapper--information' : 'wrapper wrapper--standard'}>
        {route && !route.noBack ? <BackLink /> : null}
        {children}
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
