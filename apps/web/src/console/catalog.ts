/** The console's messages (its own catalog, `src/console/locales`), loaded with its code. */
import { loadCatalog } from '../i18n/i18n';

export function loadConsoleCatalog(): Promise<void> {
  return loadCatalog('console', {
    lt: () => import('./locales/lt/messages.po'),
    en: () => import('./locales/en/messages.po'),
  });
}
