/** The console's messages (its own catalog, `src/console/locales`), loaded with its code. */
import { loadCatalog } from '../i18n/i18n';
import { withFormsMessages } from '../decla/catalog';

/** The console's messages, and the forms' it shows (fields, errors, shared components). */
export function loadConsoleCatalog(): Promise<void> {
  return withFormsMessages(
    loadCatalog('console', {
      lt: () => import('./locales/lt/messages.po'),
      en: () => import('./locales/en/messages.po'),
    }),
  );
}
