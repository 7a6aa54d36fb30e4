/** API Boundary: the protocol between the devices and the service: the socket's instructions and frames, the HTTP calls' contracts and paths, error bodies, uploads and logs. */
export * from './api-errors.js';
export * from './log.schema.js';
export * from './parameters.js';
export * from './paths.js';
export * from './protocol.js';
export * from './blob.js';
export * from './address.js';
export * from './instructions.js';
export * from './http-calls.js';
export * from './http-routes.js';
export * from './console-http-routes.js';
export * from './http-contract.js';
export type * from './transport.port.js';
export * from './log-url.js';
export * from './page-preloads.js';
