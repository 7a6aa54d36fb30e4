/** The console's messages (its own catalog, `src/console/locales`), loaded with its code. */
import type { Messages } from '@lingui/core';
import { CONSOLE_LOCALES, DEFAULT_LOCALE } from '@eid/domain/constants';
import { activateLocale, catalogOf, i18n, loadCatalog } from '../i18n/i18n';

/**
 * The console's own messages. The console speaks Lithuanian and English (issue 37): a browser in
 * another language opens it in Lithuanian, switched before anything of it is drawn, without changing
 * the choice kept for the drivers' pages. The forms' messages it also shows (the error texts, the
 * fields of the signed-in views) are not the sign-in screen's: they load after it (console-app.tsx).
 */
export async function loadConsoleCatalog(): Promise<void> {
  if (!(CONSOLE_LOCALES as readonly string[]).includes(i18n.locale)) await activateLocale(DEFAULT_LOCALE, false);
  return loadCatalog('console', catalogOf(import.meta.glob<{ messages: Messages }>('./locales/*/messages.po')));
}
