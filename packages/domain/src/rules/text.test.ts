import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RANDOM_ID_MAX } from './constants.js';
import {
  analyticsEventName,
  base64ToBytes,
  bytesToBase64,
  fromBase32,
  normaliseUrl,
  prefixedRandomId,
  randomId,
  toAscii,
  toBase32,
} from './text.js';

describe('web addresses', () => {
  it.each([
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
    [42, null],
    [{}, null],
    ['/terms', '/terms'],
    ['http://www.lrsdb.lt', 'http://www.lrsdb.lt'],
    ['https://www.lrsdb.lt/x', 'https://www.lrsdb.lt/x'],
    ['HTTPS://EXAMPLE.LT', 'HTTPS://EXAMPLE.LT'],
    ['www.lrsdb.lt', 'https://www.lrsdb.lt'],
    ['lrsdb.lt/path', 'https://lrsdb.lt/path'],
    ['httpbin.org', 'https://httpbin.org'],
    [' www.x.lt ', 'https://www.x.lt'],
  ])('[TX1] %j is normalised to %j', (input, expected) => {
    expect(normaliseUrl(input)).toBe(expected);
  });

  it('[TX1] normalisation is idempotent and always yields a path or an http(s) address', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.anything()), (input) => {
        const once = normaliseUrl(input);
        expect(normaliseUrl(once)).toBe(once);
        if (once !== null) expect(once).toMatch(/^(\/|https?:\/\/)/i);
      }),
    );
  });
});

describe('ASCII cleaning', () => {
  it.each([
    ['Žąsinas Čiurlionis', 'Zasinas Ciurlionis'],
    ['ąčęėįšųūž ĄČĘĖĮŠŲŪŽ', 'aceeisuuz ACEEISUUZ'],
    ['Müller-Lüdenscheidt', 'Muller-Ludenscheidt'],
    ['Иван 42', ' 42'],
    ['plain', 'plain'],
  ])('[TX2] %j becomes %j', (input, expected) => {
    expect(toAscii(input)).toBe(expected);
  });

  it('[TX2] the output is ASCII, idempotent, and ASCII input is unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const out = toAscii(s);
        expect(Array.from(out).every((ch) => ch.charCodeAt(0) < 0x80)).toBe(true);
        expect(toAscii(out)).toBe(out);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)) }), (s) => {
        expect(toAscii(s)).toBe(s);
      }),
    );
  });
});

describe('base-32', () => {
  it.each([
    [0, '0'],
    [9, '9'],
    [10, 'a'],
    [31, 'v'],
    [32, '10'],
    [1023, 'vv'],
    [-33, '-11'],
  ])('[TX3] %i is %s', (n, text) => {
    expect(toBase32(n)).toBe(text);
    expect(fromBase32(text)).toBe(n);
  });

  it('[TX3] round-trips and agrees with toString(32) / parseInt(x, 32)', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        const text = toBase32(n);
        expect(text).toBe(n.toString(32));
        expect(parseInt(text, 32)).toBe(n);
        expect(fromBase32(text)).toBe(n);
        expect(fromBase32(text.toUpperCase())).toBe(n);
      }),
    );
  });

  it('[TX3] refuses what is not a base-32 integer', () => {
    expect(fromBase32('w')).toBeNull();
    expect(fromBase32('')).toBeNull();
    expect(fromBase32('1.5')).toBeNull();
    expect(() => toBase32(1.5)).toThrow(RangeError);
  });
});

describe('random ids', () => {
  it('[TX4] a random id is an integer in [0, 1e10) from the injected randomness', () => {
    expect(RANDOM_ID_MAX).toBe(1e10);
    expect(randomId(() => 0)).toBe(0);
    expect(randomId(() => 0.5)).toBe(5e9);
    expect(randomId({ random: () => 0.999999999999 })).toBe(9999999999);
    expect(randomId(() => 0.5, 100)).toBe(50);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.integer({ min: 1, max: 1e12 }), (r, max) => {
        const id = randomId(() => r, max);
        expect(Number.isInteger(id)).toBe(true);
        expect(id >= 0 && id < max).toBe(true);
      }),
    );
  });

  it('[TX4] a prefixed id is the prefix and the id in base 32', () => {
    expect(prefixedRandomId('eid-', () => 0.5)).toBe(`eid-${(5e9).toString(32)}`);
    expect(prefixedRandomId('x', () => 0)).toBe('x0');
  });
});

describe('analytics event names', () => {
  it.each([
    ['Step Next', 'step_next'],
    ['photo-upload*failed', 'photo_upload_failed'],
    ['A - B', 'a___b'],
    ['already_ok', 'already_ok'],
  ])('[TX5] %j becomes %j', (input, expected) => {
    expect(analyticsEventName(input)).toBe(expected);
  });

  it('[TX5] names keep their length, contain no space, hyphen, asterisk or upper case, and are idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'abcXYZ -*_1') }), (s) => {
        const name = analyticsEventName(s);
        expect(name).toHaveLength(s.length);
        expect(name).not.toMatch(/[\s\-*A-Z]/);
        expect(analyticsEventName(name)).toBe(name);
      }),
    );
  });
});

const ascii = (text: string) => new Uint8Array(Array.from(text, (ch) => ch.charCodeAt(0)));

describe('base64', () => {
  it('[TX6] bytes encode to standard padded base64 and decode back, for any bytes', () => {
    expect(bytesToBase64(new Uint8Array([]))).toBe('');
    expect(bytesToBase64(ascii('Man'))).toBe('TWFu');
    expect(bytesToBase64(ascii('Ma'))).toBe('TWE=');
    expect(bytesToBase64(ascii('M'))).toBe('TQ==');
    expect(bytesToBase64(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('/9j/4A==');
    expect(base64ToBytes('not base64!')).toBeNull();
    expect(base64ToBytes('TWE')).toBeNull();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = bytesToBase64(bytes);
        expect(text).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
        expect(Array.from(base64ToBytes(text) ?? [])).toEqual(Array.from(bytes));
      }),
    );
  });
});
