import fc from 'fast-check';
import { samePhoneNumber } from './contacts.js';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRY, DEFAULT_PHONE_PREFIX } from './constants.js';
import { internationalForm, phoneCodeSchema, phoneCountry, phoneError, phoneSchema, toE164 } from './phone.js';
import { validate, validateField } from './validation.js';

describe('phone', () => {
  it.each(['37061234567', '861234567', '0037061234567', '+', '+999 123 456'])(
    '[PH1] %j has no + and country code',
    (value) => {
      expect(phoneError(value)).toBe('PHONE_NO_COUNTRY_CODE');
    },
  );

  it.each(['+370', ' +370 ', '+3 70', '+44', '+1'])('[PH2] %j is only a prefix', (value) => {
    expect(phoneError(value)).toBe('PHONE_ONLY_PREFIX');
  });

  it('[PH2] the default prefix alone passes an optional field as no value only when empty, not when prefilled', () => {
    expect(validateField({ rules: [phoneSchema] }, DEFAULT_PHONE_PREFIX)).toBe('PHONE_ONLY_PREFIX');
    expect(validateField({ rules: [phoneSchema] }, '')).toBeNull();
  });

  it.each([
    ['+37061234567', null],
    ['+370 612 34567', null],
    ['+370-612-34567', null],
    ['+370 (5) 212 3456', null],
    ['+4915112345678', null],
    ['+44 7911 123456', null],
    ['+3706123456', 'PHONE_INVALID'],
    ['+370612345678', 'PHONE_INVALID'],
    ['+37001234567', 'PHONE_INVALID'],
    ['+37061234567x', 'PHONE_INVALID'],
    ['+3706123456a', 'PHONE_INVALID'],
    ['+49 123', 'PHONE_INVALID'],
  ] as const)('[PH3] %j gives %s', (value, expected) => {
    expect(phoneError(value)).toBe(expected);
    expect(validate(phoneSchema, value)).toBe(expected);
  });

  it('[PH3] every Lithuanian mobile number +3706xxxxxxx is valid, with or without spaces', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{7}$/), (rest) => {
        expect(phoneError(`+3706${rest}`)).toBeNull();
        expect(phoneError(`+370 6${rest.slice(0, 2)} ${rest.slice(2)}`)).toBeNull();
        expect(phoneError(`+3706${rest}1`)).toBe('PHONE_INVALID');
      }),
    );
  });

  it('[PH1] anything not starting with + is refused', () => {
    fc.assert(
      fc.property(fc.string().filter((s) => !s.trim().replace(/^[\s\-.()]+/, '').startsWith('+')), (s) => {
        expect(phoneError(s)).toBe('PHONE_NO_COUNTRY_CODE');
      }),
    );
  });

  it('[PH4] default country LT; valid numbers normalise to E.164', () => {
    expect(DEFAULT_COUNTRY).toBe('LT');
    expect(phoneCountry('')).toBe('LT');
    expect(phoneCountry('+370')).toBe('LT');
    expect(phoneCountry('+4915112345678')).toBe('DE');
    expect(toE164('+370 612 34567')).toBe('+37061234567');
    expect(toE164('+370 612')).toBeNull();
  });

  it.each([
    ['123456', null],
    ['000000', null],
    ['12345', 'PHONE_CODE_INVALID'],
    ['1234567', 'PHONE_CODE_INVALID'],
    ['12345a', 'PHONE_CODE_INVALID'],
    ['12 456', 'PHONE_CODE_INVALID'],
  ] as const)('[PH5] confirmation code %j gives %s', (value, expected) => {
    expect(validate(phoneCodeSchema, value)).toBe(expected);
  });

  it('[PH5] exactly the 6-digit strings are codes', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,9}$/), (s) => {
        expect(validate(phoneCodeSchema, s)).toBe(s.length === 6 ? null : 'PHONE_CODE_INVALID');
      }),
    );
  });
});

describe('the trunk prefix after the country code (PH6)', () => {
  it.each([
    ['+370861200005', '+37061200005'],
    ['+370 8612 00005', '+37061200005'],
    ['+370 (8) 612 00005', '+37061200005'],
    ['+37061200005', '+37061200005'],
    ['+370852312000', '+37052312000'],
  ])('[PH6] "%s" is the number %s', (typed, e164) => {
    expect(toE164(typed)).toBe(e164);
    expect(samePhoneNumber(typed, e164)).toBe(true);
  });

  it.each([
    ['861200005', '+370 612 00005'],
    ['8 612 00005', '+370 612 00005'],
    ['8-612-00005', '+370 612 00005'],
    ['37061200005', '+370 612 00005'],
    ['0037061200005', '+370 612 00005'],
    ['852123456', '+370 5 212 3456'],
    ['004915112345678', '+49 1511 2345678'],
    // Left as typed for the rules to judge.
    ['+37061200005', '+37061200005'],
    ['861200', '861200'],
    ['812345678', '812345678'],
    ['0012', '0012'],
    ['jonas', 'jonas'],
  ] as const)('[PH7] %j is read as %j', (typed, read) => {
    expect(internationalForm(typed)).toBe(read);
  });

  it('[PH7] every valid Lithuanian number written the national way reads as itself in international form, and then passes', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[3-8]\d{7}$/), (national) => {
        const e164 = `+370${national}`;
        if (phoneError(e164) !== null) return;
        const read = internationalForm(`8${national}`);
        expect(toE164(read)).toBe(e164);
        expect(phoneError(read)).toBeNull();
        expect(internationalForm(`370${national}`)).toBe(read);
      }),
    );
  });
});
