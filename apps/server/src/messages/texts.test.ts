import { describe, expect, it } from 'vitest';
import { translate } from '@eid/adapter-texts-catalog';
import { LOCALES, SMS_PART_UCS2, smsParts } from '@eid/domain';
import { confirmationEmail, driverEmail, driverSms, insurerEmail } from './delivery-texts.js';
import { photoLegend } from './legend.js';

describe('the server texts come from the catalogs', () => {
  it('[DL1] an SMS and an e-mail read from the Lithuanian and the English catalog, placeholders filled in', () => {
    const input = { plates: 'KLM123 / HBN512', when: '2026-11-23 09:00', link: 'https://eid.example.lt/a/abc' };
    expect(driverSms({ ...input, lang: 'lt' })).toBe(
      'EID: eismo įvykio deklaracija KLM123 / HBN512 pateikta. Peržiūra: https://eid.example.lt/a/abc Slaptažodis - 6 paskutiniai asmens kodo ar vairuotojo pažymėjimo simboliai.',
    );
    expect(driverSms({ ...input, lang: 'en' })).toBe(
      'EID: the accident declaration KLM123 / HBN512 was sent. View: https://eid.example.lt/a/abc Password: the last 6 characters of your personal code or licence number.',
    );
    expect(confirmationEmail('lt', input.link).subject).toBe('Patvirtinkite el. pašto adresą');
    expect(insurerEmail({ ...input, lang: 'en', party: 'B', insurerName: 'ERGO' }).text).toContain('Gerbiami ERGO,');
    expect(translate('lt', { id: 'sms.phoneCode', message: 'EID confirmation code: {code}. Do not share it with anyone.' }, { code: '123456' })).toBe(
      'EID patvirtinimo kodas: 123456. Niekam jo nesakykite.',
    );
  });

  it('[IN5] the bureau\'s copy says why it is the bureau\'s: the card of a vehicle insured abroad, or no insurance, and not "whose insurer you are"', () => {
    const input = { lang: 'lt' as const, plates: 'GRN101 – WX4411K', when: '2026-11-23 09:00', link: '', party: 'B' as const, insurerName: 'Biuras' };
    const card = { country: 'PL', insurerName: 'PZU SA', number: 'PL/001/7788990', validUntil: '2030-12-31' };
    const abroad = insurerEmail({ ...input, forBureau: { kind: 'ABROAD', greenCard: card } }).text;
    expect(abroad).toContain('Transporto priemonė B apdrausta užsienyje: PZU SA (PL), žaliosios kortelės arba poliso Nr. PL/001/7788990, galioja iki 2030-12-31.');
    const none = insurerEmail({ ...input, forBureau: { kind: 'NONE' } }).text;
    expect(none).toContain('Transporto priemonės B vairuotojas nurodė, kad transporto priemonė neapdrausta.');
    for (const text of [abroad, none]) {
      expect(text).toContain('Abu vairuotojai sutarė, kad eismo įvykį sukėlė vairuotojas B.');
      expect(text).not.toContain(insurerEmail(input).text.split('\n\n')[1]!);
    }
  });

  it('[IMG3] the photo legend is in the language of the driver who took it', () => {
    expect(photoLegend('lt', 2, 'A', 'KLM123', Date.UTC(2026, 10, 23, 7, 0)).title).toBe('Apgadinimai – A');
    expect(photoLegend('en', 0, 'B', '', Date.UTC(2026, 10, 23, 7, 0)).title).toBe('Accident scene – B');
  });

  it('issue 37: each driver\'s SMS and e-mail are in that driver\'s language; a Cyrillic SMS goes in UCS-2 parts, each within its 67 units', () => {
    const input = { plates: 'KLM123 – HBN512', when: '2026-11-23 09:00', link: 'https://eid.example.lt/a/Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp?lang=uk' };
    const texts = new Set<string>();
    for (const lang of LOCALES) {
      const sms = driverSms({ ...input, lang });
      expect(sms, lang).toContain(input.link);
      expect(sms, lang).toContain(input.plates);
      texts.add(sms);
      expect(driverEmail({ ...input, lang }).html, lang).toContain(`<html lang="${lang}">`);
    }
    expect(texts.size).toBe(LOCALES.length);
    for (const lang of ['uk', 'ru'] as const) {
      const { encoding, parts } = smsParts(driverSms({ ...input, lang }));
      expect(encoding).toBe('UCS2');
      expect(parts.length).toBeGreaterThan(1);
      for (const part of parts) expect(part.length).toBeLessThanOrEqual(SMS_PART_UCS2);
    }
    expect(driverSms({ ...input, lang: 'uk' })).toMatch(/[\u0400-\u04FF]/);
  });
});
