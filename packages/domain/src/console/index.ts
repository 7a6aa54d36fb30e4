export * from './staff.js';
export * from './audit.js';
