import * as v from 'valibot';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isErrorCode } from './errors.js';
import {
  boundsSchema,
  checkboxSchema,
  maxLengthSchema,
  minLengthSchema,
  nameSchema,
} from './general-rules.js';
import {
  field,
  hasValue,
  isUserValid,
  requiredSchema,
  trimFillers,
  validate,
  validateField,
  validateIssue,
} from './validation.js';

describe('required', () => {
  it.each([
    ['x', true],
    [' a ', true],
    ['-_ x _-', true],
    ['a-b', true],
    ['', false],
    ['   ', false],
    ['---', false],
    ['_ - _', false],
    ['\t-\n', false],
  ])('[GEN1] string %j is a value: %s', (input, expected) => {
    expect(hasValue(input)).toBe(expected);
    expect(validate(requiredSchema, input)).toBe(expected ? null : 'REQUIRED');
  });

  it('[GEN1] a string is a value exactly when trimming fillers leaves something', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(hasValue(s)).toBe(trimFillers(s).length > 0);
        expect(trimFillers(trimFillers(s))).toBe(trimFillers(s));
      }),
    );
  });

  it.each([
    [0, true],
    [-1.5, true],
    [Number.POSITIVE_INFINITY, true],
    [Number.NaN, false],
    [true, true],
    [false, true],
  ])('[GEN2] %s is a value: %s', (input, expected) => {
    expect(hasValue(input)).toBe(expected);
  });

  it.each([
    [[1], true],
    [[], false],
    [{ size: 10, name: 'a.jpg' }, true],
    [{ size: 0, name: 'a.jpg' }, false],
    [{ size: 10, name: '' }, false],
    [{ a: 1 }, true],
    [{}, false],
    [null, false],
    [undefined, false],
  ])('[GEN3] %j is a value: %s', (input, expected) => {
    expect(hasValue(input)).toBe(expected);
    expect(validate(requiredSchema, input)).toBe(expected ? null : 'REQUIRED');
  });
});

describe('field composer', () => {
  it('[GEN4] custom rules apply only when there is a value', () => {
    const optional = { rules: [nameSchema] };
    expect(validateField(optional, '')).toBeNull();
    expect(validateField(optional, ' - ')).toBeNull();
    expect(validateField(optional, undefined)).toBeNull();
    expect(validateField(optional, 'R2D2')).toBe('NAME_INVALID');
    expect(validateField({ ...optional, required: true }, '')).toBe('REQUIRED');
    expect(validateField({ ...optional, required: true }, 'R2D2')).toBe('NAME_INVALID');
  });

  it('[GEN4] any absent value passes an optional field whatever its rules', () => {
    const absent = fc.constantFrom<unknown>('', '  ', '-', '_', null, undefined, [], {}, Number.NaN);
    fc.assert(
      fc.property(absent, (value) => {
        expect(validateField({ rules: [nameSchema, minLengthSchema(50)] }, value)).toBeNull();
        expect(validateField({ required: true, rules: [nameSchema] }, value)).toBe('REQUIRED');
      }),
    );
  });

  it('[GEN5] a disabled input has no rules, not even required', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(validateField({ disabled: true, required: true, rules: [nameSchema] }, value)).toBeNull();
      }),
    );
  });

  it('[GEN6] strings are trimmed before the rules and the output is trimmed', () => {
    const schema = field({ rules: [maxLengthSchema(3)] });
    expect(validate(schema, '  abc  ')).toBeNull();
    expect(v.parse(schema, '  abc  ')).toBe('abc');
    expect(validate(field({ rules: [maxLengthSchema(3)], trim: false }), '  abc  ')).toBe('TOO_LONG');
  });

  it('[GEN7] rules run in order and the first failure is reported as a code', () => {
    const schema = field({ rules: [minLengthSchema(5), nameSchema] });
    expect(validate(schema, 'a1')).toBe('TOO_SHORT');
    expect(validate(schema, 'abcd1')).toBe('NAME_INVALID');
    expect(validate(field({ rules: [nameSchema, minLengthSchema(5)] }), 'a1')).toBe('NAME_INVALID');
  });

  it('[GEN7] a message that is not a code becomes INVALID_TYPE, never UI text', () => {
    expect(validate(v.pipe(v.string(), v.minLength(3, 'Too short!')), 'a')).toBe('INVALID_TYPE');
    expect(validate(nameSchema, 42)).toBe('INVALID_TYPE');
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const code = validate(field({ required: true, rules: [nameSchema, minLengthSchema(2)] }), value);
        expect(code === null || isErrorCode(code)).toBe(true);
      }),
    );
  });
});

describe('lengths, checkbox, bounds', () => {
  it.each([
    ['abc', 3, 5, null],
    ['ab', 3, 5, 'TOO_SHORT'],
    ['abcdef', 3, 5, 'TOO_LONG'],
    ['abcde', 3, 5, null],
  ] as const)('[GEN8] %j within [%i, %i] gives %s', (value, min, max, expected) => {
    const schema = field({ rules: [minLengthSchema(min), maxLengthSchema(max)] });
    expect(validate(schema, value)).toBe(expected);
  });

  it('[GEN8] the length issues carry their bound', () => {
    expect(validateIssue(minLengthSchema(4), 'abc')).toEqual({ code: 'TOO_SHORT', requirement: 4 });
    expect(validateIssue(maxLengthSchema(2), 'abc')).toEqual({ code: 'TOO_LONG', requirement: 2 });
    fc.assert(
      fc.property(fc.string(), fc.nat(30), (s, n) => {
        expect(validate(minLengthSchema(n), s) === null).toBe(s.length >= n);
        expect(validate(maxLengthSchema(n), s) === null).toBe(s.length <= n);
      }),
    );
  });

  it.each([
    [true, null],
    [false, 'CHECKBOX_REQUIRED'],
    ['true', 'CHECKBOX_REQUIRED'],
    [1, 'CHECKBOX_REQUIRED'],
  ] as const)('[GEN9] checkbox %j gives %s', (value, expected) => {
    expect(validate(checkboxSchema, value)).toBe(expected);
    expect(validateField({ required: true, rules: [checkboxSchema] }, value)).toBe(expected);
  });

  it.each([
    ['2024-01-01', null],
    ['2023-12-31', 'TOO_EARLY'],
    ['2024-12-31', null],
    ['2025-01-01', 'TOO_LATE'],
  ] as const)('[GEN10] date %s within 2024 gives %s', (value, expected) => {
    expect(validate(boundsSchema({ min: '2024-01-01', max: '2024-12-31' }), value)).toBe(expected);
  });

  it('[GEN10] time bounds carry the violated bound, epoch bounds compare numbers', () => {
    const times = boundsSchema({ min: '08:00:00', max: '17:00:00' });
    expect(validateIssue(times, '07:59:59')).toEqual({ code: 'TOO_EARLY', requirement: '08:00:00' });
    expect(validateIssue(times, '17:00:01')).toEqual({ code: 'TOO_LATE', requirement: '17:00:00' });
    expect(validate(boundsSchema({ max: 1000 }), 1001)).toBe('TOO_LATE');
    expect(validate(boundsSchema({ min: 1000 }), 999)).toBe('TOO_EARLY');
    expect(validate(boundsSchema({ min: 1000 }), '2000')).toBe('INVALID_TYPE');
    fc.assert(
      fc.property(fc.integer(), fc.integer(), fc.integer(), (a, b, x) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        const code = validate(boundsSchema({ min, max }), x);
        expect(code).toBe(x < min ? 'TOO_EARLY' : x > max ? 'TOO_LATE' : null);
      }),
    );
  });
});

describe('user', () => {
  it.each([
    [{ firstname: 'Jonas', lastname: 'Jonaitis', birthDate: '1980-01-01' }, true],
    [{ firstname: 'Jonas', lastname: 'Jonaitis' }, false],
    [{ firstname: '', lastname: 'Jonaitis', birthDate: '1980-01-01' }, false],
    [{ firstname: 'Jonas', lastname: ' ', birthDate: '1980-01-01' }, false],
    [null, false],
  ])('[GEN11] %j is a valid user: %s', (user, expected) => {
    expect(isUserValid(user)).toBe(expected);
  });
});
