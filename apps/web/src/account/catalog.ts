/** The account area's messages (its own catalog, `src/account/locales`), loaded with its code. */
import type { Messages } from '@lingui/core';
import { catalogOf, loadCatalog } from '../i18n/i18n';
import { withFormsMessages } from '../decla/catalog';

/** The account area's messages, and the forms' it shows (fields, errors, shared components). */
export function loadAccountCatalog(): Promise<void> {
  return withFormsMessages(
    loadCatalog('account', catalogOf(import.meta.glob<{ messages: Messages }>('./locales/*/messages.po'))),
  );
}

/** A lazy part of the account area: its code and its messages, together. */
export function withAccountCatalog<T>(load: () => Promise<T>): Promise<T> {
  return Promise.all([load(), loadAccountCatalog()]).then(([module]) => module);
}
