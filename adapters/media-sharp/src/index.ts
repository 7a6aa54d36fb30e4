export { SharpMediaProcessor, type SharpMediaOptions } from './sharp-media.adapter.js';
export { BodyTooLarge, SpooledBody } from './handover.js';
