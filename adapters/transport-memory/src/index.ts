export { MemoryTransport, type HubEndpoint } from './memory-transport.adapter.js';
