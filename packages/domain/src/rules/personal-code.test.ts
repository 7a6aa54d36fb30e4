import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalendarDate } from './dates.js';
import {
  birthDateMatchSchema,
  birthDateMatchesCode,
  isDriverLicence,
  parsePersonalCode,
  personalCodeControlDigit,
  personalCodeOrLicenceError,
  personalCodeOrLicenceSchema,
  previewPassword,
} from './personal-code.js';
import { validate } from './validation.js';

/** An independent reading of the spec's control-digit rule, to generate codes in properties. */
function referenceControl(firstTen: string): number {
  const digits = Array.from(firstTen, Number);
  const remainder = (weights: number[]) => digits.reduce((s, d, i) => s + d * (weights[i] ?? 0), 0) % 11;
  const first = remainder([1, 2, 3, 4, 5, 6, 7, 8, 9, 1]);
  if (first !== 10) return first;
  const second = remainder([3, 4, 5, 6, 7, 8, 9, 1, 2, 3]);
  return second === 10 ? 0 : second;
}

const firstRemainder = (code: string) =>
  Array.from(code.slice(0, 10), Number).reduce((s, d, i) => s + d * ([1, 2, 3, 4, 5, 6, 7, 8, 9, 1][i] ?? 0), 0) % 11;

/** Any valid personal code: first digit 3-6, a real date, any serial, the right control digit. */
const validCode = fc
  .record({
    first: fc.integer({ min: 3, max: 6 }),
    date: fc.date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true }),
    serial: fc.integer({ min: 0, max: 999 }),
  })
  .map(({ first, date, serial }) => {
    const year = date.getUTCFullYear();
    const century = year < 2000 ? (first <= 4 ? first : first - 2) : first >= 5 ? first : first + 2;
    const ten =
      String(century) +
      String(year % 100).padStart(2, '0') +
      String(date.getUTCMonth() + 1).padStart(2, '0') +
      String(date.getUTCDate()).padStart(2, '0') +
      String(serial).padStart(3, '0');
    return ten + String(referenceControl(ten));
  });

describe('personal code or licence', () => {
  it.each([
    ['A1234567', null],
    ['12345678', null],
    ['33309240064', null],
    ['', 'NOT_LT_TEMPLATE'],
    ['1234567', 'NOT_LT_TEMPLATE'],
    ['123456789', 'NOT_LT_TEMPLATE'],
    ['3330924006', 'NOT_LT_TEMPLATE'],
    ['333092400640', 'NOT_LT_TEMPLATE'],
  ] as const)('[PC1] %j gives %s', (value, expected) => {
    expect(personalCodeOrLicenceError(value)).toBe(expected);
    expect(validate(personalCodeOrLicenceSchema, value)).toBe(expected);
  });

  it.each([
    ['A1234567', true],
    ['z7654321', true],
    ['91234567', true],
    ['AB234567', false],
    ['A123456B', false],
    ['Ą1234567', false],
    ['-1234567', false],
  ])('[PC2] licence %j is valid: %s', (value, expected) => {
    expect(isDriverLicence(value)).toBe(expected);
    expect(personalCodeOrLicenceError(value)).toBe(expected ? null : 'LICENCE_INVALID');
  });

  it.each(['13309240064', '23309240064', '73309240064', '93309240064', '0330924006X', '3330924006a'])(
    '[PC3] %s is not a personal code',
    (value) => {
      expect(parsePersonalCode(value)).toBeNull();
      expect(personalCodeOrLicenceError(value)).toBe('PERSONAL_CODE_INVALID');
    },
  );

  it.each([
    ['month 13', '3331324'],
    ['day 32', '3330932'],
    ['month 00', '3330024'],
    ['day 00', '3330900'],
    ['31 April', '3330431'],
    ['29 February 1933', '3330229'],
  ])('[PC4] a code with %s is refused', (_label, prefix) => {
    const ten = `${prefix}006`;
    expect(parsePersonalCode(ten + String(referenceControl(ten)))).toBeNull();
  });

  it('[PC4] 29 February of a leap year is accepted', () => {
    const ten = '6040229123';
    expect(parsePersonalCode(ten + String(referenceControl(ten)))).toEqual({ birthDate: '2004-02-29', sex: 'female' });
  });

  it.each([
    ['3000101000', 4],
    ['3000101013', 5],
    ['3000101026', 6],
  ])('[PC5] %s has control digit %i by the first weighting', (ten, control) => {
    expect(personalCodeControlDigit(ten)).toBe(control);
    expect(parsePersonalCode(`${ten}${control}`)).not.toBeNull();
    expect(parsePersonalCode(`${ten}${(control + 1) % 10}`)).toBeNull();
  });

  it.each([
    ['3330924006', 4],
    ['3000101195', 4],
    ['3000101286', 6],
  ])('[PC6] %s has control digit %i by the second weighting', (ten, control) => {
    expect(personalCodeControlDigit(ten)).toBe(control);
    expect(parsePersonalCode(`${ten}${control}`)).not.toBeNull();
  });

  it.each(['3000101468', '3000101754', '3070101676'])('[PC7] %s has control digit 0 when both weightings give 10', (ten) => {
    expect(personalCodeControlDigit(ten)).toBe(0);
    expect(parsePersonalCode(`${ten}0`)).not.toBeNull();
    expect(parsePersonalCode(`${ten}1`)).toBeNull();
  });

  it('[PC5][PC6][PC7] the control digit agrees with an independent reading of the rule for every ten digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (ten) => {
        expect(personalCodeControlDigit(ten)).toBe(referenceControl(ten));
      }),
    );
  });

  it('[PC3][PC4][PC5] any 11-digit code with a correct control digit and valid date parts is accepted', () => {
    fc.assert(
      fc.property(validCode, (code) => {
        expect(parsePersonalCode(code)).not.toBeNull();
        expect(personalCodeOrLicenceError(code)).toBeNull();
      }),
    );
  });

  it('[PC5] any change of the control digit alone is rejected', () => {
    fc.assert(
      fc.property(validCode, fc.integer({ min: 1, max: 9 }), (code, delta) => {
        const changed = code.slice(0, 10) + String((Number(code[10]) + delta) % 10);
        expect(parsePersonalCode(changed)).toBeNull();
      }),
    );
  });

  it('[PC5] any single-digit change is rejected when neither code falls back to the second weighting', () => {
    fc.assert(
      fc.property(validCode, fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 9 }), (code, at, delta) => {
        const changed = code.slice(0, at) + String((Number(code[at]) + delta) % 10) + code.slice(at + 1);
        fc.pre(firstRemainder(code) !== 10 && firstRemainder(changed) !== 10);
        expect(parsePersonalCode(changed)).toBeNull();
      }),
    );
  });

  it('[PC6] the second weighting lets some single-digit changes through (a property of the national rule)', () => {
    expect(parsePersonalCode('30001010004')).not.toBeNull();
    expect(parsePersonalCode('33001010004')).not.toBeNull();
  });

  it.each([
    ['33309240064', '1933-09-24', 'male'],
    ['48001010005', '1980-01-01', 'female'],
    ['50501010007', '2005-01-01', 'male'],
    ['61012310003', '2010-12-31', 'female'],
  ])('[PC8] %s is born %s, %s', (code, birthDate, sex) => {
    const ten = code.slice(0, 10);
    const valid = ten + String(referenceControl(ten));
    expect(parsePersonalCode(valid)).toEqual({ birthDate, sex });
  });

  it('[PC8] the birth date read back is the date encoded, in the century of the first digit', () => {
    fc.assert(
      fc.property(validCode, (code) => {
        const info = parsePersonalCode(code);
        const first = Number(code[0]);
        expect(info?.birthDate.slice(0, 2)).toBe(first <= 4 ? '19' : '20');
        expect(info?.birthDate.slice(2).replace(/-/g, '')).toBe(code.slice(1, 7));
        expect(info?.sex).toBe(first % 2 === 1 ? 'male' : 'female');
        expect(isCalendarDate(info?.birthDate ?? '')).toBe(true);
      }),
    );
  });

  it.each([
    ['33309240064', '1933-09-24', true],
    ['33309240064', '1933-09-25', false],
    ['33309240064', '2033-09-24', false],
    ['A1234567', '1933-09-25', true],
    ['', '1990-01-01', true],
    ['33309240065', '1990-01-01', true],
  ])('[PC9] code %j and birth date %s match: %s', (code, date, expected) => {
    expect(birthDateMatchesCode(code, date)).toBe(expected);
    expect(validate(birthDateMatchSchema(code), date)).toBe(expected ? null : 'BIRTH_DATE_MISMATCH');
  });

  it('[PC9] every valid code matches exactly its own birth date', () => {
    fc.assert(
      fc.property(validCode, (code) => {
        const date = parsePersonalCode(code)?.birthDate ?? '';
        expect(birthDateMatchesCode(code, date)).toBe(true);
        expect(birthDateMatchesCode(code, date.replace(/^(\d)/, (d) => String((Number(d) + 1) % 10)))).toBe(false);
      }),
    );
  });

  it.each([
    ['33309240064', '240064'],
    ['A1234567', '234567'],
    [' 33309240064 ', '240064'],
  ])('[PC10] the preview password of %j is %s', (code, password) => {
    expect(previewPassword(code)).toBe(password);
  });
});
