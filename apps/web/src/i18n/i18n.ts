import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, LOCALES, STORAGE_KEYS, type Locale } from '@eid/domain/constants';
import { readStored, writeStored } from '../storage';

export { i18n };

/** Compiled catalogs, one lazy chunk per language: only the active one is downloaded. */
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  lt: () => import('../locales/lt/messages.po'),
  en: () => import('../locales/en/messages.po'),
};

export function isLocale(x: unknown): x is Locale {
  return typeof x === 'string' && (LOCALES as readonly string[]).includes(x);
}

/** The stored choice (uilang) or Lithuanian, the default and fallback locale. */
export function initialLocale(): Locale {
  const stored = readStored(STORAGE_KEYS.uilang);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/** Loads the catalog, switches the UI, remembers the choice and sets <html lang>. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.loadAndActivate({ locale, messages });
  writeStored(STORAGE_KEYS.uilang, locale);
  document.documentElement.lang = locale;
}
