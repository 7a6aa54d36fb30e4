/** What insurers receive of a finished declaration (issue 36): the data model and its mapping, the insurers' clients and feeds. */
export * from './declaration-data.js';
export * from './clients.js';
export * from './feed.js';
export * from './webhooks.js';
export * from './claims.js';
export type * from './insurer-store.port.js';
