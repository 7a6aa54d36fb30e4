/** A records use case refuses by throwing this with a code; the server answers it as a typed error. */
export type RecordsFailure = 'PREVIEW_LOAD_FAILED' | 'NOT_SIGNED_IN';

export class RecordsError extends Error {
  constructor(readonly code: RecordsFailure) {
    super(code);
    this.name = 'RecordsError';
  }
}
