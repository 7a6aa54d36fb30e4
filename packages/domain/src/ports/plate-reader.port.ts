import type { PlateRecognitionStatus } from '../rules/errors.js';

/** What the engine made of a photo: the plates it may show (best first), or why it could not tell. */
export type PlateReading =
  | { readonly status: 'OK'; readonly candidates: readonly string[] }
  | { readonly status: Extract<PlateRecognitionStatus, 'NOT_FOUND' | 'ERROR_IO' | 'ERROR_PROCESS' | 'ERROR_INTERRUPT' | 'ERROR_CONCURRENT'> };

/**
 * API Boundary: plate recognition from a plate photo (declaration-flow §4). Runs offline; answers
 * ERROR_CONCURRENT when too many recognitions run, ERROR_INTERRUPT when one takes too long.
 */
export interface PlateReaderPort {
  /** `skipTop`: pixels at the top to leave out (the legend band, which names the declared plate). */
  read(image: Uint8Array, options?: { readonly skipTop?: number }): Promise<PlateReading>;
}
