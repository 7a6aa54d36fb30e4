import { registerBlobStoreContract, registerDeclarationStoreContract } from '@eid/test-fixtures';
import { MemoryBlobStore, MemoryDeclarationStore } from './memory-store.adapter.js';

registerDeclarationStoreContract('memory', () => ({
  store: new MemoryDeclarationStore(),
  close: () => undefined,
}));

registerBlobStoreContract('memory', () => ({ blobs: new MemoryBlobStore(), close: () => undefined }));
