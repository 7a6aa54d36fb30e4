/**
 * The forms catalog (`src/decla/locales`, issue 35): the wizard behind its intro, the fields and
 * their error messages, the shared components, the statement and confirmation pages. It is not part
 * of the first screen: whatever shows these messages loads it with its own code, before it renders.
 */
import type { Messages } from '@lingui/core';
import { catalogOf, loadCatalog } from '../i18n/i18n';

export function loadFormsCatalog(): Promise<void> {
  return loadCatalog('forms', catalogOf(import.meta.glob<{ messages: Messages }>('./locales/*/messages.po')));
}

/** A part's own catalog and the forms' it shows (fields, errors, shared components), loaded together. */
export function withFormsMessages(own: Promise<void>): Promise<void> {
  return Promise.all([own, loadFormsCatalog()]).then(() => undefined);
}

/** A lazy module that shows the forms' messages: its code and the catalog, together. */
export function withFormsCatalog<T>(load: () => Promise<T>): Promise<T> {
  return Promise.all([load(), loadFormsCatalog()]).then(([module]) => module);
}
