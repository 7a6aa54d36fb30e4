/** The content pages' messages (info, FAQ, terms, about, history: `src/content/locales`), loaded with their code. */
import { loadCatalog } from '../i18n/i18n';

export function loadContentCatalog(): Promise<void> {
  return loadCatalog('content', {
    lt: () => import('./locales/lt/messages.po'),
    en: () => import('./locales/en/messages.po'),
  });
}
