/** The content pages' messages (info, FAQ, terms, about, history: `src/content/locales`), loaded with their code. */
import type { Messages } from '@lingui/core';
import { catalogOf, loadCatalog } from '../i18n/i18n';

export function loadContentCatalog(): Promise<void> {
  return loadCatalog('content', catalogOf(import.meta.glob<{ messages: Messages }>('./locales/*/messages.po')));
}
