import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newPasswordError, passwordError, passwordSchema } from './password.js';
import { validate, validateField } from './validation.js';

describe('password', () => {
  it.each([
    ['Abcdef12', null],
    ['Ab1-_/\\+* x', null],
    ['Ąžuolas12', null],
    ['Abcdefghijklmnopqr12', null],
    ['Abcde12', 'PASSWORD_LENGTH'],
    ['Abcdefghijklmnopqrs12', 'PASSWORD_LENGTH'],
  ] as const)('[PW1] %j gives %s', (value, expected) => {
    expect(passwordError(value)).toBe(expected);
  });

  it.each(['Abcdef12!', 'Abcdef12.', 'Abcdef12@', 'Abcdef12#', 'Abc"def12', 'Abcdef12\t'])(
    '[PW2] %j has a forbidden character',
    (value) => {
      expect(passwordError(value)).toBe('PASSWORD_FORBIDDEN_CHARS');
    },
  );

  it.each(['abcdefg1', 'ABCDEFG1', 'Abcdefgh', '12345678', 'Ab------'])('[PW3] %j is weak', (value) => {
    expect(passwordError(value)).toBe('PASSWORD_WEAK');
  });

  it('[PW4] forbidden characters are reported before length, length before strength', () => {
    expect(passwordError('a!')).toBe('PASSWORD_FORBIDDEN_CHARS');
    expect(passwordError('abc')).toBe('PASSWORD_LENGTH');
    expect(passwordError('abcdefgh')).toBe('PASSWORD_WEAK');
  });

  it('[PW1][PW2][PW3] any 8-20 allowed characters with a digit, a lower and an upper letter pass; a forbidden one fails', () => {
    const allowed = fc.constantFrom(...'abcxyzABCXYZ0189 -_/\\+*ąŽ');
    const password = fc
      .tuple(fc.string({ unit: allowed, minLength: 5, maxLength: 17 }), fc.constantFrom('a', 'ž'), fc.constantFrom('B', 'Š'), fc.integer({ min: 0, max: 9 }))
      .map(([rest, lower, upper, digit]) => `${lower}${rest}${upper}${digit}`);
    fc.assert(
      fc.property(password, fc.constantFrom('!', '.', '@', '€', '\n'), fc.nat(), (pw, bad, at) => {
        expect(validate(passwordSchema, pw)).toBeNull();
        const i = at % (pw.length + 1);
        expect(passwordError(pw.slice(0, i) + bad + pw.slice(i))).toBe('PASSWORD_FORBIDDEN_CHARS');
      }),
    );
  });

  it('[PW2] a password keeps its spaces inside a field with trim off', () => {
    expect(validateField({ rules: [passwordSchema], trim: false }, ' Abcde1 ')).toBeNull();
    expect(validateField({ rules: [passwordSchema] }, ' Abcde1 ')).toBe('PASSWORD_LENGTH');
  });
});

describe('a new password typed twice', () => {
  it.each([
    ['Slaptas1', 'Slaptas1', null],
    ['Slaptas1', 'slaptas1', 'PASSWORDS_DO_NOT_MATCH'],
    ['Slaptas1', '', 'PASSWORDS_DO_NOT_MATCH'],
    ['slaptas1', 'slaptas1', 'PASSWORD_WEAK'],
    ['Sla1', 'Sla2', 'PASSWORD_LENGTH'],
  ])('[PW5] %s / %s → %s', (value, repeated, expected) => {
    expect(newPasswordError(value, repeated)).toBe(expected);
  });
});

