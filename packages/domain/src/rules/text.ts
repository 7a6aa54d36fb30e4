/**
 * Text helpers of declaration-flow §5/§9 and app-shell §7: web-address normalisation, ASCII
 * cleaning, base-32, random ids and analytics event names.
 */
import type { IdPort } from '../ports/id.port.js';
import { RANDOM_ID_MAX } from './constants.js';

/**
 * A web address ready for a link: none for empty or non-text input; a site path ("/terms") and an
 * address with an http or https scheme stay as they are; anything else is taken as a host and gets
 * "https://" in front. Outer white space is dropped first. Idempotent.
 */
export function normaliseUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (url === '') return null;
  if (url.startsWith('/') || /^https?:\/\//i.test(url)) return url;
  return `https://${url}`;
}

/**
 * Plain ASCII for places that cannot carry anything else (file names, some back-end fields):
 * accents are removed ("Žąsinas" → "Zasinas") and characters with no ASCII base are dropped.
 */
export function toAscii(value: string): string {
  const unaccented = value.normalize('NFD').replace(/\p{M}/gu, '');
  return Array.from(unaccented)
    .filter((ch) => ch.charCodeAt(0) < 0x80)
    .join('');
}

/** Base-32 digits: the ten digits, then the letters from a onward (a = 10 … v = 31). */
const BASE32_DIGITS = '0123456789abcdefghijklmnopqrstuv';

/** Encodes a safe integer in base 32 with the digits above (the same as `n.toString(32)`). */
export function toBase32(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError('base-32 encodes safe integers only');
  if (n < 0) return `-${toBase32(-n)}`;
  let rest = n;
  let out = '';
  do {
    out = (BASE32_DIGITS[rest % 32] ?? '') + out;
    rest = Math.floor(rest / 32);
  } while (rest > 0);
  return out;
}

/** Decodes base 32 (either case); null when a character is not a base-32 digit. */
export function fromBase32(value: string): number | null {
  const match = /^(-?)([0-9a-v]+)$/i.exec(value);
  if (!match) return null;
  const magnitude = Array.from((match[2] ?? '').toLowerCase()).reduce(
    (acc, ch) => acc * 32 + BASE32_DIGITS.indexOf(ch),
    0,
  );
  return match[1] === '-' ? -magnitude : magnitude;
}

type RandomSource = Pick<IdPort, 'random'> | (() => number);

function draw(source: RandomSource): number {
  return typeof source === 'function' ? source() : source.random();
}

/** A random integer in [0, max), max 1e10 by default; randomness comes from the caller. */
export function randomId(source: RandomSource, max: number = RANDOM_ID_MAX): number {
  return Math.floor(draw(source) * max);
}

/** A random id with a prefix, written in base 32 (the shell's instance id). */
export function prefixedRandomId(prefix: string, source: RandomSource, max: number = RANDOM_ID_MAX): string {
  return prefix + toBase32(randomId(source, max));
}

/** Analytics event names: lower case, with spaces, hyphens and asterisks turned into underscores. */
export function analyticsEventName(name: string): string {
  return name.toLowerCase().replace(/[\s\-*]/g, '_');
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Standard base64 (RFC 4648, padded) of bytes, without Buffer or btoa, so the same code runs in
 * the browser and on the server (get-foto answers imageBase64).
 */
export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    out += BASE64_ALPHABET[(n >> 18) & 63];
    out += BASE64_ALPHABET[(n >> 12) & 63];
    out += i + 1 < bytes.length ? BASE64_ALPHABET[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? BASE64_ALPHABET[n & 63] : '=';
  }
  return out;
}

/** The bytes of standard base64 text; null when it is not valid base64. */
export function base64ToBytes(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, '');
  if (clean.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return null;
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((clean.length / 4) * 3 - padding);
  let o = 0;
  for (let i = 0; i < clean.length; i += 4) {
    const n =
      (BASE64_ALPHABET.indexOf(clean[i] ?? 'A') << 18) |
      (BASE64_ALPHABET.indexOf(clean[i + 1] ?? 'A') << 12) |
      ((clean[i + 2] === '=' ? 0 : BASE64_ALPHABET.indexOf(clean[i + 2] ?? 'A')) << 6) |
      (clean[i + 3] === '=' ? 0 : BASE64_ALPHABET.indexOf(clean[i + 3] ?? 'A'));
    if (o < out.length) out[o++] = (n >> 16) & 255;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  return out;
}
