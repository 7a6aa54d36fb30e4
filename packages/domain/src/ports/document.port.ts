import type { Locale } from '../rules/constants.js';
import type { DocumentImage, DocumentModel } from '../output/document.js';

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
