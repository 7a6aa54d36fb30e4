import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUM_MAX } from './constants.js';
import {
  formatSumCents,
  isName,
  nameSchema,
  numbersOnlySchema,
  parseSumCents,
  sumSchema,
} from './general-rules.js';
import { validate } from './validation.js';

describe('names', () => {
  it.each([
    'Jonas',
    'Žemaitė',
    'Ąžuolas Čepulionis',
    'Jūratė-Eglė',
    'ėįšųūž ĄČĘĖĮŠŲŪŽ',
    'Müller',
    'Łukasz Żółć',
    'Dvořák',
    'Иван Петров',
    'Олена-Марія',
    'Øyvind Åsen',
    'Straße',
  ])('[NM1] %s is a name', (name) => {
    expect(isName(name)).toBe(true);
    expect(validate(nameSchema, name)).toBeNull();
  });

  it.each(['R2D2', 'Jonas1', "O'Brien", 'J. Jonaitis', 'Ιωάννης', '李', 'Jonas_', 'Jonas!', 'a\tb', 'Jonas😀'])(
    '[NM2] %s is not a name',
    (name) => {
      expect(isName(name)).toBe(false);
      expect(validate(nameSchema, name)).toBe('NAME_INVALID');
    },
  );

  it('[NM1] any string of Lithuanian, Latin and Cyrillic letters, spaces and hyphens is a name', () => {
    const chars = fc.constantFrom(...'abcxyzABCXYZąčęėįšųūžĄČĘĖĮŠŲŪŽüößłøåжщЯЁїє -');
    fc.assert(
      fc.property(fc.string({ unit: chars, minLength: 1 }), (s) => {
        expect(isName(s)).toBe(true);
      }),
    );
  });

  it('[NM2] a name with a digit is refused wherever the digit is', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 9 }), fc.string(), (a, d, b) => {
        expect(isName(`${a}${d}${b}`)).toBe(false);
      }),
    );
  });

  it('[NM3] a decomposed name is judged like the composed one', () => {
    const decomposed = 'Žemaitė'.normalize('NFD');
    expect(decomposed).not.toBe('Žemaitė');
    expect(isName(decomposed)).toBe(true);
  });
});

describe('numbers and sums', () => {
  it.each([
    ['', null],
    ['0', null],
    ['0123456789', null],
    ['12a', 'NUMBERS_ONLY'],
    ['-1', 'NUMBERS_ONLY'],
    ['1.5', 'NUMBERS_ONLY'],
    [' 1', 'NUMBERS_ONLY'],
  ] as const)('[NUM1] %j gives %s', (value, expected) => {
    expect(validate(numbersOnlySchema, value)).toBe(expected);
  });

  it('[NUM1] digit strings pass, anything with another character fails', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d*$/), (s) => {
        expect(validate(numbersOnlySchema, s)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('a', '.', ',', ' ', '-'), (s, bad) => {
        expect(validate(numbersOnlySchema, s + bad)).toBe('NUMBERS_ONLY');
      }),
    );
  });

  it.each([
    ['11111,11', 1111111],
    ['1', 100],
    ['1,5', 150],
    ['1,05', 105],
    ['007,50', 750],
    ['5000000', 500000000],
  ])('[NUM2] %s is the sum of %i cents', (value, cents) => {
    expect(parseSumCents(value)).toBe(cents);
    expect(validate(sumSchema, value)).toBeNull();
  });

  it.each(['1.5', '1,555', '1,', ',5', '-1', '+1', '1 000', '1e3', 'abc'])('[NUM2] %s is not a sum', (value) => {
    expect(parseSumCents(value)).toBeNull();
    expect(validate(sumSchema, value)).toBe('SUM_FORMAT');
  });

  it.each([
    ['5000000', null],
    ['5000000,00', null],
    ['5000000,01', 'SUM_TOO_LARGE'],
    ['5000001', 'SUM_TOO_LARGE'],
    ['4999999,99', null],
  ] as const)('[NUM3] %s gives %s', (value, expected) => {
    expect(validate(sumSchema, value)).toBe(expected);
  });

  it('[NUM2][NUM3] any cents amount formats to a sum that parses back and passes exactly up to the maximum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: SUM_MAX * 100 * 2 }), (cents) => {
        const text = formatSumCents(cents);
        expect(parseSumCents(text)).toBe(cents);
        expect(validate(sumSchema, text)).toBe(cents <= SUM_MAX * 100 ? null : 'SUM_TOO_LARGE');
      }),
    );
  });
});
