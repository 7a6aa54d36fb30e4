export { TesseractPlateReader, type TesseractPlateReaderOptions } from './tesseract-plate-reader.adapter.js';
