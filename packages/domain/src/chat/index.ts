export * from './chat.js';
export * from './office.js';
