export { S3BlobStore, type BlobIndex, type BlobIndexEntry, type S3Settings } from './s3-blob-store.adapter.js';
