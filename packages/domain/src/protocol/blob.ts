/**
 * Binaries (photos, audio notes, the scheme and signature images) travel over HTTP, not over the
 * declaration socket: a photo of up to 20 MB would block every other frame of the link. The device
 * uploads the bytes with its seat (declaration id, party and connection token) and gets an id,
 * which the instruction (add-foto, add-audio, scheme, signature, set-impact-image) then refers to.
 * The content type is decided from the bytes, never from the name or the declared type.
 */
import * as v from 'valibot';
import { object } from '../rules/schema.js';
import { MAX_PHOTO_BYTES } from '../rules/constants.js';
import type { ErrorCode } from '../rules/errors.js';
import { PartySchema } from '../declaration/entities.js';

/** Request headers that carry the uploader's seat. */
export const SEAT_HEADERS = {
  declaration: 'x-eid-declaration',
  party: 'x-eid-party',
  token: 'x-eid-token',
} as const;

export const SeatSchema = object({
  declarationId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/)),
  party: PartySchema,
  token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22,128}$/)),
});
export type Seat = v.InferOutput<typeof SeatSchema>;


/** Largest upload: a photo of MAX_PHOTO_BYTES (declaration-flow §9); audio notes are smaller. */
export const MAX_BLOB_BYTES = MAX_PHOTO_BYTES;
/**
 * FU5: a seat's uploads in progress at once; one more is RATE_LIMITED from its headers. The phone
 * sends no more than this at once either (its other photos wait their turn: DeclaSession).
 */
export const UPLOADS_PER_SEAT = 3;
/**
 * The bytes of every upload in progress on one server (all seats together), counted as they arrive: spent, an upload
 * is SERVER_BUSY from its headers and a body whose next chunk would pass it is cut (SERVER_BUSY); the phone tries
 * again (1, 3 and 9 s later), then says the service is busy. Bodies in progress are written to disk as they arrive (media.md): this bounds what a
 * flood of seats uploading at once puts there, beside the declarations. 25 of the largest uploads, or thousands of
 * the photos phones send (100-300 KB).
 */
export const UPLOAD_BYTES_IN_PROGRESS = 512 * 1024 * 1024;
/**
 * Issue 35: a phone sends its photos one after another. On a thin uplink photos sent at once share
 * it, so each takes as long as all of them (bench:roadside: three at once, 3.6 to 10.8 s each);
 * one at a time, each is in within its own time and the first is in the declaration sooner. The
 * next one is prepared (IMG6) while one is on its way. Drawings, signatures and voice notes do not
 * wait behind photos.
 */
export const PHOTO_UPLOADS_AT_ONCE = 1;

/** What an upload is for, in headers beside the seat. */
export const UPLOAD_HEADERS = {
  purpose: 'x-eid-purpose',
  /** The photo section (set 0 to 3) of a photo. */
  set: 'x-eid-set',
  /** The party a photo belongs to (one device filling for both uploads for the other too). */
  forParty: 'x-eid-for',
} as const;

export const UPLOAD_PURPOSES = ['photo', 'scheme', 'signature', 'damage-image', 'audio'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const UploadMetaSchema = object({
  purpose: v.optional(v.picklist(UPLOAD_PURPOSES), 'photo'),
  set: v.optional(v.pipe(v.string(), v.regex(/^[0-3]$/), v.transform(Number))),
  forParty: v.optional(PartySchema),
});
export type UploadMeta = v.InferOutput<typeof UploadMetaSchema>;

/**
 * At most this many binaries and bytes per declaration (retakes included): 16 photos per driver,
 * the scheme, signatures, voice notes and their replacements fit many times over; a script filling
 * the disk does not.
 */
export const BLOB_QUOTA = { count: 120, bytes: 300 * 1024 * 1024 } as const;

/**
 * Why an upload is refused, and the status each is answered with (the server's route and the
 * practice mode's in-page handler answer alike): the seat does not hold the declaration (or it is
 * finished), the quota is spent, the seat has too many uploads in progress, the bytes are too many,
 * no known type, no picture that can be read, or no body at all.
 */
export const UPLOAD_REFUSAL_STATUS = {
  NOT_ALLOWED: 403,
  TOO_MANY: 413,
  TOO_BIG: 413,
  RATE_LIMITED: 429,
  SERVER_BUSY: 503,
  BAD_EXT: 415,
  FAILED_CONVERSION: 422,
  DATA_ERROR: 400,
} as const satisfies Partial<Record<ErrorCode, number>>;
export type UploadFailure = keyof typeof UPLOAD_REFUSAL_STATUS;

/** A refusal of the upload use case (its UploadError): one of the codes above. */
export function isUploadRefusal(error: unknown): error is { readonly code: UploadFailure } {
  const code: unknown = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && Object.hasOwn(UPLOAD_REFUSAL_STATUS, code);
}

/** Who uploads, and what for: an upload's headers, parsed. */
export interface UploadRequest {
  readonly seat: Seat;
  readonly meta: UploadMeta;
}

/** HB13: refusals of the file itself (its bytes are no photo, it is too big, it cannot be read): sending it again cannot succeed. */
const FILE_REFUSALS: readonly ErrorCode[] = ['BAD_EXT', 'TOO_BIG', 'FAILED_CONVERSION', 'NOT_A_PHOTO'];
export const isUploadRetryable = (code: string): boolean => !(FILE_REFUSALS as readonly string[]).includes(code);

/**
 * Failures of the way, not of what was sent (issue 34: the account's uploads offer "Try again" for
 * these only): the network, the server's load or its error. A refusal of the files (invalid, too
 * many, too big) would be refused again.
 */
const TRANSIENT_FAILURES: readonly string[] = ['NETWORK_ERROR', 'GENERIC_ERROR', 'RATE_LIMITED', 'SERVER_BUSY', 'SERVER_ERROR', 'STORAGE_FULL'];
export const isTransientFailure = (code: string): boolean => TRANSIENT_FAILURES.includes(code);

/**
 * An upload answered without the service's code (a proxy, a gateway): read by its status, so the
 * way's failures are tried again and only a refusal of the file is taken as one.
 */
export function uploadFailureOfStatus(status: number): ErrorCode {
  if (status === 429) return 'RATE_LIMITED';
  if (status === 408 || status === 502 || status === 503 || status === 504) return 'NETWORK_ERROR';
  if (status >= 500) return 'SERVER_ERROR';
  if (status === 413) return 'TOO_BIG';
  return 'FAILED_CONVERSION';
}


/** The answer of an upload. */
export interface BlobUploaded {
  readonly id: string;
  readonly contentType: string;
  readonly bytes: number;
  readonly width?: number;
  readonly height?: number;
  /**
   * A plate photo: recognition reads it after the answer (issue 35: the upload's answer does not wait
   * for it); the phone asks `read-plate` for the outcome.
   */
  readonly readingPlate?: true;
}

/**
 * What recognition made of a plate photo (`read-plate`): PENDING while it reads; else a status of
 * declaration-flow §8 (rules/plate-recognition.ts) and the plate read, if any.
 */
export interface PlateReadingAnswer {
  readonly status: string;
  readonly plate: string | null;
}
export const PLATE_READING_PENDING = 'PENDING';
/** How long a reading is kept for the phone to ask (it asks within seconds; a phone that went away does not). */
export const PLATE_READING_KEPT_MS = 10 * 60_000;

