/**
 * Photos (declaration-flow §5 "Photos", §8): accepted, shown, resizable and displayable extensions,
 * the 20 MB limit, the four photo sections with their counts, and the submission minimums.
 */
import { MAX_PHOTO_BYTES, PARTIES, PHOTO_SECTION_LIMITS, type Party } from './constants.js';
import type { PhotoErrorCode } from './errors.js';
import type { FileLike } from './validation.js';

/** Every extension the uploader accepts (lower case, without the dot). */
export const ACCEPTED_PHOTO_EXTENSIONS = [
  'jpeg',
  'jpg',
  'bmp',
  'apng',
  'bpg',
  'bmp2',
  'bmp3',
  'cr2',
  'crw',
  'dcr',
  'ico',
  'png',
  'png00',
  'png24',
  'png32',
  'png48',
  'png64',
  'gif',
  'heic',
  'heif',
] as const;

/** The short list shown to users (the accept hint and the BAD_EXT message). */
export const SHOWN_PHOTO_EXTENSIONS = ['jpeg', 'jpg', 'png', 'heic', 'heif'] as const;
/** Only these are resized before upload. */
export const RESIZABLE_PHOTO_EXTENSIONS = ['jpg', 'jpeg'] as const;
/** Browsers display these natively; others are converted for display. */
export const DISPLAYABLE_PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'bmp'] as const;

/** Photo sections, in set-number order: set 0 (overview) is shared by both drivers. */
export const PHOTO_SECTIONS = ['overview', 'plates', 'damages', 'extra'] as const;
export type PhotoSection = (typeof PHOTO_SECTIONS)[number];

/** The set number of a section (its index), as images are stored and synchronised. */
export function photoSetNumber(section: PhotoSection): number {
  return PHOTO_SECTIONS.indexOf(section);
}

/** The lower-case extension after the last dot, or '' when the name has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

const has = (list: readonly string[], name: string) => list.includes(fileExtension(name));

/**
 * IMG6 (issue 35): how a resizable photo (a JPEG) leaves the phone: at most 1600 px on its longer
 * side, quality 0.8 — about 300 KB for a phone's 12 MP photo, a few seconds on a weak connection
 * where the 1.5-5 MB original took 16 s. The server keeps 800 px (IMG5), so nothing kept is lost.
 * A JPEG already within the size and under `keepBytes` goes as it is.
 */
export const PHOTO_SEND = { maxSide: 1600, quality: 0.8, keepBytes: 400 * 1024 } as const;

/** IMG6: the size a photo of width × height is sent at (its proportions; never enlarged). */
export function photoSendSize(width: number, height: number): { readonly width: number; readonly height: number } {
  const scale = Math.min(1, PHOTO_SEND.maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** IMG6: whether a resizable photo of this many bytes and pixels is drawn again before it is sent. */
export function photoNeedsShrinking(bytes: number, width: number, height: number): boolean {
  return Math.max(width, height) > PHOTO_SEND.maxSide || bytes > PHOTO_SEND.keepBytes;
}

/**
 * How a photo leaves the phone (IMG6): a JPEG larger than the sent size, or heavier than
 * `keepBytes`, is drawn again as a JPEG; anything else goes as it is. §5: only jpg and jpeg are
 * resized — a HEIC goes as it is and the server converts it (docs/decisions/media.md).
 */
export function photoSendWay(file: PhotoFile, decoded: { readonly width: number; readonly height: number } | null): 'as-is' | 'jpeg' {
  return decoded && photoMayBeRedrawn(file) && photoNeedsShrinking(file.size, decoded.width, decoded.height) ? 'jpeg' : 'as-is';
}

/** Whether the phone decodes a photo before sending it: a JPEG by its name or its type. */
export function photoMayBeRedrawn(file: PhotoFile): boolean {
  return isResizablePhoto(file.name) || file.type === 'image/jpeg';
}

export const isAcceptedPhoto = (name: string): boolean => has(ACCEPTED_PHOTO_EXTENSIONS, name);
export const isResizablePhoto = (name: string): boolean => has(RESIZABLE_PHOTO_EXTENSIONS, name);
export const isDisplayablePhoto = (name: string): boolean => has(DISPLAYABLE_PHOTO_EXTENSIONS, name);

/** A file offered to the uploader; `type` is the MIME type when the platform knows it. */
export interface PhotoFile extends FileLike {
  readonly type?: string;
}

/**
 * The failure of one offered file, or null. An accepted extension is checked for size (at most
 * 20 MB, inclusive). A refused extension is BAD_EXT ("upload JPG, PNG or HEIC") when the file is an
 * image or its type is unknown, and NOT_A_PHOTO ("only photos can be uploaded") when the platform
 * says it is something else.
 */
export function photoFileError(file: PhotoFile): PhotoErrorCode | null {
  if (!isAcceptedPhoto(file.name)) {
    const type = file.type ?? '';
    return type === '' || type.startsWith('image/') ? 'BAD_EXT' : 'NOT_A_PHOTO';
  }
  return file.size > MAX_PHOTO_BYTES ? 'TOO_BIG' : null;
}

/** Whether one more photo fits a section that holds `count`; TOO_MANY when it is full. */
export function addPhotoError(section: PhotoSection, count: number): PhotoErrorCode | null {
  return count >= PHOTO_SECTION_LIMITS[section].max ? 'TOO_MANY' : null;
}

/** What photo counting needs of a declaration (its view or the stored one): each party's photos by set. */
export interface PhotosOfParties {
  readonly parties: Readonly<Record<Party, { readonly photos: readonly { readonly set: number }[] }>>;
}

/**
 * The photos a section holds for a party. The overview (set 0) is shared by both drivers, so it is
 * counted over both; the other sections are each vehicle's own. The one count behind the screen's
 * "n of max", the hub's TOO_MANY and the preview's missing photos.
 */
export function photosInSection(d: PhotosOfParties, party: Party, section: PhotoSection): number {
  const set = photoSetNumber(section);
  const parties: readonly Party[] = section === 'overview' ? PARTIES : [party];
  return parties.reduce((n, p) => n + d.parties[p].photos.filter((ph) => ph.set === set).length, 0);
}

/** A missing photo: the overview is shared (party null); plates and damages are per vehicle. */
export interface MissingPhoto {
  readonly section: PhotoSection;
  readonly party: Party | null;
}

/**
 * What is still missing before submission: at least 1 accident overview photo (either driver's, the
 * overview set is shared), and for each vehicle a plate photo and at least 1 damage photo. The
 * minimums are the sections' own, so extra (minimum 0) never appears.
 */
export function missingPhotos(d: PhotosOfParties): MissingPhoto[] {
  const missing: MissingPhoto[] = [];
  if (sectionShort(d, 'A', 'overview')) missing.push({ section: 'overview', party: null });
  for (const party of PARTIES) {
    for (const section of ['plates', 'damages', 'extra'] as const) {
      if (sectionShort(d, party, section)) missing.push({ section, party });
    }
  }
  return missing;
}

/**
 * Is a section still short of its minimum? `going`: photos the phone is still sending there, which
 * count on the phone (issue 35: the driver goes on while they are sent; the preview's check and the
 * submit wait for them).
 */
export function sectionShort(d: PhotosOfParties, party: Party, section: PhotoSection, going = 0): boolean {
  return photosInSection(d, party, section) + going < PHOTO_SECTION_LIMITS[section].min;
}
