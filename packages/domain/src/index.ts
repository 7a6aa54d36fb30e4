/**
 * API Boundary: the one public entry of @eid/domain. Apps and adapters import only from here.
 */
export type { ClockPort } from './ports/clock.port.js';
export type { IdPort } from './ports/id.port.js';
export * from './api/index.js';
export * from './rules/constants.js';
