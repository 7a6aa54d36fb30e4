import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_TAB_INDEX,
  INFORM_METHODS,
  contactPairErrors,
  contactTabIndex,
  contactsMatch,
  methodOfTabIndex,
  sameEmailAddress,
  samePhoneNumber,
} from './contacts.js';

describe('contacts', () => {
  it.each([
    ['+37061234567', '+37061234567', true],
    ['+37061234567', '+370 612 34567', true],
    ['+37061234567', '+37061234568', false],
    ['+370', '+370', false],
    ['', '', false],
    [null, '+37061234567', false],
    ['+3706', '+3706', true],
  ] as const)('[CT1] phones %j and %j clash: %s', (a, b, expected) => {
    expect(samePhoneNumber(a, b)).toBe(expected);
    expect(contactPairErrors({ tel: a }, { tel: b })).toEqual(expected ? ['PHONES_MUST_DIFFER'] : []);
  });

  it.each([
    ['jonas@example.lt', 'JONAS@example.LT', true],
    ['jonas@example.lt', ' jonas@example.lt ', true],
    ['jonas@example.lt', 'petras@example.lt', false],
    ['', '', false],
    [undefined, 'jonas@example.lt', false],
  ] as const)('[CT2] e-mails %j and %j clash: %s', (a, b, expected) => {
    expect(sameEmailAddress(a, b)).toBe(expected);
    expect(contactPairErrors({ email: a }, { email: b })).toEqual(expected ? ['EMAILS_MUST_DIFFER'] : []);
  });

  it('[CT1][CT2] both clashes are reported together', () => {
    expect(contactPairErrors({ tel: '+37061234567', email: 'a@b.lt' }, { tel: '+370 612 34567', email: 'A@B.LT' })).toEqual([
      'PHONES_MUST_DIFFER',
      'EMAILS_MUST_DIFFER',
    ]);
  });

  it('[CT1] any Lithuanian mobile number clashes with itself written with spaces, and not with another', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{7}$/), fc.stringMatching(/^\d{7}$/), (x, y) => {
        expect(samePhoneNumber(`+3706${x}`, `+370 6${x.slice(0, 2)} ${x.slice(2)}`)).toBe(true);
        expect(samePhoneNumber(`+3706${x}`, `+3706${y}`)).toBe(x === y);
      }),
    );
  });

  it('[CT2] e-mails clash case-insensitively', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9.]{1,10}@[a-z]{1,8}\.lt$/), (e) => {
        expect(sameEmailAddress(e, e.toUpperCase())).toBe(true);
        expect(sameEmailAddress(e, `x${e}`)).toBe(false);
      }),
    );
  });

  it.each([
    [{ method: 'tel', value: '+37061234567' }, { method: 'tel', value: '+37061234567' }, true],
    [{ method: 'tel', value: '+37061234567' }, { method: 'email', value: '+37061234567' }, false],
    [{ method: 'email', value: 'a@b.lt' }, { method: 'email', value: 'A@b.lt' }, false],
    [{ method: 'email', value: 'a@b.lt' }, { method: 'email', value: 'a@b.lt' }, true],
    [{ method: null, value: '' }, { method: null, value: '' }, true],
  ] as const)('[CT3] %j and %j match: %s', (a, b, expected) => {
    expect(contactsMatch(a, b)).toBe(expected);
  });

  it('[CT3] contacts match exactly when method and value are equal', () => {
    const contact = fc.record({ method: fc.constantFrom('email' as const, 'tel' as const, null), value: fc.string({ maxLength: 3 }) });
    fc.assert(
      fc.property(contact, contact, (a, b) => {
        expect(contactsMatch(a, b)).toBe(a.method === b.method && a.value === b.value);
        expect(contactsMatch(a, a)).toBe(true);
      }),
    );
  });

  it('[CT4] inform methods are e-mail and telephone; tab index tel 1, email 2, none 0', () => {
    expect(INFORM_METHODS).toEqual(['email', 'tel']);
    expect(CONTACT_TAB_INDEX).toEqual({ tel: 1, email: 2, none: 0 });
    expect(contactTabIndex('tel')).toBe(1);
    expect(contactTabIndex('email')).toBe(2);
    expect(contactTabIndex(null)).toBe(0);
    expect(contactTabIndex(undefined)).toBe(0);
    expect(methodOfTabIndex(1)).toBe('tel');
    expect(methodOfTabIndex(2)).toBe('email');
    expect(methodOfTabIndex(0)).toBeNull();
    expect(methodOfTabIndex(3)).toBeNull();
  });
});
