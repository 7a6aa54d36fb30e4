import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from './constants.js';
import {
  ACCEPTED_PHOTO_EXTENSIONS,
  PHOTO_SECTIONS,
  SHOWN_PHOTO_EXTENSIONS,
  addPhotoError,
  fileExtension,
  isAcceptedPhoto,
  isDisplayablePhoto,
  isResizablePhoto,
  missingPhotos,
  PHOTO_SEND,
  photoNeedsShrinking,
  photoSendSize,
  photoSendWay,
  photoMayBeRedrawn,
  photoFileError,
  photoSetNumber,
  photosInSection,
  type PhotoSection,
  type PhotosOfParties,
} from './photos.js';

type Counts = Readonly<Record<PhotoSection, number>>;
const counts = (overview: number, plates: number, damages: number, extra = 0): Counts => ({ overview, plates, damages, extra });
/** A declaration's photos with these counts per section (set numbers as the spec orders them). */
const photosOf = (c: Counts) =>
  (['overview', 'plates', 'damages', 'extra'] as const).flatMap((section) => Array.from({ length: c[section] }, () => ({ set: photoSetNumber(section) })));
const declarationWith = (A: Counts, B: Counts): PhotosOfParties => ({ parties: { A: { photos: photosOf(A) }, B: { photos: photosOf(B) } } });

describe('photos', () => {
  it('[PHO1] the accepted extensions are exactly the spec list', () => {
    expect([...ACCEPTED_PHOTO_EXTENSIONS].sort()).toEqual(
      ['jpeg', 'jpg', 'bmp', 'apng', 'bpg', 'bmp2', 'bmp3', 'cr2', 'crw', 'dcr', 'ico', 'png', 'png00', 'png24', 'png32', 'png48', 'png64', 'gif', 'heic', 'heif'].sort(),
    );
  });

  it.each([
    ['photo.JPG', true],
    ['IMG_0001.heic', true],
    ['scan.png48', true],
    ['raw.CR2', true],
    ['archive.tar.gif', true],
    ['document.pdf', false],
    ['photo.webp', false],
    ['photo.tiff', false],
    ['jpg', false],
    ['photo.', false],
  ])('[PHO1] %s is accepted: %s', (name, expected) => {
    expect(isAcceptedPhoto(name)).toBe(expected);
  });

  it('[PHO1] the extension is what follows the last dot, lower-cased', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...ACCEPTED_PHOTO_EXTENSIONS), (base, ext) => {
        expect(fileExtension(`${base}.${ext.toUpperCase()}`)).toBe(ext);
        expect(isAcceptedPhoto(`${base}.${ext}`)).toBe(true);
      }),
    );
  });

  it('[PHO2] every type of the short list a phone offers is one the upload accepts, and a type off the long list is refused BAD_EXT', () => {
    for (const ext of SHOWN_PHOTO_EXTENSIONS) expect(photoFileError({ name: `IMG_0001.${ext}`, size: 1000 })).toBeNull();
    expect(photoFileError({ name: 'scan.tiff', size: 1000 })).toBe('BAD_EXT');
  });

  it.each([
    ['a.jpg', true, true],
    ['a.JPEG', true, true],
    ['a.png', false, true],
    ['a.gif', false, true],
    ['a.bmp', false, true],
    ['a.heic', false, false],
    ['a.apng', false, false],
  ])('[PHO3] %s resizable %s, displayable %s', (name, resizable, displayable) => {
    expect(isResizablePhoto(name)).toBe(resizable);
    expect(isDisplayablePhoto(name)).toBe(displayable);
  });

  it.each([
    [MAX_PHOTO_BYTES, null],
    [MAX_PHOTO_BYTES + 1, 'TOO_BIG'],
    [1, null],
  ] as const)('[PHO4] a jpg of %i bytes gives %s', (size, expected) => {
    expect(MAX_PHOTO_BYTES).toBe(20 * 1024 * 1024);
    expect(photoFileError({ name: 'a.jpg', size })).toBe(expected);
  });

  it.each([
    [{ name: 'a.webp', size: 10, type: 'image/webp' }, 'BAD_EXT'],
    [{ name: 'a.webp', size: 10 }, 'BAD_EXT'],
    [{ name: 'a.webp', size: MAX_PHOTO_BYTES + 1 }, 'BAD_EXT'],
    [{ name: 'a.pdf', size: 10, type: 'application/pdf' }, 'NOT_A_PHOTO'],
    [{ name: 'a.heic', size: 10, type: '' }, null],
    [{ name: 'a.png', size: 10, type: 'image/png' }, null],
  ] as const)('[PHO5] %j gives %s', (file, expected) => {
    expect(photoFileError(file)).toBe(expected);
  });

  it('[PHO4][PHO5] any accepted file up to 20 MB passes; larger is TOO_BIG', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...ACCEPTED_PHOTO_EXTENSIONS), fc.integer({ min: 0, max: 2 * MAX_PHOTO_BYTES }), (base, ext, size) => {
        expect(photoFileError({ name: `${base}.${ext}`, size })).toBe(size <= MAX_PHOTO_BYTES ? null : 'TOO_BIG');
      }),
    );
  });

  it('[PHO6] sections in set order with their limits', () => {
    expect(PHOTO_SECTIONS).toEqual(['overview', 'plates', 'damages', 'extra']);
    expect(PHOTO_SECTIONS.map(photoSetNumber)).toEqual([0, 1, 2, 3]);
  });

  it.each([
    ['overview', 4, null],
    ['overview', 5, 'TOO_MANY'],
    ['plates', 0, null],
    ['plates', 1, 'TOO_MANY'],
    ['damages', 5, 'TOO_MANY'],
    ['extra', 4, null],
    ['extra', 5, 'TOO_MANY'],
  ] as const)('[PHO6][PHO7] section %s holding %i: adding gives %s', (section, count, expected) => {
    expect(addPhotoError(section, count)).toBe(expected);
  });

  it('[PHO8] a complete set is missing nothing', () => {
    expect(missingPhotos(declarationWith(counts(1, 1, 1), counts(0, 1, 2)))).toEqual([]);
  });

  it('[PHO8] an empty declaration misses the overview, and plates and damages for both vehicles', () => {
    expect(missingPhotos(declarationWith(counts(0, 0, 0), counts(0, 0, 0)))).toEqual([
      { section: 'overview', party: null },
      { section: 'plates', party: 'A' },
      { section: 'damages', party: 'A' },
      { section: 'plates', party: 'B' },
      { section: 'damages', party: 'B' },
    ]);
  });

  it('[PHO8] exactly the sections below their minimum are reported', () => {
    const n = fc.integer({ min: 0, max: 5 });
    const side = fc.record({ overview: n, plates: fc.integer({ min: 0, max: 1 }), damages: n, extra: n });
    fc.assert(
      fc.property(side, side, (A, B) => {
        const missing = missingPhotos(declarationWith(A, B));
        expect(missing.some((m) => m.section === 'overview')).toBe(A.overview + B.overview === 0);
        for (const party of ['A', 'B'] as const) {
          const c = party === 'A' ? A : B;
          expect(missing.some((m) => m.section === 'plates' && m.party === party)).toBe(c.plates === 0);
          expect(missing.some((m) => m.section === 'damages' && m.party === party)).toBe(c.damages === 0);
        }
        expect(missing.some((m) => m.section === 'extra')).toBe(false);
      }),
    );
  });

  it('[PHO8] the overview is counted over both drivers, the other sections per vehicle', () => {
    const d = declarationWith(counts(2, 1, 3, 1), counts(1, 0, 2, 4));
    expect(photosInSection(d, 'A', 'overview')).toBe(3);
    expect(photosInSection(d, 'B', 'overview')).toBe(3);
    expect([photosInSection(d, 'A', 'plates'), photosInSection(d, 'A', 'damages'), photosInSection(d, 'A', 'extra')]).toEqual([1, 3, 1]);
    expect([photosInSection(d, 'B', 'plates'), photosInSection(d, 'B', 'damages'), photosInSection(d, 'B', 'extra')]).toEqual([0, 2, 4]);
  });

  it.each([
    // A phone's 12 MP photo, landscape and portrait; a 4K frame; one already small; a tall screenshot.
    [4032, 3024, 1600, 1200],
    [3024, 4032, 1200, 1600],
    [3840, 2160, 1600, 900],
    [1200, 900, 1200, 900],
    [1080, 2400, 720, 1600],
    [1600, 1600, 1600, 1600],
  ])('[IMG6] a %i × %i photo is sent at %i × %i', (w, h, sw, sh) => {
    expect(photoSendSize(w, h)).toEqual({ width: sw, height: sh });
  });

  it('[IMG6] the sent size never grows, keeps the proportions within a pixel, and fits 1600 px', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 20_000 }), (w, h) => {
        const s = photoSendSize(w, h);
        expect(Math.max(s.width, s.height)).toBeLessThanOrEqual(PHOTO_SEND.maxSide);
        expect(s.width).toBeLessThanOrEqual(w);
        expect(s.height).toBeLessThanOrEqual(h);
        if (Math.max(w, h) <= PHOTO_SEND.maxSide) expect(s).toEqual({ width: w, height: h });
        else expect(Math.abs(s.width / s.height - w / h)).toBeLessThanOrEqual(Math.max(w / h, h / w) / Math.min(s.width, s.height) + 1e-9);
      }),
    );
  });

  it('[IMG6] a JPEG is drawn again when it is larger than 1600 px or 400 KB; a small one goes as it is', () => {
    expect(photoNeedsShrinking(4.9 * 1024 * 1024, 4032, 3024)).toBe(true);
    expect(photoNeedsShrinking(300 * 1024, 2000, 1500)).toBe(true);
    expect(photoNeedsShrinking(900 * 1024, 1600, 1200)).toBe(true);
    expect(photoNeedsShrinking(400 * 1024, 1600, 1200)).toBe(false);
    expect(photoNeedsShrinking(120 * 1024, 800, 600)).toBe(false);
  });
});

describe('[PHO3] how a photo leaves the phone (IMG6)', () => {
  const big = { width: 4032, height: 3024 };
  const small = { width: 1200, height: 900 };
  it.each([
    [{ name: 'a.jpg', size: 4_000_000 }, big, 'jpeg'],
    [{ name: 'a.jpg', size: 100_000 }, small, 'as-is'],
    [{ name: 'a.jpg', size: PHOTO_SEND.keepBytes + 1 }, small, 'jpeg'],
    [{ name: 'a.jpg', size: 4_000_000 }, null, 'as-is'],
    [{ name: 'photo', size: 4_000_000, type: 'image/jpeg' }, big, 'jpeg'],
    // §5: only jpg and jpeg are resized (a HEIC the browser could decode too: the server converts it).
    [{ name: 'IMG_1.HEIC', size: 2_000_000 }, big, 'as-is'],
    [{ name: 'photo', size: 2_000_000, type: 'image/heic' }, big, 'as-is'],
    [{ name: 'a.png', size: 4_000_000 }, big, 'as-is'],
  ] as const)('%j decoded as %j leaves as %s', (file, decoded, way) => {
    expect(photoSendWay(file, decoded)).toBe(way);
  });

  it.each([
    ['a.jpg', true],
    ['a.JPEG', true],
    ['IMG.HEIC', false],
    ['IMG.heif', false],
    ['a.png', false],
    ['a.gif', false],
  ])('%s may be drawn again on the phone: %s', (name, may) => {
    expect(photoMayBeRedrawn({ name, size: 1 })).toBe(may);
  });
});
