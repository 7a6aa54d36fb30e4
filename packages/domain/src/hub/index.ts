export * from './hub.js';
