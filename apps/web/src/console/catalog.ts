/** The console's messages (its own two catalogs, `src/console/start/locales` and `src/console/locales`), loaded with its code. */
import type { Messages } from '@lingui/core';
import { CONSOLE_LOCALES, DEFAULT_LOCALE } from '@eid/domain/constants';
import { activateLocale, catalogOf, i18n, loadCatalog } from '../i18n/i18n';

/**
 * The console's first screen's messages (the sign-in and the console's frame, `start/locales`). The console
 * speaks Lithuanian and English (issue 37): a browser in another language opens it in Lithuanian, switched
 * before anything of it is drawn, without changing the choice kept for the drivers' pages. The signed-in
 * views' messages (`locales`: 250 of them) and the forms' they also show (the error texts, the fields) are
 * not the sign-in screen's: they load with the views, after it (console-app.tsx; issue 35 item 3).
 */
export async function loadConsoleCatalog(): Promise<void> {
  if (!(CONSOLE_LOCALES as readonly string[]).includes(i18n.locale)) await activateLocale(DEFAULT_LOCALE, false);
  return loadCatalog('console', catalogOf(import.meta.glob<{ messages: Messages }>('./start/locales/*/messages.po')));
}

/** The signed-in views' messages, loaded with their code. */
export function loadConsoleViewsCatalog(): Promise<void> {
  return loadCatalog('console-views', catalogOf(import.meta.glob<{ messages: Messages }>('./locales/*/messages.po')));
}
