export { MemoryTransport } from './memory-transport.adapter.js';
