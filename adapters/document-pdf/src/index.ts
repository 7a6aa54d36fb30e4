export { PdfDocumentRenderer, type PdfDocumentRendererOptions } from './pdf-document-renderer.adapter.js';
export { PdfClaimRenderer, type PdfClaimRendererOptions } from './pdf-claim-renderer.adapter.js';
export { DEFAULT_FONT_DIR } from './pdf-assets.js';
export { documentTexts, type DocumentMessage, type DocumentTexts, type DocumentTranslate } from './texts.js';
export { claimTexts, type ClaimTexts } from './claim-texts.js';
