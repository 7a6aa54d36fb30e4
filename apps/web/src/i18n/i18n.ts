import { i18n, type Messages } from '@lingui/core';
import { LINK_LANG_PARAM, STORAGE_KEYS, isLocale, localeOfLanguages, type Locale } from '@eid/domain/constants';
import { readStored, writeStored } from '../storage';

export { i18n, isLocale };

/** A catalog's compiled languages, one lazy chunk each: only the active one is downloaded. A part may speak fewer (the console: lt, en). */
export type Catalog = Partial<Record<Locale, () => Promise<{ messages: Messages }>>>;

/** A catalog from Vite's glob of its `locales/<locale>/messages.po` files (lazy: one chunk per language). */
export function catalogOf(files: Record<string, () => Promise<{ messages: Messages }>>): Catalog {
  const catalog: Catalog = {};
  for (const [path, load] of Object.entries(files)) {
    const locale = /\/([a-z]{2})\/messages\.po$/.exec(path)?.[1];
    if (isLocale(locale)) catalog[locale] = load;
  }
  return catalog;
}

const catalogs = catalogOf(import.meta.glob<{ messages: Messages }>('../locales/*/messages.po'));

/**
 * The catalogs of lazily loaded parts (the account area's): a part's messages are downloaded with
 * its code, for the active language, and again for a language chosen later.
 */
const parts = new Map<string, Catalog>();
const partsLoaded = new Map<string, Promise<void>>();

function loadPart(name: string, locale: Locale): Promise<void> {
  const key = `${name}:${locale}`;
  let loading = partsLoaded.get(key);
  if (!loading) {
    const load = parts.get(name)?.[locale];
    if (!load) return Promise.resolve();
    loading = load().then(({ messages }) => i18n.load(locale, messages));
    // A failed download is tried again next time.
    loading.catch(() => partsLoaded.delete(key));
    partsLoaded.set(key, loading);
  }
  return loading;
}

/** The language being activated (or the active one): a part registered meanwhile loads for it. */
let target: Locale | null = null;

/** Registers a lazy part's catalog and loads it for the active language (merged into the messages). */
export function loadCatalog(name: string, catalog: Catalog): Promise<void> {
  parts.set(name, catalog);
  return loadPart(name, target ?? (isLocale(i18n.locale) ? i18n.locale : initialLocale()));
}

/** Whether the user picked a language on this browser (only a pick is stored). */
export function languagePicked(): boolean {
  return isLocale(readStored(STORAGE_KEYS.uilang));
}

/**
 * The user's choice (uilang); until they make one, the language a link names (`?lang=`, ST5: the
 * view link opens in the language its driver filled in), then the first of the browser's languages
 * (`navigator.languages`) the service speaks; else Lithuanian, the default and fallback locale.
 */
export function initialLocale(): Locale {
  const stored = readStored(STORAGE_KEYS.uilang);
  if (isLocale(stored)) return stored;
  const linked = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get(LINK_LANG_PARAM);
  if (isLocale(linked)) return linked;
  return localeOfLanguages(typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]);
}

/** Loads the catalog, switches the UI, remembers the choice and sets <html lang>. */
/** `remember` false: the language came from the browser, not a choice; it is not stored, so it keeps following the browser. */
export async function activateLocale(locale: Locale, remember = true): Promise<void> {
  const load = catalogs[locale];
  if (!load) throw new Error(`no catalog for ${locale}`);
  target = locale;
  try {
    const [{ messages }] = await Promise.all([load(), ...[...parts.keys()].map((name) => loadPart(name, locale))]);
    // A part registered while this ran loaded for `locale` too; wait for it before switching.
    await Promise.all([...parts.keys()].map((name) => loadPart(name, locale)));
    if (target !== locale) return;
    i18n.load(locale, messages);
    i18n.activate(locale);
    if (remember) writeStored(STORAGE_KEYS.uilang, locale);
    document.documentElement.lang = locale;
  } catch (error) {
    // Not downloaded (a weak connection): the page stays in its language, and the parts load for it.
    if (target === locale) target = isLocale(i18n.locale) ? i18n.locale : null;
    throw error;
  }
}

/** A switch still loading is given up (the picker closed): the page stays in its language. */
export function cancelLocaleSwitch(): void {
  target = isLocale(i18n.locale) ? i18n.locale : null;
}
