import type { ClockPort, HashPort, IdPort } from '@eid/domain';

/** The wall clock. */
export class SystemClock implements ClockPort {
  now(): number {
    return Date.now();
  }
}

/** Bytes of a token: 24 random bytes are 192 bits, above the 128 the tokens must carry. */
const TOKEN_BYTES = 24;

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Ids and randomness from the platform's cryptographic generator (Web Crypto, present in every
 * supported browser and in Node 20): tokens are unguessable, not merely unique.
 */
export class CryptoIds implements IdPort {
  token(): string {
    return base64Url(globalThis.crypto.getRandomValues(new Uint8Array(TOKEN_BYTES)));
  }

  random(): number {
    // 53 random bits, the precision of a double in [0, 1).
    const [hi = 0, lo = 0] = globalThis.crypto.getRandomValues(new Uint32Array(2));
    return ((hi >>> 5) * 67108864 + (lo >>> 6)) / 9007199254740992;
  }
}

/** SHA-256 through Web Crypto. */
export class WebCryptoHash implements HashPort {
  async sha256Hex(text: string): Promise<string> {
    const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  }
}
