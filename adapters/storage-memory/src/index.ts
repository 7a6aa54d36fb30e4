export { MemoryBlobStore, MemoryDeclarationStore, MemorySubmitQueue } from './memory-store.adapter.js';
