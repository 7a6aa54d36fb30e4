import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIban, ibanLength, ibanSchema, isIban, normaliseIban } from './iban.js';
import { validate } from './validation.js';

/** A Lithuanian IBAN for a 16-digit BBAN, check digits computed by the ISO 13616 rule. */
function lithuanianIban(bban: string): string {
  // "LT00" moved to the end, letters as numbers: L = 21, T = 29.
  const check = 98n - (BigInt(`${bban}212900`) % 97n);
  return `LT${String(check).padStart(2, '0')}${bban}`;
}

describe('IBAN', () => {
  it.each([
    ['LT121000011101001000', null],
    ['lt12 1000 0111 0100 1000', null],
    ['DE89370400440532013000', null],
    ['GB29NWBK60161331926819', null],
    ['LT121000011101001001', 'IBAN_INVALID'],
    ['LT12100001110100100', 'IBAN_INVALID'],
    ['LT1210000111010010000', 'IBAN_INVALID'],
    ['DE8937040044053201300', 'IBAN_INVALID'],
    ['XX121000011101001000', 'IBAN_INVALID'],
    ['1000011101001000', 'IBAN_INVALID'],
  ] as const)('[IB1] %j gives %s', (value, expected) => {
    expect(validate(ibanSchema, value)).toBe(expected);
  });

  it('[IB1] every Lithuanian IBAN with correct check digits passes; any single-digit change fails', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{16}$/), fc.nat(15), fc.integer({ min: 1, max: 9 }), (bban, at, delta) => {
        const iban = lithuanianIban(bban);
        expect(isIban(iban)).toBe(true);
        expect(formatIban(iban.toLowerCase())).toBe(iban.replace(/(.{4})(?!$)/g, '$1 '));
        const changed = bban.slice(0, at) + String((Number(bban[at]) + delta) % 10) + bban.slice(at + 1);
        expect(isIban(`${iban.slice(0, 4)}${changed}`)).toBe(false);
      }),
    );
  });

  it('[IB1] normalisation is idempotent and removes spaces', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = normaliseIban(s);
        expect(normaliseIban(once)).toBe(once);
        expect(once).not.toMatch(/\s/);
      }),
    );
  });

  it.each([
    ['LT', 20],
    ['lt', 20],
    ['DE', 22],
    ['GB', 22],
    ['NO', 15],
    ['US', null],
  ] as const)('[IB2] the registry length for %s is %s', (country, length) => {
    expect(ibanLength(country)).toBe(length);
  });
});
