/**
 * How an SMS carries its text (3GPP TS 23.038 / 23.040; issue 16, SPEC.md SMS): in the GSM 7-bit
 * alphabet when every letter is in it (160 septets, 153 a part when split), otherwise in UCS-2
 * (70 UTF-16 units, 67 a part) — the Lithuanian letters ą č ę ė į š ų ū ž need UCS-2. A split
 * never cuts an escaped GSM character or a surrogate pair.
 */

/** The GSM 7-bit default alphabet (one septet each). */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table (two septets each: the escape and the character). */
const GSM_EXTENDED = '\f^{}\\[~]|€';

export const SMS_SINGLE_SEPTETS = 160;
export const SMS_PART_SEPTETS = 153;
export const SMS_SINGLE_UCS2 = 70;
export const SMS_PART_UCS2 = 67;

export type SmsEncoding = 'GSM7' | 'UCS2';

const septets = (ch: string): number => (GSM_BASIC.includes(ch) ? 1 : GSM_EXTENDED.includes(ch) ? 2 : Number.NaN);

/** SMS1: GSM-7 when every character is in its alphabet (or extension table), else UCS-2. */
export function smsEncoding(text: string): SmsEncoding {
  for (const ch of text) if (Number.isNaN(septets(ch))) return 'UCS2';
  return 'GSM7';
}

/** SMS2: the text in the parts it is sent as (one part when it fits a single message). */
export function smsParts(text: string): { readonly encoding: SmsEncoding; readonly parts: readonly string[] } {
  const encoding = smsEncoding(text);
  const chars = [...text];
  const size = encoding === 'GSM7' ? septets : (ch: string) => ch.length;
  const total = chars.reduce((n, ch) => n + size(ch), 0);
  const single = encoding === 'GSM7' ? SMS_SINGLE_SEPTETS : SMS_SINGLE_UCS2;
  if (total <= single) return { encoding, parts: [text] };
  const limit = encoding === 'GSM7' ? SMS_PART_SEPTETS : SMS_PART_UCS2;
  const parts: string[] = [];
  let current = '';
  let used = 0;
  for (const ch of chars) {
    const n = size(ch);
    if (used + n > limit) {
      parts.push(current);
      current = '';
      used = 0;
    }
    current += ch;
    used += n;
  }
  if (current !== '') parts.push(current);
  return { encoding, parts };
}
