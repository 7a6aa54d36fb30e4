export { PdfDocumentRenderer, DEFAULT_FONT_DIR, type PdfDocumentRendererOptions } from './pdf-document-renderer.adapter.js';
export { documentTexts, type DocumentMessage, type DocumentTexts, type DocumentTranslate } from './texts.js';
