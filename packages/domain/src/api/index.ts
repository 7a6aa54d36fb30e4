export * from './api-errors.js';
export * from './log.schema.js';
export * from './parameters.js';
export * from './paths.js';
export * from './protocol.js';
export * from './blob.js';
export * from './address.js';
export * from './instructions.js';
