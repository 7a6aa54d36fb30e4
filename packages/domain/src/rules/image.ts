/**
 * The image rules of declaration-flow §9, as pure geometry the media adapter applies to pixels:
 * portrait images are turned to landscape, empty borders trimmed (margin 10 px, scanned every
 * 5 px; white or fully transparent pixels are empty), and a legend of two text lines is added
 * above the image (padding 10, a bold font of width/24).
 */
import { IMAGE_TRIM_MARGIN, IMAGE_TRIM_SCAN_STEP, LEGEND_FONT_DIVISOR, LEGEND_LINES, LEGEND_PADDING, PORTRAIT_ROTATION_DEGREES } from './constants.js';
import type { PhotoErrorCode } from './errors.js';
import type { Party } from './constants.js';
import { formatDate, formatTime } from './dates.js';

/**
 * The two legend lines of a photo (declaration-flow §9): what the photo is (`section`, already in
 * the driver's language) and whose vehicle; the plate and the accident time (Vilnius).
 */
export function photoLegendLines(section: string, party: Party, plate: string, time: number): { readonly title: string; readonly detail: string } {
  return { title: `${section} – ${party}`, detail: `${plate || '—'} · ${formatDate(time)} ${formatTime(time).slice(0, 5)}` };
}

/** Degrees to turn an image of this size so that it is landscape (0 when it already is). */
export function landscapeRotation(width: number, height: number): 0 | typeof PORTRAIT_ROTATION_DEGREES {
  return height > width ? PORTRAIT_ROTATION_DEGREES : 0;
}

/** A pixel counts as empty when it is white or fully transparent. */
export function isEmptyPixel(r: number, g: number, b: number, a: number): boolean {
  return a === 0 || (r >= 250 && g >= 250 && b >= 250);
}

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The part of an image to keep: the box around the non-empty pixels found by scanning every
 * `step` pixels, grown by `margin` on each side and kept inside the image. An image with no
 * non-empty pixel found is kept whole (there is nothing to trim to).
 */
export function trimBox(
  width: number,
  height: number,
  isEmpty: (x: number, y: number) => boolean,
  step: number = IMAGE_TRIM_SCAN_STEP,
  margin: number = IMAGE_TRIM_MARGIN,
): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      if (isEmpty(x, y)) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (minX === Infinity) return { left: 0, top: 0, width, height };
  // A found pixel stands for the `step` pixels up to the next scan line.
  const left = Math.max(0, minX - margin);
  const top = Math.max(0, minY - margin);
  const right = Math.min(width, maxX + step + margin);
  const bottom = Math.min(height, maxY + step + margin);
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * The trim box from pixels sampled every `step` pixels (RGBA, or RGB for an image without
 * transparency: `channels`; `sampleWidth` × `sampleHeight`): the same box as {@link trimBox} over
 * the full `width` × `height` image, computed in one tight pass over the samples (a 12 MP photo has
 * half a million of them).
 */
export function trimBoxOfSamples(
  samples: Uint8Array,
  sampleWidth: number,
  sampleHeight: number,
  width: number,
  height: number,
  step: number = IMAGE_TRIM_SCAN_STEP,
  margin: number = IMAGE_TRIM_MARGIN,
  channels: 3 | 4 = 4,
): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -1;
  let maxY = -1;
  for (let sy = 0; sy < sampleHeight; sy++) {
    let i = sy * sampleWidth * channels;
    for (let sx = 0; sx < sampleWidth; sx++, i += channels) {
      if (channels === 4 && samples[i + 3] === 0) continue;
      if (samples[i]! >= 250 && samples[i + 1]! >= 250 && samples[i + 2]! >= 250) continue;
      if (sx < minX) minX = sx;
      if (sx > maxX) maxX = sx;
      if (sy < minY) minY = sy;
      if (sy > maxY) maxY = sy;
    }
  }
  if (maxX < 0) return { left: 0, top: 0, width, height };
  const left = Math.max(0, minX * step - margin);
  const top = Math.max(0, minY * step - margin);
  const right = Math.min(width, maxX * step + step + margin);
  const bottom = Math.min(height, maxY * step + step + margin);
  return { left, top, width: right - left, height: bottom - top };
}

export interface LegendLayout {
  readonly padding: number;
  /** Bold font size: the image width / 24. */
  readonly fontSize: number;
  readonly lineHeight: number;
  readonly lines: number;
  /** Height of the band added above the image. */
  readonly bandHeight: number;
}

/** The legend band above an image of `width` px (declaration-flow §9). */
export function legendLayout(width: number): LegendLayout {
  const fontSize = Math.max(8, Math.round(width / LEGEND_FONT_DIVISOR));
  const lineHeight = Math.round(fontSize * 1.25);
  return {
    padding: LEGEND_PADDING,
    fontSize,
    lineHeight,
    lines: LEGEND_LINES,
    bandHeight: LEGEND_PADDING * 2 + lineHeight * LEGEND_LINES,
  };
}

/**
 * Analytics tracking codes of the photo failures (declaration-flow §8: "each with an analytics
 * tracking code"); the names are ours, normalised like every analytics event name.
 */
export const PHOTO_ERROR_TRACKING: Readonly<Record<Extract<PhotoErrorCode, 'FAILED_CONVERSION' | 'BAD_EXT' | 'TOO_BIG'>, string>> = {
  FAILED_CONVERSION: 'photo_upload_failed_conversion',
  BAD_EXT: 'photo_upload_bad_ext',
  TOO_BIG: 'photo_upload_too_big',
};
