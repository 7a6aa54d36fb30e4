/**
 * What a binary is, by its bytes (never by its name): the kinds of file the service takes, the
 * content type read from the magic bytes, and the id of an image's thumbnail. Used by the
 * uploads, the chat's and the claim's files, and the statement's links.
 */
/** What may be uploaded: images (photos, scheme, signatures, damage image) and audio notes. */
export const BLOB_KINDS = ['image', 'audio'] as const;
export type BlobKind = (typeof BLOB_KINDS)[number];

/** The id of an image's thumbnail. */
export const thumbnailId = (id: string): string => `${id}-t`;

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0): boolean => sig.every((x, i) => b[at + i] === x);
const ascii = (b: Uint8Array, from: number, to: number): string => String.fromCharCode(...b.subarray(from, to));

/**
 * The content type of a binary by its magic bytes, or null when it is none of the accepted kinds.
 * A renamed PDF is not a JPEG because its name says so.
 */
export function sniffContentType(b: Uint8Array): { kind: BlobKind; contentType: string } | null {
  if (b.length < 12) return null;
  if (startsWith(b, [0xff, 0xd8, 0xff])) return { kind: 'image', contentType: 'image/jpeg' };
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', contentType: 'image/png' };
  if (ascii(b, 0, 4) === 'GIF8') return { kind: 'image', contentType: 'image/gif' };
  if (ascii(b, 0, 2) === 'BM') return { kind: 'image', contentType: 'image/bmp' };
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return { kind: 'image', contentType: 'image/webp' };
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WAVE') return { kind: 'audio', contentType: 'audio/wav' };
  if (ascii(b, 0, 4) === 'OggS') return { kind: 'audio', contentType: 'audio/ogg' };
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'audio', contentType: 'audio/webm' };
  if (ascii(b, 4, 8) === 'ftyp') {
    const brand = ascii(b, 8, 12);
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis'].includes(brand)) return { kind: 'image', contentType: 'image/heic' };
    if (['mif1', 'msf1'].includes(brand)) return { kind: 'image', contentType: 'image/heif' };
    if (['M4A ', 'mp42', 'isom', 'iso5', 'iso6', 'dash', 'mp41'].includes(brand)) return { kind: 'audio', contentType: 'audio/mp4' };
  }
  return null;
}
