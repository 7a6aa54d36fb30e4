import { describe, expect, it } from 'vitest';
import { NO_PERSON, driverPrefill, fillEmptyDriverFields, lockedPersonFields, normalisePerson, personErrors, personUpdate, type AccountPerson } from './person.js';

const TODAY = '2026-11-24';
const ADDRESS = { value: 'Gedimino pr. 1, Vilnius', aob: 155_000_123, pat: '4', needPat: true };
const JONAS: AccountPerson = { firstName: 'Jonas', lastName: 'Jonaitis', birthDate: '1990-01-01', phone: '+37061234567', address: ADDRESS, licence: 'A1234567' };

describe("the account's person (settings D)", () => {
  it('[AC12] texts are trimmed, an empty one is no value, the phone compacted, the licence upper-cased', () => {
    expect(
      normalisePerson({ firstName: ' Jonas ', lastName: '', birthDate: '  ', phone: '+370 612 34 567', address: null, licence: 'a1234567' }),
    ).toEqual({ ...NO_PERSON, firstName: 'Jonas', phone: '+37061234567', licence: 'A1234567' });
  });

  it.each<[string, Partial<AccountPerson>, Partial<Record<keyof AccountPerson, string>>]>([
    ['a whole valid person', JONAS, {}],
    ['nothing at all', NO_PERSON, {}],
    ['a name with digits', { firstName: 'J0nas' }, { firstName: 'NAME_INVALID' }],
    ['a surname with symbols', { lastName: 'Jon@itis' }, { lastName: 'NAME_INVALID' }],
    ['a birth date in the future', { birthDate: '2027-01-01' }, { birthDate: 'TOO_LATE' }],
    ['a licence of 7 characters', { licence: 'A123456' }, { licence: 'LICENCE_INVALID' }],
    ['an address not picked from the register', { address: { value: 'Gedimino 1', aob: null, pat: null, needPat: false } }, { address: 'ADDRESS_NOT_PICKED' }],
    ['a flat with no apartment number', { address: { ...ADDRESS, pat: null } }, { address: 'ADDRESS_NO_APARTMENT' }],
    ['a phone of letters', { phone: 'abc' }, { phone: 'PHONE_NO_COUNTRY_CODE' }],
  ])('[AC12] %s', (_, change, expected) => {
    expect(personErrors({ ...NO_PERSON, ...change }, TODAY)).toEqual(expected);
  });

  it('[AC12] with a verified personal code the name, surname and birth date stay as the certificate gave them; the rest changes', () => {
    expect(lockedPersonFields(null)).toEqual([]);
    expect(lockedPersonFields('39001010000')).toEqual(['firstName', 'lastName', 'birthDate']);
    const given = { ...JONAS, firstName: 'Petras', birthDate: '1980-05-05', phone: '+37069999999' };
    expect(personUpdate(JONAS, given, '39001010000')).toEqual({ ...JONAS, phone: '+37069999999' });
    expect(personUpdate(JONAS, given, null)).toEqual(given);
  });
});

describe('prefilling a declaration', () => {
  it('[AC13] the code is the verified personal code, else the licence number; the e-mail is the account\'s; missing fields stay empty', () => {
    expect(driverPrefill(JONAS, '39001010000', 'jonas@example.lt')).toEqual({
      name: 'Jonas',
      surname: 'Jonaitis',
      dob: '1990-01-01',
      code: '39001010000',
      address: ADDRESS,
      tel: '+37061234567',
      email: 'jonas@example.lt',
    });
    expect(driverPrefill(JONAS, null, null).code).toBe('A1234567');
    expect(driverPrefill(NO_PERSON, null, null)).toEqual({ name: '', surname: '', dob: '', code: '', address: null, tel: '', email: '' });
  });

  it('[AC13] a step not begun takes the prefill, and the filled fields are named; a begun one (a field the driver cleared included) takes nothing', () => {
    const prefill = driverPrefill(JONAS, null, 'jonas@example.lt');
    const empty = { name: '', surname: '', code: '', dob: '', address: null };
    expect(fillEmptyDriverFields(empty, prefill)).toEqual({
      value: { name: 'Jonas', surname: 'Jonaitis', code: 'A1234567', dob: '1990-01-01', address: ADDRESS },
      filled: ['name', 'surname', 'code', 'dob', 'address'],
    });
    const begun = { ...empty, name: 'Petras' };
    expect(fillEmptyDriverFields(begun, prefill)).toEqual({ value: begun, filled: [] });
    // The driver cleared the code to give it again: the rest stays as it was, the code stays empty.
    const cleared = { name: 'Jonas', surname: 'Jonaitis', code: '', dob: '1990-01-01', address: ADDRESS };
    expect(fillEmptyDriverFields(cleared, prefill)).toEqual({ value: cleared, filled: [] });
    expect(fillEmptyDriverFields(empty, null)).toEqual({ value: empty, filled: [] });
    expect(fillEmptyDriverFields(empty, driverPrefill({ ...NO_PERSON, firstName: 'Ona' }, null, null))).toEqual({ value: { ...empty, name: 'Ona' }, filled: ['name'] });
  });
});
