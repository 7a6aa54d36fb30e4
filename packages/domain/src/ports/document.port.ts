import type { Locale } from '../rules/constants.js';
import type { DocumentImage, DocumentModel } from '../output/document.js';
import type { Claim } from '../claim/claim.js';

/**
 * API Boundary: renders the declaration document (a PDF, unencrypted) from its model, in one
 * language, with the stored images it shows. Rejects only on a fault of the renderer; a missing or
 * unreadable image is left out (its place says so), never a reason to fail.
 */
export interface DocumentRendererPort {
  render(input: { readonly model: DocumentModel; readonly lang: Locale; readonly images: ReadonlyMap<string, DocumentImage> }): Promise<Uint8Array>;
}

/**
 * API Boundary: password protection of a PDF with AES-256. `check` tells at start-up whether it can
 * work here; `encrypt` rejects when it cannot, and the caller must then send nothing (an
 * unencrypted document is never sent).
 */
export interface PdfEncryptionPort {
  check(): Promise<{ readonly ok: true; readonly version: string } | { readonly ok: false; readonly reason: string }>;
  encrypt(pdf: Uint8Array, password: string): Promise<Uint8Array>;
}

/**
 * API Boundary (issue 17): renders a submitted claim as a PDF for the competent body (in
 * Lithuanian), its documents listed by kind with their names and sizes. The caller names the
 * competent body, the culprit's insurer and the bank as they are to be printed.
 */
export interface ClaimRendererPort {
  render(input: {
    readonly claim: Claim;
    readonly lang: Locale;
    readonly names: { readonly body: string; readonly insurer: string; readonly bank: string };
    /** The declaration's scheme image when the claim was started from one (JPEG or PNG bytes), else null. */
    readonly scheme: DocumentImage | null;
  }): Promise<Uint8Array>;
}
