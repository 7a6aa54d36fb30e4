/**
 * The texts a person sees, in the page's language (issue 37): the web app's own catalogs read the
 * way the app reads them, so a test finds a button by the name a Ukrainian or a Lithuanian driver
 * reads, written once, in the source's English. A source text the catalogs do not hold is an error
 * (a typo in a test must not pass as a text that is never shown).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { setupI18n, type I18n } from '@lingui/core';
import type { Locale } from '@eid/domain/constants';
import type { Page } from '@playwright/test';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CATALOGS = ['apps/web/src/locales', 'apps/web/src/decla/locales', 'apps/web/src/content/locales', 'apps/web/src/account/locales'];
// Lingui's own ICU compiler and the .po reader, as the server's texts use them.
const fromTexts = createRequire(`${ROOT}adapters/texts-catalog/package.json`);
const { compileMessage } = fromTexts('@lingui/message-utils/compileMessage') as { compileMessage(message: string): unknown };
const PO = fromTexts('pofile') as { parse(text: string): { items: Array<{ msgid: string; msgstr: string[] }> } };

/** msgid → msgstr of a .po file, read by `pofile` as the server's catalogs are. */
function readPo(file: string): Map<string, string> {
  return new Map(PO.parse(readFileSync(file, 'utf8')).items.filter((item) => item.msgid).map((item) => [item.msgid, item.msgstr[0] ?? '']));
}

const instances = new Map<Locale, { i18n: I18n; ids: Set<string> }>();

function instance(lang: Locale): { i18n: I18n; ids: Set<string> } {
  let found = instances.get(lang);
  if (!found) {
    const messages: Record<string, unknown> = {};
    for (const dir of CATALOGS) for (const [id, str] of readPo(`${ROOT}${dir}/${lang}/messages.po`)) messages[id] = compileMessage(str || id);
    const i18n = setupI18n({ locale: lang, messages: { [lang]: messages as never } });
    found = { i18n, ids: new Set(Object.keys(messages)) };
    instances.set(lang, found);
  }
  return found;
}

/** A text as it reads in `lang`: the app's English source in, the shown text out (placeholders filled). */
export type Texts = (english: string, values?: Record<string, unknown>) => string;

export function textsOf(lang: Locale): Texts {
  const { i18n, ids } = instance(lang);
  return (english, values) => {
    if (!ids.has(english)) throw new Error(`no such text in the catalogs: "${english}"`);
    // Rich-text tags (<0>privacy policy</0>) are elements in the page: their text is what a person reads.
    return i18n._(english, values).replace(/<\/?\d+\/?>/g, '');
  };
}

const servers = new Map<Locale, I18n>();

/** The server's texts (SMS, e-mails, the PDF) in `lang`, by their explicit ids, placeholders filled. */
export function serverTextsOf(lang: Locale): (id: string, values?: Record<string, unknown>) => string {
  let i18n = servers.get(lang);
  if (!i18n) {
    const messages: Record<string, unknown> = {};
    for (const [id, str] of readPo(`${ROOT}adapters/texts-catalog/locales/${lang}/messages.po`)) messages[id] = compileMessage(str);
    i18n = setupI18n({ locale: lang, messages: { [lang]: messages as never } });
    servers.set(lang, i18n);
  }
  const ready = i18n;
  return (id, values) => {
    if (!(id in (ready.messages as Record<string, unknown>))) throw new Error(`no such server text: "${id}"`);
    return ready._(id, values);
  };
}

/** The page's language (its <html lang>, set by the app). */
export async function pageLang(page: Page): Promise<Locale> {
  return ((await page.locator('html').getAttribute('lang')) ?? 'lt') as Locale;
}

/** The texts of the page's language. */
export async function pageTexts(page: Page): Promise<Texts> {
  return textsOf(await pageLang(page));
}

/** A text as a regular expression's source, its special characters escaped. */
export const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
