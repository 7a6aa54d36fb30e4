export * from './image-sync.js';
export * from './image-sync.machine.js';
