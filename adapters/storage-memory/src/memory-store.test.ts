import { registerDeclarationStoreContract } from '@eid/test-fixtures';
import { MemoryBlobStore, MemoryDeclarationStore } from './memory-store.adapter.js';

registerDeclarationStoreContract('memory', () => ({
  store: new MemoryDeclarationStore(),
  blobs: new MemoryBlobStore(),
  close: () => undefined,
}));
