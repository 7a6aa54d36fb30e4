export * from './entities.js';
export * from './guilt.js';
export * from './instructions.js';
export * from './connect.js';
export * from './preview.js';
export * from './submit.js';
export * from './plate-check.js';
export * from './view.js';
