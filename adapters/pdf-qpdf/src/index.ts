export { QpdfEncryption, type QpdfOptions } from './qpdf-encryption.adapter.js';
