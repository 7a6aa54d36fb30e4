export * from './connection.machine.js';
export * from './hub-client.js';
export * from './recovery.js';
export * from './session-storage.js';
export * from './pending-view.js';
export * from './connection.ports.js';
