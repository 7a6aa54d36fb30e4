import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerBlobStoreContract } from '@eid/test-fixtures';
import { FileBlobStore } from './file-blob-store.adapter.js';

registerBlobStoreContract('files', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eid-blobs-'));
  return { blobs: await FileBlobStore.open(dir), close: () => rmSync(dir, { recursive: true, force: true }) };
});

describe('file blob store', () => {
  it('[HB6] a restarted store finds what was stored; a file half-written by a crash is dropped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eid-blobs-'));
    const first = await FileBlobStore.open(dir);
    await first.put({ id: 'photo-0001', declarationId: 'decl-0001', contentType: 'image/jpeg', bytes: new Uint8Array([1, 2, 3]) });
    writeFileSync(join(dir, 'decl-0001', 'photo-0002.image~jpeg.abc123.tmp'), 'partial');
    const second = await FileBlobStore.open(dir);
    expect(Array.from((await second.get('photo-0001'))?.bytes ?? [])).toEqual([1, 2, 3]);
    expect(await second.existing(['photo-0002'])).toEqual(new Set());
    expect(readdirSync(join(dir, 'decl-0001'))).toEqual(['photo-0001.image~jpeg']);
    rmSync(dir, { recursive: true, force: true });
  });

  it('[HB13] ids and declarations that could reach outside its folder are refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eid-blobs-'));
    const store = await FileBlobStore.open(dir);
    await expect(store.put({ id: '../escape', declarationId: 'decl-0001', contentType: 'image/jpeg', bytes: new Uint8Array(1) })).rejects.toThrow();
    await expect(store.put({ id: 'photo-0001', declarationId: '..', contentType: 'image/jpeg', bytes: new Uint8Array(1) })).rejects.toThrow();
    await expect(store.put({ id: 'photo-0001', declarationId: 'decl-0001', contentType: 'image/../x', bytes: new Uint8Array(1) })).rejects.toThrow();
    rmSync(dir, { recursive: true, force: true });
  });
});
