import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SMS_PART_SEPTETS, SMS_PART_UCS2, SMS_SINGLE_SEPTETS, SMS_SINGLE_UCS2, smsEncoding, smsParts } from './sms-encoding.js';

describe('SMS text encoding and parts', () => {
  it.each([
    ['EID code: 123456', 'GSM7'],
    ['Price {5} € [ok] ~^|\\', 'GSM7'],
    ['Kodas: 123456. Ačiū', 'UCS2'],
    ...['ą', 'č', 'ę', 'ė', 'į', 'š', 'ų', 'ū', 'ž', 'Ą', 'Ž'].map((l) => [`Labas ${l}`, 'UCS2']),
    ['café', 'GSM7'],
    // Issue 37: Cyrillic (Ukrainian, Russian), Polish and Latvian letters are not in GSM-7; German's umlauts and ß are.
    ['EID: Декларацію про ДТП надіслано', 'UCS2'],
    ['Код EID: 123456', 'UCS2'],
    ['Zgłoszenie wysłane', 'UCS2'],
    ['Paziņojums nosūtīts', 'UCS2'],
    ['Unfallbericht gesendet: Grüße, Straße', 'GSM7'],
    ['emoji 🚗', 'UCS2'],
  ])('[SMS1] %s goes in %s', (text, encoding) => {
    expect(smsEncoding(text)).toBe(encoding);
  });

  it.each([
    ['a'.repeat(SMS_SINGLE_SEPTETS), 1],
    ['a'.repeat(SMS_SINGLE_SEPTETS + 1), 2],
    ['€'.repeat(80), 1],
    ['€'.repeat(81), 2],
    ['a'.repeat(SMS_PART_SEPTETS * 3), 3],
    ['ž'.repeat(SMS_SINGLE_UCS2), 1],
    ['ž'.repeat(SMS_SINGLE_UCS2 + 1), 2],
    ['ž'.repeat(SMS_PART_UCS2 * 2 + 1), 3],
    ['ї'.repeat(SMS_SINGLE_UCS2), 1],
    ['ї'.repeat(SMS_SINGLE_UCS2 + 1), 2],
  ])('[SMS2] %#: %s… is sent in %i part(s)', (text, parts) => {
    expect(smsParts(text).parts).toHaveLength(parts);
  });

  it('[SMS2] property: the parts join back to the text; none is over its limit; no escape or surrogate pair is cut', () => {
    const gsm = fc.constantFrom(...[...'abcXYZ 019.,@£$€{}[]~^|\\\n']);
    const any = fc.constantFrom(...[...'aąčęėįšųūž €{🚗']);
    fc.assert(
      fc.property(fc.oneof(fc.array(gsm, { maxLength: 700 }), fc.array(any, { maxLength: 400 })), (chars) => {
        const text = chars.join('');
        const { encoding, parts } = smsParts(text);
        expect(parts.join('')).toBe(text);
        const size = (p: string) => (encoding === 'GSM7' ? [...p].reduce((n, ch) => n + ('\f^{}\\[~]|€'.includes(ch) ? 2 : 1), 0) : p.length);
        const limit = parts.length === 1 ? (encoding === 'GSM7' ? SMS_SINGLE_SEPTETS : SMS_SINGLE_UCS2) : encoding === 'GSM7' ? SMS_PART_SEPTETS : SMS_PART_UCS2;
        for (const p of parts) {
          expect(size(p)).toBeLessThanOrEqual(limit);
          // A lone surrogate would be a cut pair.
          expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(p)).toBe(false);
        }
      }),
    );
  });
});
