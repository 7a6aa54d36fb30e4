export { MemoryBlobStore, MemoryDeclarationStore } from './memory-store.adapter.js';
