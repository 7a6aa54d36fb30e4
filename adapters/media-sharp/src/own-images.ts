import type { MediaOutcome, ProcessedImage } from '@eid/domain';

/** An image whose bytes fill a buffer of their own, so that only they cross the process pipe. */
const own = (image: ProcessedImage): ProcessedImage => ({ ...image, bytes: new Uint8Array(image.bytes) });

export const ownImages = (outcome: MediaOutcome): MediaOutcome =>
  outcome.ok ? { ok: true, image: own(outcome.image), thumbnail: own(outcome.thumbnail) } : outcome;
