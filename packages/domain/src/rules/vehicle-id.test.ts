import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isVehicleId, normaliseVehicleId, vehicleIdSchema } from './vehicle-id.js';
import { validate } from './validation.js';

describe('virtual identifier', () => {
  it.each(['X1111A', 'Q0000Z', 'W9876O', 'X1234X', 'W0000I'])('[VI1] %s (X/Q/W, 4 digits, a letter) is valid', (id) => {
    expect(isVehicleId(id)).toBe(true);
  });

  it.each(['A1111O', 'X111AO', 'Z1234I', 'Q123WX', 'X11111'])(
    '[VI1] %s ends in a digit or a reserved letter without the X/Q/W + 4 digits start: invalid',
    (id) => {
      expect(isVehicleId(id)).toBe(false);
    },
  );

  it.each(['AB123C', '12345A', 'ABCDEF', 'ZZZZZY', 'A1B2CH'])(
    '[VI2] %s (6 characters, last not a digit nor OIQWX) is valid',
    (id) => {
      expect(isVehicleId(id)).toBe(true);
    },
  );

  it.each(['AB1234', 'ABCDEO', 'ABCDEI', 'ABCDEQ', 'ABCDEW', 'ABCDEX', 'ABCDE', 'ABCDEFG', 'AB12-C', 'ABCDEŽ'])(
    '[VI2] %s is not valid',
    (id) => {
      expect(isVehicleId(id)).toBe(false);
      expect(validate(vehicleIdSchema, id)).toBe('VI_INVALID');
    },
  );

  it.each([
    ['x1111a', null],
    [' X 1111 A ', null],
    ['ab123c', null],
    ['', 'VI_INVALID'],
  ] as const)('[VI3] %j gives %s (case and spaces ignored)', (id, expected) => {
    expect(validate(vehicleIdSchema, id)).toBe(expected);
  });

  it('[VI1][VI2] generated identifiers of both forms pass; a last digit or O, I, Q, W, X fails outside the first form', () => {
    const alnum5 = fc.stringMatching(/^[A-Z0-9]{5}$/);
    fc.assert(
      fc.property(fc.constantFrom('X', 'Q', 'W'), fc.stringMatching(/^\d{4}$/), fc.stringMatching(/^[A-Z]$/), (a, d, l) => {
        expect(isVehicleId(a + d + l)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(alnum5, fc.stringMatching(/^[A-HJ-NPR-VYZ]$/), (head, last) => {
        expect(isVehicleId(head + last)).toBe(true);
        expect(isVehicleId((head + last).toLowerCase())).toBe(true);
      }),
    );
    fc.assert(
      fc.property(alnum5.filter((h) => !/^[XQW]\d{4}$/.test(h)), fc.stringMatching(/^[0-9OIQWX]$/), (head, last) => {
        expect(isVehicleId(head + last)).toBe(false);
      }),
    );
  });

  it('[VI3] normalisation is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(normaliseVehicleId(normaliseVehicleId(s))).toBe(normaliseVehicleId(s));
      }),
    );
  });
});
