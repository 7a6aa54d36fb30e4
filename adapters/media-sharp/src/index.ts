export { SharpMediaProcessor, type SharpMediaOptions } from './sharp-media.adapter.js';
