export * from './staff.js';
export * from './audit.js';
export * from './answers.js';
export * from './system-update.js';
