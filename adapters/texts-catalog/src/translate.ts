/**
 * The server's texts (SMS, e-mails, photo legends, the declaration PDF) through Lingui, from this
 * package's catalogs (`locales/{locale}/messages.po`, the seven languages): extracted from the message descriptors of
 * `apps/server/src/messages` and `adapters/document-pdf/src` by `npm run i18n:extract` and checked
 * complete by `npm test`, like the web app's. Read once on first use; messages compiled on first use.
 */
import { readFileSync } from 'node:fs';
import { setupI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';
import { LOCALES, type Locale } from '@eid/domain';

/** A message of the server: an explicit id and its English source text (ICU placeholders). */
export interface ServerMessage extends MessageDescriptor {
  readonly id: string;
  readonly message: string;
}

function readCatalog(locale: Locale): Record<string, string> {
  // The same relative place from src/ and dist/.
  const po = PO.parse(readFileSync(new URL(`../locales/${locale}/messages.po`, import.meta.url), 'utf8'));
  const messages: Record<string, string> = {};
  for (const item of po.items) {
    const text = item.msgstr[0] ?? '';
    if (item.msgid && text) messages[item.msgid] = text;
  }
  return messages;
}

let instances: Record<Locale, I18n> | null = null;

function i18nFor(locale: Locale): I18n {
  instances ??= Object.fromEntries(
    LOCALES.map((l) => {
      const i18n = setupI18n({ locale: l, messages: { [l]: readCatalog(l) } });
      i18n.setMessagesCompiler(compileMessage);
      return [l, i18n];
    }),
  ) as Record<Locale, I18n>;
  return instances[locale];
}

/** What a text's user needs: a message in a language, its placeholders filled in. */
export type Translate = (locale: Locale, message: ServerMessage, values?: Record<string, unknown>) => string;

/** A server message in a language, its placeholders filled in. */
export function translate(locale: Locale, message: ServerMessage, values?: Record<string, unknown>): string {
  return i18nFor(locale)._({ id: message.id, message: message.message, ...(values ? { values } : {}) });
}
