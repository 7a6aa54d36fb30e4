import { afterEach, describe, expect, it, vi } from 'vitest';
import { msg } from '@lingui/core/macro';
import { activateLocale, catalogOf, i18n, initialLocale, isLocale, languagePicked, loadCatalog } from './i18n';
import { loadAccountCatalog } from '../account/catalog';

describe('interface language', () => {
  afterEach(() => localStorage.clear());

  it.each([
    [['en-GB', 'en'], 'en'],
    [['lt-LT', 'en-US'], 'lt'],
    [['de-DE', 'en-US'], 'de'],
    [['fr-FR', 'en-US'], 'en'],
    [['uk-UA', 'ru-RU'], 'uk'],
    [['pl'], 'pl'],
    [['lv-LV'], 'lv'],
    [['fr-FR', 'it-IT'], 'lt'],
    [[], 'lt'],
  ])('with nothing stored, follows the browser\'s languages %j: %s (Lithuanian when it speaks neither)', (languages, expected) => {
    const spy = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
    expect(initialLocale()).toBe(expected);
    spy.mockRestore();
  });

  it('[ST5] a link that names a language (?lang=) opens in it over the browser\'s, until the user picks one', () => {
    const spy = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['lt-LT']);
    window.history.replaceState(null, '', '/a/Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp?lang=en');
    expect(initialLocale()).toBe('en');
    expect(languagePicked()).toBe(false);
    window.history.replaceState(null, '', '/a/Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp?lang=xx');
    expect(initialLocale()).toBe('lt');
    window.history.replaceState(null, '', '/a/Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp?lang=en');
    localStorage.setItem('uilang', 'lt');
    expect(languagePicked()).toBe(true);
    expect(initialLocale()).toBe('lt');
    window.history.replaceState(null, '', '/');
    spy.mockRestore();
  });

  it('starts in the stored language (uilang) and ignores an unknown stored value', () => {
    localStorage.setItem('uilang', 'en');
    expect(initialLocale()).toBe('en');
    localStorage.setItem('uilang', 'fr');
    const spy = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['lt-LT']);
    expect(initialLocale()).toBe('lt');
    spy.mockRestore();
  });

  it('knows exactly the seven locales (issue 37)', () => {
    expect(['lt', 'en', 'pl', 'lv', 'uk', 'ru', 'de'].every(isLocale)).toBe(true);
    expect(isLocale('fr')).toBe(false);
    expect(isLocale('LT')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });

  it('activates a catalog, sets <html lang> and stores the choice', async () => {
    await activateLocale('en');
    expect(i18n.locale).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('uilang')).toBe('en');
    await activateLocale('lt');
    expect(i18n._(msg`Call 112`)).toBe('Skambinti 112');
    await activateLocale('en');
    expect(i18n._(msg`Call 112`)).toBe('Call 112');
  });

  it('a lazy part\'s messages (the account area\'s) arrive with it, join the active language, and follow a change of language', async () => {
    await activateLocale('lt');
    // Not loaded: the first screen does not carry them (the source text shows).
    expect(i18n._(msg`Sign out everywhere`)).toBe('Sign out everywhere');
    await loadAccountCatalog();
    expect(i18n._(msg`Sign out everywhere`)).toBe('Atsijungti visur');
    expect(i18n._(msg`Call 112`)).toBe('Skambinti 112');
    await activateLocale('en');
    expect(i18n._(msg`Sign out everywhere`)).toBe('Sign out everywhere');
    await activateLocale('lt');
    expect(i18n._(msg`Sign out everywhere`)).toBe('Atsijungti visur');
  });

  it('every language has each catalog of the drivers\' pages, and its texts (issue 37)', async () => {
    for (const locale of ['pl', 'lv', 'uk', 'ru', 'de'] as const) {
      await activateLocale(locale);
      expect(document.documentElement.lang).toBe(locale);
      const call = i18n._(msg`Call 112`);
      expect(call, locale).toMatch(/112/);
      expect(call, locale).not.toBe('Call 112');
      await loadAccountCatalog();
      expect(i18n._(msg`Sign out everywhere`), locale).not.toBe('Sign out everywhere');
    }
    await activateLocale('lt');
  });

  it('a part that speaks fewer languages (the console: lt, en) loads nothing for the others, and a glob\'s paths name their locales', async () => {
    const loaded: string[] = [];
    const files = {
      './locales/lt/messages.po': async () => (loaded.push('lt'), { messages: {} }),
      './locales/en/messages.po': async () => (loaded.push('en'), { messages: {} }),
      './locales/xx/messages.po': async () => (loaded.push('xx'), { messages: {} }),
    };
    const catalog = catalogOf(files);
    expect(Object.keys(catalog).sort()).toEqual(['en', 'lt']);
    await activateLocale('uk');
    await loadCatalog('two-only', catalog);
    expect(loaded).toEqual([]);
    await activateLocale('en');
    expect(loaded).toEqual(['en']);
    await activateLocale('lt');
  });

  it('a language whose texts do not arrive leaves the page as it was, and parts registered later load for the page\'s language, not the failed one', async () => {
    await activateLocale('lt');
    const failing = { lt: async () => ({ messages: {} }), uk: () => Promise.reject(new Error('offline')) };
    await loadCatalog('flaky', failing);
    await expect(activateLocale('uk')).rejects.toThrow('offline');
    expect(i18n.locale).toBe('lt');
    expect(document.documentElement.lang).toBe('lt');
    const loaded: string[] = [];
    await loadCatalog('later', { lt: async () => (loaded.push('lt'), { messages: {} }), uk: async () => (loaded.push('uk'), { messages: {} }) });
    expect(loaded).toEqual(['lt']);
  });
});

