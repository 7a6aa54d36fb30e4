export * from './records.js';
export * from './eid-accidents.js';
