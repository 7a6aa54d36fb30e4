import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { PLATE_MAX_LENGTH, PLATE_TOLERANCE, VIN_MIN_LENGTH } from './constants.js';
import { PlatesSchema } from '../declaration/entities.js';
import {
  plateEntryErrors,
  isForeign,
  isSalePlate,
  normalisePlate,
  platePairErrors,
  plateSchema,
  plateSimilarity,
  samePlate,
} from './plates.js';
import { validate } from './validation.js';

describe('plates', () => {
  it.each([
    ['abc 123', 'ABC123'],
    ['AB-C.1_2/3', 'ABC123'],
    ['  kla 001  ', 'KLA001'],
    ['ĄBC123', 'BC123'],
    ['1234567890123', '123456789012'],
    ['', ''],
  ])('[PL1] %j is normalised to %j', (input, expected) => {
    expect(normalisePlate(input)).toBe(expected);
  });

  it('[PL1] normalisation is idempotent and its output matches /^[A-Z0-9]{0,12}$/', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const once = normalisePlate(s);
        expect(once).toMatch(/^[A-Z0-9]{0,12}$/);
        expect(normalisePlate(once)).toBe(once);
      }),
    );
  });

  it('[PL1] letters and digits are kept in order up to 12', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z0-9]{0,20}$/), (s) => {
        expect(normalisePlate(s)).toBe(s.toUpperCase().slice(0, PLATE_MAX_LENGTH));
      }),
    );
  });

  it.each([
    ['ABC123', 'ABC123', 'SIMILAR'],
    ['ABC123', 'ABC128', 'SIMILAR'],
    ['ABC123', 'ABD128', 'SIMILAR'],
    ['abc 123', 'ABC-123', 'SIMILAR'],
  ] as const)('[PL2] %s vs %s is %s', (a, b, expected) => {
    expect(plateSimilarity(a, b)).toBe(expected);
  });

  it.each([
    ['ABC123', 'XYZ123', 'NOT_SIMILAR'],
    ['ABC123', 'ABC1234', 'NOT_SIMILAR'],
    ['ABC123', '', 'UNKNOWN'],
    [null, 'ABC123', 'UNKNOWN'],
    [undefined, undefined, 'UNKNOWN'],
    ['--', 'ABC', 'UNKNOWN'],
  ] as const)('[PL3] %j vs %j is %s', (a, b, expected) => {
    expect(plateSimilarity(a, b)).toBe(expected);
  });

  it('[PL2][PL3] the default tolerance is 2 and is a parameter', () => {
    expect(PLATE_TOLERANCE).toBe(2);
    expect(plateSimilarity('ABC123', 'ABD128', 1)).toBe('NOT_SIMILAR');
    expect(plateSimilarity('ABC123', 'XYZ123', 3)).toBe('SIMILAR');
  });

  it('[PL2][PL3] plates differing in k positions are similar exactly when k <= 2; similarity is symmetric', () => {
    const plate = fc.stringMatching(/^[A-Z0-9]{1,12}$/);
    fc.assert(
      fc.property(plate, fc.array(fc.nat(), { maxLength: 5 }), (p, positions) => {
        const chars = Array.from(p);
        const changed = new Set(positions.map((i) => i % chars.length));
        for (const i of changed) chars[i] = chars[i] === 'Z' ? 'Y' : 'Z';
        const q = chars.join('');
        expect(plateSimilarity(p, q)).toBe(changed.size <= 2 ? 'SIMILAR' : 'NOT_SIMILAR');
        expect(plateSimilarity(q, p)).toBe(plateSimilarity(p, q));
        expect(plateSimilarity(p, `${p}1`.slice(0, 13))).toBe(p.length < 12 ? 'NOT_SIMILAR' : 'SIMILAR');
      }),
    );
  });

  it.each([
    [{ plate: 'ABC123' }, { plate: 'abc-123' }, ['PLATES_MUST_DIFFER']],
    [{ plate: 'ABC123' }, { plate: 'ABC124' }, []],
    [{ plate: '' }, { plate: '' }, []],
    [{ plate: null, noPlate: true }, { plate: null, noPlate: true }, []],
  ] as const)('[PL4] A %j and B %j give %j', (a, b, expected) => {
    expect(platePairErrors(a, b)).toEqual(expected);
  });

  it.each([
    [{ plate: 'A1', trailerPlate: 'TR001' }, { plate: 'B1', trailerPlate: 'tr 001' }, ['TRAILER_PLATES_MUST_DIFFER']],
    [{ plate: 'A1', trailerPlate: 'TR001', hasTrailer: true }, { plate: 'B1', trailerPlate: 'TR001', hasTrailer: false }, []],
    [{ plate: 'A1', trailerPlate: '' }, { plate: 'B1', trailerPlate: '' }, []],
    [{ plate: 'A1', trailerPlate: 'X1' }, { plate: 'A1', trailerPlate: 'X1' }, ['PLATES_MUST_DIFFER', 'TRAILER_PLATES_MUST_DIFFER']],
  ] as const)('[PL5] A %j and B %j give %j', (a, b, expected) => {
    expect(platePairErrors(a, b)).toEqual(expected);
  });

  it('[PL4] the same non-empty plate always clashes, distinct normal forms never do', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const clash = samePlate(a, b);
        expect(clash).toBe(normalisePlate(a) !== '' && normalisePlate(a) === normalisePlate(b));
        expect(platePairErrors({ plate: a }, { plate: b }).includes('PLATES_MUST_DIFFER')).toBe(clash);
      }),
    );
  });

  it.each([
    ['P1234', true],
    ['P12345', true],
    ['p 1234', true],
    ['P123', false],
    ['P123456', false],
    ['PA1234', false],
    ['Q1234', false],
  ])('[PL6] %j is a sale plate: %s', (plate, expected) => {
    expect(isSalePlate(plate)).toBe(expected);
  });

  it.each([
    [{ country: 'PL' }, { country: 'DE' }, ['TWO_FOREIGN_VEHICLES']],
    [{ country: 'pl' }, { country: 'LV' }, ['TWO_FOREIGN_VEHICLES']],
    [{ country: 'PL' }, { country: 'LT' }, []],
    [{ country: 'PL' }, {}, []],
    [{ country: '' }, { country: null }, []],
  ] as const)('[PL7] A %j and B %j give %j', (a, b, expected) => {
    expect(platePairErrors(a, b)).toEqual(expected);
  });

  it('[PL7] a vehicle is foreign exactly when it names a country other than LT', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z]{0,2}$/), (country) => {
        expect(isForeign({ country })).toBe(country !== '' && country.toUpperCase() !== 'LT');
      }),
    );
  });

  it.each([
    ['ABC123', null],
    ['', null],
    ['abc123', 'INCORRECT'],
    ['ABC 123', 'INCORRECT'],
    ['ABCDEFGHIJKLM', 'PLATE_TOO_LONG'],
  ] as const)('[PL8] stored plate %j gives %s', (plate, expected) => {
    expect(validate(plateSchema, plate)).toBe(expected);
  });

  it('[PL8] every normalised plate is a valid stored plate', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(validate(plateSchema, normalisePlate(s))).toBeNull();
      }),
    );
  });

  it.each([
    [{ plate: 'ABC123', noPlate: false, vin: '', hasTrailer: false, trailerPlate: '' }, { plate: null, vin: null, trailer: null }],
    [{ plate: ' - ', noPlate: false, vin: '', hasTrailer: false, trailerPlate: '' }, { plate: 'REQUIRED', vin: null, trailer: null }],
    [{ plate: '', noPlate: true, vin: '', hasTrailer: false, trailerPlate: '' }, { plate: null, vin: 'REQUIRED', trailer: null }],
    [{ plate: '', noPlate: true, vin: ' WVW1 ', hasTrailer: false, trailerPlate: '' }, { plate: null, vin: 'TOO_SHORT', trailer: null }],
    [{ plate: '', noPlate: true, vin: 'WVW12', hasTrailer: true, trailerPlate: '' }, { plate: null, vin: null, trailer: 'REQUIRED' }],
  ] as const)('[PL9] the entry %j has the errors %j', (entry, expected) => {
    expect(plateEntryErrors(entry)).toEqual(expected);
  });

  it('[PL9] the plate-pair schema refuses a VIN shorter than VIN_MIN_LENGTH, and takes an empty one for NO_PLATE', () => {
    const plates = { country: 'LT', plate: '', vin: '', trailerPlate: '', hasTrailer: false, noPlate: true };
    expect(v.safeParse(PlatesSchema, { ...plates, vin: 'X'.repeat(VIN_MIN_LENGTH - 1) }).success).toBe(false);
    expect(v.safeParse(PlatesSchema, { ...plates, vin: 'X'.repeat(VIN_MIN_LENGTH) }).success).toBe(true);
    expect(v.safeParse(PlatesSchema, plates).success).toBe(true);
    expect(v.safeParse(PlatesSchema, { ...plates, noPlate: false, plate: 'ABC123', vin: 'X' }).success).toBe(true);
  });
});
