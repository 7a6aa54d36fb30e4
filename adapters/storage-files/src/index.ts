export { FileBlobStore } from './file-blob-store.adapter.js';
