/** The console's messages (its own catalog, `src/console/locales`), loaded with its code. */
import type { Messages } from '@lingui/core';
import { CONSOLE_LOCALES, DEFAULT_LOCALE } from '@eid/domain/constants';
import { activateLocale, catalogOf, i18n, loadCatalog } from '../i18n/i18n';
import { withFormsMessages } from '../decla/catalog';

/**
 * The console's messages, and the forms' it shows (fields, errors, shared components). The console
 * speaks Lithuanian and English (issue 37): a browser in another language opens it in Lithuanian,
 * switched before anything of it is drawn, without changing the choice kept for the drivers' pages.
 */
export async function loadConsoleCatalog(): Promise<void> {
  if (!(CONSOLE_LOCALES as readonly string[]).includes(i18n.locale)) await activateLocale(DEFAULT_LOCALE, false);
  return withFormsMessages(
    loadCatalog('console', catalogOf(import.meta.glob<{ messages: Messages }>('./locales/*/messages.po'))),
  );
}
