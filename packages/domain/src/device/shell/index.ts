export * from './timers.js';
export * from './startup.machine.js';
export * from './loader.machine.js';
export * from './analytics.js';
export * from './dev-mode.js';
export * from './routes.js';
export * from './client-log.js';
export * from './api.js';
export { redactUrl } from '../../protocol/log-url.js';
