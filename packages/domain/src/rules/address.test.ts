import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressError, addressSchema, formatAddress, hasHouseNumber, type Address, accidentPlace, accidentPlaceError } from './address.js';
import { validate, validateField } from './validation.js';

const picked = (value: string, extra: Partial<Address> = {}): Address => ({ value, aob: 123456, ...extra });

describe('address', () => {
  it.each([
    [{ value: 'Gedimino pr. 1, Vilnius' }, 'ADDRESS_NOT_PICKED'],
    [{ value: 'Gedimino pr. 1, Vilnius', aob: null }, 'ADDRESS_NOT_PICKED'],
    [{ value: 'Gedimino pr. 1, Vilnius', aob: '' }, 'ADDRESS_NOT_PICKED'],
    [{ value: '', aob: 1 }, 'ADDRESS_NOT_PICKED'],
    [{ value: 'Gedimino pr. 1, Vilnius', aob: 155432 }, null],
    [{ value: 'Gedimino pr. 1, Vilnius', aob: '155432' }, null],
  ] as const)('[AD1] %j gives %s', (address, expected) => {
    expect(addressError(address)).toBe(expected);
    expect(validate(addressSchema, address)).toBe(expected);
  });

  it.each([
    ['Gedimino pr. 1, Vilnius', true],
    ['Gedimino pr. 12A, Vilnius', true],
    ['Savanorių pr. 5-3, Kaunas', true],
    ['Laisvės al. 7/2, Kaunas', true],
    ['Vasario 16-osios g. 4, Vilnius', true],
    ['Vasario 16-osios g., Vilnius', false],
    ['Gedimino pr., Vilnius', false],
    ['Vilnius', false],
  ])('[AD2] %j has a house number: %s', (value, expected) => {
    expect(hasHouseNumber(value)).toBe(expected);
    expect(addressError(picked(value))).toBe(expected ? null : 'ADDRESS_NO_HOUSE');
  });

  it.each([
    [picked('Gedimino pr. 1, Vilnius', { needPat: true }), 'ADDRESS_NO_APARTMENT'],
    [picked('Gedimino pr. 1, Vilnius', { needPat: true, pat: '' }), 'ADDRESS_NO_APARTMENT'],
    [picked('Gedimino pr. 1, Vilnius', { needPat: true, pat: '12' }), null],
    [picked('Gedimino pr. 1, Vilnius', { needPat: false }), null],
  ] as const)('[AD3] %j gives %s', (address, expected) => {
    expect(addressError(address)).toBe(expected);
  });

  it('[AD1][AD2][AD3] a picked address with a house number (and apartment when needed) always passes; without aob never', () => {
    const street = fc.stringMatching(/^[A-ZĄČĘĖĮŠŲŪŽ][a-ząčęėįšųūž]{2,12} g\.$/);
    fc.assert(
      fc.property(street, fc.integer({ min: 1, max: 400 }), fc.boolean(), fc.integer({ min: 1, max: 999 }), (s, house, needPat, aob) => {
        const value = `${s} ${house}, Vilnius`;
        expect(addressError({ value, aob, needPat, pat: needPat ? '5' : null })).toBeNull();
        expect(addressError({ value, needPat })).toBe('ADDRESS_NOT_PICKED');
        expect(addressError({ value: `${s}, Vilnius`, aob })).toBe('ADDRESS_NO_HOUSE');
      }),
    );
  });

  it('[AD1] an address field that is not an address object is INVALID_TYPE, an absent one is optional', () => {
    expect(validate(addressSchema, 'Gedimino pr. 1')).toBe('INVALID_TYPE');
    expect(validateField({ rules: [addressSchema] }, {})).toBeNull();
    expect(validateField({ rules: [addressSchema], required: true }, {})).toBe('REQUIRED');
  });
});

describe('address for reading', () => {
  it.each([
    ['Laisvės al. 54, Kaunas', '7', 'Laisvės al. 54-7, Kaunas'],
    ['Pilies g. 12, Vilnius', null, 'Pilies g. 12, Vilnius'],
    ['Pilies g. 12', '3', 'Pilies g. 12-3'],
    ['Žalgirio g. 1, Vilnius, Lietuva', '15A', 'Žalgirio g. 1-15A, Vilnius, Lietuva'],
  ])('[AD5] %s with apartment %s reads %s', (value, pat, shown) => {
    expect(formatAddress(value, pat)).toBe(shown);
  });

  it('[AD5] any address keeps its text and gains the apartment exactly once', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1, maxLength: 5 }).filter((p) => !p.includes(',')), (value, pat) => {
        const shown = formatAddress(value, pat);
        const at = value.includes(',') ? value.indexOf(',') : value.length;
        expect(shown).toBe(`${value.slice(0, at)}-${pat}${value.slice(at)}`);
      }),
    );
  });
});


describe('the accident place (AD6)', () => {
  it.each<[string, Address, string | null]>([
    ['a building with apartments, no apartment typed', { value: 'Gedimino pr. 1, Vilnius', aob: 5, needPat: true, pat: null }, null],
    ['a street without a house number', { value: 'Ukmergės g., Vilnius', aob: 7, needPat: false, pat: null }, null],
    ['typed, not picked', { value: 'Gedimino pr. 1, Vilnius', aob: null }, 'ADDRESS_NOT_PICKED'],
  ])('[AD6] %s: %s', (_name, address, expected) => {
    expect(accidentPlaceError(address)).toBe(expected);
  });

  it('[AD6] an apartment sent for the accident place is dropped; the home address rule still asks for it', () => {
    const sent = { value: 'Gedimino pr. 1, Vilnius', aob: 5, needPat: true, pat: '1' };
    expect(accidentPlace(sent)).toEqual({ value: 'Gedimino pr. 1, Vilnius', aob: 5, needPat: false, pat: null });
    expect(addressError({ ...sent, pat: null })).toBe('ADDRESS_NO_APARTMENT');
  });
});
