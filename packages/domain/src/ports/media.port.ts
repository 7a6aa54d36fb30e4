import type { Party } from '../rules/constants.js';

/** What an uploaded image is for: photos get the legend, drawings keep their PNG. */
export type MediaPurpose = 'photo' | 'scheme' | 'signature' | 'damage-image';

/** The two legend lines above a photo: what it is; the plate and the time. */
export interface Legend {
  readonly title: string;
  readonly detail: string;
}

export interface MediaInput {
  readonly bytes: Uint8Array;
  readonly purpose: MediaPurpose;
  readonly legend: Legend | null;
  /** For logs only. */
  readonly party?: Party;
}

export interface ProcessedImage {
  readonly contentType: string;
  readonly bytes: Uint8Array;
  readonly width: number;
  readonly height: number;
}

export type MediaOutcome =
  | { readonly ok: true; readonly image: ProcessedImage; readonly thumbnail: ProcessedImage }
  | { readonly ok: false; readonly code: 'BAD_EXT' | 'TOO_BIG' | 'FAILED_CONVERSION' };

/**
 * API Boundary: the image pipeline (declaration-flow §9): content checked by its bytes, HEIC
 * decoded, turned to landscape, trimmed, the legend added, resized, a thumbnail made, metadata (GPS)
 * removed. It never throws for a bad image: each failure is a code.
 */
export interface MediaProcessorPort {
  process(input: MediaInput): Promise<MediaOutcome>;
  /**
   * A stored JPEG made smaller for the declaration document (a photo page needs far fewer pixels
   * than the stored photo): fitted to `maxSide`, at `quality`. Null when it cannot (the caller keeps
   * the original); never larger than the input.
   */
  shrinkJpeg(bytes: Uint8Array, maxSide: number, quality: number): Promise<ProcessedImage | null>;
}
