/** The console's messages (its own catalog, `src/console/locales`), loaded with its code. */
import type { Messages } from '@lingui/core';
import { catalogOf, loadCatalog } from '../i18n/i18n';
import { withFormsMessages } from '../decla/catalog';

/** The console's messages, and the forms' it shows (fields, errors, shared components). */
export function loadConsoleCatalog(): Promise<void> {
  return withFormsMessages(
    loadCatalog('console', catalogOf(import.meta.glob<{ messages: Messages }>('./locales/*/messages.po'))),
  );
}
