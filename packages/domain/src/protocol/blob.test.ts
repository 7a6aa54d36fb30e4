import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sniffContentType } from '../rules/content-type.js';
import { isTransientFailure } from './blob.js';

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)).concat(new Array(16).fill(0)));

describe('content sniffing of uploads', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe1]), 'image/jpeg'],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png'],
    ['GIF', bytes('GIF89a'), 'image/gif'],
    ['BMP', bytes('BM'), 'image/bmp'],
    ['HEIC', bytes([0, 0, 0, 0x18], 'ftypheic'), 'image/heic'],
    ['HEIF', bytes([0, 0, 0, 0x18], 'ftypmif1'), 'image/heif'],
    ['WebM audio', bytes([0x1a, 0x45, 0xdf, 0xa3]), 'audio/webm'],
    ['Ogg audio', bytes('OggS'), 'audio/ogg'],
    ['M4A audio', bytes([0, 0, 0, 0x20], 'ftypM4A '), 'audio/mp4'],
  ])('[HB13] %s is recognised by its magic bytes', (_name, b, type) => {
    expect(sniffContentType(b)?.contentType).toBe(type);
  });

  it('[HB13] a PDF, a ZIP, text and short inputs are not accepted whatever their name', () => {
    expect(sniffContentType(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffContentType(bytes('PK', [3, 4]))).toBeNull();
    expect(sniffContentType(bytes('hello world, not a photo'))).toBeNull();
    expect(sniffContentType(new Uint8Array([0xff, 0xd8, 0xff]))).toBeNull();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (b) => {
        const r = sniffContentType(b);
        expect(r === null || ['image', 'audio'].includes(r.kind)).toBe(true);
      }),
    );
  });
});

describe('what an upload may try again (issue 34)', () => {
  it.each([
    ['NETWORK_ERROR', true],
    ['RATE_LIMITED', true],
    ['SERVER_BUSY', true],
    ['SERVER_ERROR', true],
    ['STORAGE_FULL', true],
    ['CLAIM_FILE_INVALID', false],
    ['CLAIM_TOO_MANY_FILES', false],
    ['TOO_BIG', false],
    ['CHAT_FILE_INVALID', false],
  ])('%s: sent again? %s', (code, again) => {
    expect(isTransientFailure(code)).toBe(again);
  });
});
