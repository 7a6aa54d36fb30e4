import type { Party } from '../rules/constants.js';

/** What an uploaded image is for: photos get the legend, drawings keep their PNG. */
export type MediaPurpose = 'photo' | 'scheme' | 'signature' | 'damage-image';

/** The two legend lines above a photo: what it is; the plate and the time. */
export interface Legend {
  readonly title: string;
  readonly detail: string;
}

/**
 * An upload's body as the server received it (issue 35 item 6): a server may keep it where it arrived (a file) rather
 * than in memory, and an adapter that knows where may read it there. Its first bytes are enough for the magic bytes.
 */
export interface UploadBody {
  readonly length: number;
  /** Its first bytes (all of them for a short body): at least what `sniffContentType` reads. */
  readonly head: Uint8Array;
  /** All of it, for a use case that needs the bytes themselves (a voice note stored as it is). */
  bytes(): Promise<Uint8Array>;
}

/** An upload's body kept where it was received, removed once the upload is answered. */
export type ReceivedUploadBody = UploadBody & { dispose(): Promise<void> };

/**
 * API Boundary: where a server writes upload bodies as their chunks arrive (the media pipeline's directory), so that
 * it never holds one whole. Null when nothing can be written there (the caller keeps the body in memory); a body past
 * `maxBytes` rejects with an error whose `code` is BODY_TOO_LARGE, keeping nothing; any other failure keeps nothing.
 */
export interface UploadBodySpool {
  spool(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<ReceivedUploadBody | null>;
}

/** The `code` of the error an UploadBodySpool rejects with when a body is longer than allowed. */
export const BODY_TOO_LARGE = 'BODY_TOO_LARGE';

/** How many first bytes an UploadBody's `head` holds (when the body has that many). */
export const UPLOAD_BODY_HEAD_BYTES = 64;

/** Bytes already in memory as an UploadBody (the practice mode's uploads, tests). */
export function uploadBodyOf(bytes: Uint8Array): UploadBody {
  return { length: bytes.length, head: bytes.subarray(0, UPLOAD_BODY_HEAD_BYTES), bytes: async () => bytes };
}

interface MediaInputCommon {
  readonly purpose: MediaPurpose;
  readonly legend: Legend | null;
  /** For logs only. */
  readonly party?: Party;
}

/** An image to process: its bytes, or an upload's body where the server keeps it. */
export type MediaInput = MediaInputCommon & ({ readonly bytes: Uint8Array; readonly body?: never } | { readonly body: UploadBody; readonly bytes?: never });

/** The input's bytes, read from its body when it has one. */
export const mediaBytes = (input: MediaInput): Promise<Uint8Array> => (input.body ? input.body.bytes() : Promise.resolve(input.bytes));

/** The input's length and first bytes, without reading a body. */
export const mediaHead = (input: MediaInput): { readonly length: number; readonly head: Uint8Array } =>
  input.body ?? { length: input.bytes.length, head: input.bytes.subarray(0, UPLOAD_BODY_HEAD_BYTES) };

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
