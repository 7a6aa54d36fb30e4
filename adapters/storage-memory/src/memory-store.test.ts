import { registerBlobStoreContract, registerDeclarationStoreContract, registerOutputStoreContract } from '@eid/test-fixtures';
import { MemoryBlobStore, MemoryDeclarationStore } from './memory-store.adapter.js';
import { MemoryOutputStore } from './memory-output-store.adapter.js';

registerDeclarationStoreContract('memory', () => ({
  store: new MemoryDeclarationStore(),
  close: () => undefined,
}));

registerBlobStoreContract('memory', () => ({ blobs: new MemoryBlobStore(), close: () => undefined }));

registerOutputStoreContract('memory', () => ({ output: new MemoryOutputStore(), close: () => undefined }));
