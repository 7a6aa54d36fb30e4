import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { complete } from '../declaration/declaration.fixture.js';
import { declarationViewFor } from '../declaration/view.js';
import { partyPreviewPassword } from '../output/statement.js';
import { validateT1 } from '../declaration/preview.js';
import {
  driverAddressError,
  driverBirthDateMatches,
  driverCodeError,
  foreignLicenceError,
  freeAddress,
  FREE_ADDRESS_MIN_LENGTH,
  isLithuanianDriver,
  normaliseLicence,
} from './driver-identity.js';
import { addressError } from './address.js';
import { birthDateMatchesCode, personalCodeOrLicenceError } from './personal-code.js';

const PICKED = { value: 'Gedimino pr. 1, Vilnius', aob: 155_000_123, pat: null, needPat: false };

describe('who the driver is, by their country', () => {
  it.each([
    ['38703181233', null],
    ['A1234567', null],
    ['MORGA753116SM9IJ', 'NOT_LT_TEMPLATE'],
    ['12345', 'NOT_LT_TEMPLATE'],
  ])('[DI1] a Lithuanian driver keeps the Lithuanian rules exactly: %s → %s', (code, error) => {
    expect(isLithuanianDriver('LT')).toBe(true);
    expect(driverCodeError(code, 'LT')).toBe(error);
    expect(driverCodeError(code, 'LT')).toBe(personalCodeOrLicenceError(code));
  });

  it('[DI1] for Lithuania the code, birth date and address rules are the Lithuanian functions, for any input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 22 }), fc.string({ maxLength: 10 }), (code, dob) => {
        expect(driverCodeError(code, 'LT')).toBe(personalCodeOrLicenceError(code));
        expect(driverBirthDateMatches(code, dob, 'LT')).toBe(birthDateMatchesCode(code, dob));
      }),
    );
    expect(driverAddressError({ value: 'Baker Street 221B, London NW1 6XE', aob: null }, 'LT')).toBe(addressError({ value: 'Baker Street 221B, London NW1 6XE', aob: null }));
    expect(driverAddressError(PICKED, 'LT')).toBeNull();
  });

  it.each([
    ['MORGA 753116 SM9IJ', 'MORGA753116SM9IJ', null],
    ['d-123-456-78', 'D12345678', null],
    ['B072RRE2I55', 'B072RRE2I55', null],
    ['12345', '12345', 'FOREIGN_LICENCE_INVALID'],
    ['ABCDEFGH', 'ABCDEFGH', 'FOREIGN_LICENCE_INVALID'],
    ['1234567890ABCDEFGHIJK', '1234567890ABCDEFGHIJK', 'FOREIGN_LICENCE_INVALID'],
    ['AB/123456', 'AB/123456', 'FOREIGN_LICENCE_INVALID'],
  ])('[DI2] a foreign licence number %j is kept as %s: %s', (typed, kept, error) => {
    expect(normaliseLicence(typed)).toBe(kept);
    expect(foreignLicenceError(typed)).toBe(error);
    expect(driverCodeError(kept, 'GB')).toBe(error);
  });

  it.each([
    ['221B Baker Street, London NW1 6XE', null],
    ['  Hauptstr.   5,  10115   Berlin ', null],
    ['London', 'ADDRESS_INCOMPLETE'],
    ['', 'ADDRESS_INCOMPLETE'],
  ])('[DI3] a foreign driver writes their address: %j → %s (no register id, no apartment)', (value, error) => {
    const kept = freeAddress(value);
    expect(kept).toMatchObject({ aob: null, pat: null, needPat: false });
    expect(kept.value).not.toMatch(/\s{2}|^\s|\s$/);
    expect(driverAddressError(kept, 'DE')).toBe(error);
  });

  it('[DI3] the length is measured as the address is kept (spaces collapsed): the form and the preview agree', () => {
    const seven = 'Kai 5 B';
    expect(seven.length).toBe(FREE_ADDRESS_MIN_LENGTH - 1);
    expect(driverAddressError({ value: seven, aob: null }, 'GB')).toBe('ADDRESS_INCOMPLETE');
    expect(driverAddressError({ value: 'Kai   5   B', aob: null }, 'GB')).toBe('ADDRESS_INCOMPLETE');
    expect(driverAddressError({ value: 'Kai 5 B1', aob: null }, 'GB')).toBeNull();
  });

  it('[DI4] a foreign licence says no birth date: any birth date is taken; a Lithuanian code must match', () => {
    expect(driverBirthDateMatches('38703181233', '1990-01-01', 'GB')).toBe(true);
    expect(driverBirthDateMatches('38703181233', '1990-01-01', 'LT')).toBe(false);
  });

  it('[DI5] a driver from abroad completes the declaration: the preview finds nothing of theirs; the password is the licence number\'s last 6; the other driver never sees the number', () => {
    const d = complete();
    const gb = {
      ...d,
      parties: {
        ...d.parties,
        B: { ...d.parties.B, driver: { ...d.parties.B.driver, country: 'GB', code: 'MORGA753116SM9IJ', dob: '1975-03-11', address: freeAddress('221B Baker Street, London NW1 6XE') } },
      },
    };
    const ctx = { linked: true, today: '2026-11-26', savedImageIds: new Set<string>([d.scheme.imageId, d.parties.A.signature?.imageId, d.parties.B.signature?.imageId].filter((x): x is string => !!x)) };
    const partyB = validateT1(gb, ctx).filter((f) => f.party === 'B');
    expect(partyB.map((f) => f.code)).not.toContain('PREVIEW_DRIVER_DATA');
    expect(partyPreviewPassword(gb, 'B')).toBe('6SM9IJ');
    const seenByA = declarationViewFor(gb, 'A', false);
    expect(seenByA.parties.B.driver.code).toBe('');
    expect(seenByA.hiddenCodes.B).toEqual({ valid: true, matchesBirthDate: true });
    // The same data with Lithuania as the country is not complete: a UK licence is no Lithuanian code.
    const asLt = { ...gb, parties: { ...gb.parties, B: { ...gb.parties.B, driver: { ...gb.parties.B.driver, country: 'LT' } } } };
    expect(validateT1(asLt, ctx).filter((f) => f.party === 'B').map((f) => f.code)).toContain('PREVIEW_DRIVER_DATA');
  });
});
