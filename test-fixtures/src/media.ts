import { readFileSync } from 'node:fs';

/** The committed media samples of test-fixtures/media (see its generate.mjs). */
export type MediaFixture =
  | 'portrait-exif-gps.jpg'
  | 'transparent-borders.png'
  | 'scene.jpg'
  | 'sample.heic'
  | 'large-12mp.heic'
  /** A phone's HEIC in small: a grid of 256-px tiles (4 × 3, 1000 × 700), as it is and turned or mirrored by its file. */
  | 'grid.heic'
  | 'grid-irot1.heic'
  | 'grid-irot3-imir0.heic'
  | 'grid-imir1.heic'
  | 'grid-imir0-irot1.heic'
  /** A grid whose sixth tile says it is 4096 px (its data is 256): refused before anything of it is decoded. */
  | 'grid-odd-tile.heic'
  | 'policy-not-a-photo.jpg';

export function mediaFixture(name: MediaFixture): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../media/${name}`, import.meta.url)));
}

/** The rendered plate photos (file name = the plate). */
export const PLATE_FIXTURES = ['KLM123', 'HBN512', 'AKT902', 'LRA908', 'MZP631', 'GTE274', 'DVU058', 'P1234', 'T12345', 'VB273'] as const;

export function plateFixture(plate: (typeof PLATE_FIXTURES)[number]): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../media/plates/${plate}.jpg`, import.meta.url)));
}

/** Does this JPEG carry EXIF with a GPS IFD pointer (tag 0x8825)? */
export function hasGpsExif(jpeg: Uint8Array): boolean {
  const b = Buffer.from(jpeg);
  const exif = b.indexOf(Buffer.from('Exif\0\0', 'latin1'));
  if (exif < 0) return false;
  const tiff = b.subarray(exif + 6, exif + 6 + 65536);
  return tiff.includes(Buffer.from([0x88, 0x25])) || tiff.includes(Buffer.from([0x25, 0x88]));
}
