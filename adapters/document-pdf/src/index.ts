export { PdfDocumentRenderer, DEFAULT_FONT_DIR, type PdfDocumentRendererOptions } from './pdf-document-renderer.adapter.js';
export { documentTexts, type DocumentTexts } from './texts.js';
