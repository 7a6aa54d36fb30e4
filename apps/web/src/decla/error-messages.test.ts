/**
 * ERR1–ERR3, ERR5, ERR6 by behaviour: each code of the spec's lists (declaration-flow §8,
 * app-shell §8), as a device gets it, is shown to the person as its own sentence in every language
 * served, not the generic "something went wrong" of a code the page does not know. The lists here
 * are the spec's, not the domain's constants: a code the catalogue lost shows the generic message.
 * (ERR4's preview codes: preview-findings.test.tsx; ERR1's codes as the service answers them:
 * apps/server/src/plugins/error-codes.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@eid/domain/constants';
import { activateLocale, i18n } from '../i18n/i18n';
import { ERROR_MESSAGES, errorMessage } from './error-messages';
import { loadFormsCatalog } from './catalog';

const SPEC_LISTS = {
  ERR1: ['PLATE_UNREGISTERED', 'PLATE_MUST_BE_TERMINATED', 'PLATE_CHECK_LIMIT', 'GPS_NOT_LT', 'NO_ASSIGNED_EID', 'NOT_CONNECTED', 'INSUFFICIENT', 'INCORRECT', 'DATA_ERROR', 'NO_PLATE'],
  ERR2: ['NOT_FOUND', 'ERROR_IO', 'ERROR_PROCESS', 'ERROR_INTERRUPT', 'ERROR_CONCURRENT', 'ERROR_WRONG_PLATE', 'ERROR_NOT_IN_EID'],
  ERR3: ['FAILED_CONVERSION', 'BAD_EXT', 'TOO_BIG', 'NOT_A_PHOTO', 'TOO_MANY', 'BASE64_FAILED'],
  ERR5: [
    'TTL_TOO_LONG', 'HEARTBEAT', 'CONNECTION_LOST', 'REMOVED_INACTIVE', 'SERVER_UNREACHABLE', 'CREATE_FAILED',
    'TWO_FOREIGN_VEHICLES', 'PLATES_MUST_DIFFER', 'TRAILER_PLATES_MUST_DIFFER', 'INSURANCE_STATUS_UNRESOLVED',
    'PHONES_MUST_DIFFER', 'EMAILS_MUST_DIFFER', 'WRONG_CONFIRMATION_CODE', 'CONTACT_SYSTEM_ERROR',
    'SCHEME_EMPTY', 'SIGNATURE_TOO_ABSTRACT', 'SIGNATURE_SAVE_FAILED', 'GUILT_SET_FAILED', 'GUILT_RESET_FAILED', 'ERR_TIMEOUT',
  ],
  ERR6: [
    'MAPS_SETUP_FAILED', 'PUSH_INIT_FAILED', 'TAG_MANAGER_FETCH_FAILED', 'TAG_MANAGER_INIT_FAILED', 'RECAPTCHA_INIT_FAILED',
    'UNSUPPORTED_BROWSER', 'NETWORK_ERROR', 'PREVIEW_LOAD_FAILED', 'AUDIO_FETCH_INCOMPLETE', 'CHUNK_LOAD_FAILED',
  ],
} as const;

const shown = (code: string | undefined) => i18n._(errorMessage(code));

describe('what a person is told for each code of the spec (ERR)', () => {
  // The messages are the forms catalog's (a lazy part: registered here, loaded for each language activated).
  beforeAll(() => loadFormsCatalog());
  const table = Object.entries(SPEC_LISTS).flatMap(([id, codes]) => LOCALES.map((lang) => [id, lang, codes] as const));

  it.each(table)('[%s] in %s every code of the list is its own sentence, not the generic message', async (_id, lang, codes) => {
    await activateLocale(lang);
    const generic = i18n._(ERROR_MESSAGES.GENERIC_ERROR);
    const texts = codes.map(shown);
    for (const [i, text] of texts.entries()) {
      const code = codes[i]!;
      expect(text, code).not.toBe(generic);
      expect(text, code).not.toContain(code);
      expect(text, code).toMatch(/^\p{Lu}.*[.!?:)]$/u);
      expect(text, code).not.toMatch(/[{}]/);
    }
    // No code of a list borrows another's message.
    expect(new Set(texts).size).toBe(codes.length);
  });

  it.each(Object.entries(SPEC_LISTS))('[%s] each message is translated: the Lithuanian sentence is not the English one', async (_id, codes) => {
    await activateLocale('en');
    const english = codes.map(shown);
    await activateLocale('lt');
    const lithuanian = codes.map(shown);
    lithuanian.forEach((text, i) => expect(text, codes[i]).not.toBe(english[i]));
  });

  it('[ERR6] a code the page does not know (from a newer server) is the generic message, in its language', async () => {
    await activateLocale('lt');
    expect(shown('SOMETHING_NEW')).toBe(i18n._(ERROR_MESSAGES.GENERIC_ERROR));
    expect(shown(undefined)).toBe(i18n._(ERROR_MESSAGES.GENERIC_ERROR));
  });
});
