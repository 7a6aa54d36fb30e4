/**
 * What the person's phone shows when a sign-in asks for their PIN, in the page's language (issue 37).
 * Mobile-ID's own menus speak Lithuanian, English, Estonian and Russian; its display text is GSM-7
 * (at most 40 characters) or, for a script GSM-7 lacks, UCS-2 (at most 20). Smart-ID's is Unicode, at
 * most 60 characters.
 */
import { smsEncoding, type Locale } from '@eid/domain';

export const SIGN_IN_PROMPT: Readonly<Record<Locale, string>> = {
  lt: 'Prisijungimas prie EID',
  en: 'Sign in to EID',
  pl: 'Logowanie do EID',
  lv: 'Pieteikšanās EID',
  uk: 'Вхід до EID',
  ru: 'Вход в EID',
  de: 'Anmeldung bei EID',
};

/** Mobile-ID's language for its own menus: the person's where it has it, else English. */
export const MOBILE_ID_LANGUAGE: Readonly<Record<Locale, 'LIT' | 'ENG' | 'RUS'>> = { lt: 'LIT', en: 'ENG', pl: 'ENG', lv: 'ENG', uk: 'ENG', ru: 'RUS', de: 'ENG' };

/** The display text and the format it goes in. */
export function mobileIdPrompt(lang: Locale): { readonly displayText: string; readonly displayTextFormat: 'GSM-7' | 'UCS-2' } {
  const text = SIGN_IN_PROMPT[lang];
  // The same alphabet as an SMS's (the domain's rule).
  return { displayText: text, displayTextFormat: smsEncoding(text) === 'GSM7' ? 'GSM-7' : 'UCS-2' };
}
