import { describe, expect, it } from 'vitest';
import type { BlobStorePort } from '@eid/domain';

export interface BlobStoreUnderTest {
  readonly blobs: BlobStorePort;
  close(): Promise<void> | void;
}

/** The contract every BlobStorePort adapter must pass (memory, SQLite, files). */
export function registerBlobStoreContract(name: string, make: () => Promise<BlobStoreUnderTest> | BlobStoreUnderTest): void {
  describe(`blob store contract: ${name}`, () => {
    async function withBlobs(run: (s: BlobStoreUnderTest) => Promise<void>) {
      const s = await make();
      try {
        await run(s);
      } finally {
        await s.close();
      }
    }

    it('stores binaries by id and tells which ids exist', () =>
      withBlobs(async ({ blobs }) => {
        const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0x00, 0x01, 0x80]);
        await blobs.put({ id: 'photo-0001', declarationId: 'd1', contentType: 'image/jpeg', bytes });
        const got = await blobs.get('photo-0001');
        expect(got?.contentType).toBe('image/jpeg');
        expect(got?.declarationId).toBe('d1');
        expect(Array.from(got?.bytes ?? [])).toEqual(Array.from(bytes));
        expect(await blobs.get('nope')).toBeNull();
        expect(await blobs.existing(['photo-0001', 'nope'])).toEqual(new Set(['photo-0001']));
      }));

    it('stores an image and its thumbnail together', () =>
      withBlobs(async ({ blobs }) => {
        await blobs.putAll([
          { id: 'photo-0009', declarationId: 'd1', contentType: 'image/jpeg', bytes: new Uint8Array([1, 2, 3]) },
          { id: 'photo-0009-t', declarationId: 'd1', contentType: 'image/jpeg', bytes: new Uint8Array([4]) },
        ]);
        expect(await blobs.existing(['photo-0009', 'photo-0009-t'])).toEqual(new Set(['photo-0009', 'photo-0009-t']));
        expect(Array.from((await blobs.get('photo-0009-t'))?.bytes ?? [])).toEqual([4]);
      }));

    it('counts the binaries of a declaration and their bytes (the upload quota)', () =>
      withBlobs(async ({ blobs }) => {
        expect(await blobs.usage('d1')).toEqual({ count: 0, bytes: 0 });
        await blobs.put({ id: 'photo-0001', declarationId: 'd1', contentType: 'image/jpeg', bytes: new Uint8Array(10) });
        await blobs.put({ id: 'photo-0002', declarationId: 'd1', contentType: 'image/jpeg', bytes: new Uint8Array(32) });
        await blobs.put({ id: 'photo-0003', declarationId: 'd2', contentType: 'image/jpeg', bytes: new Uint8Array(5) });
        expect(await blobs.usage('d1')).toEqual({ count: 2, bytes: 42 });
        // A binary stored again under its id is counted once, at its new size.
        await blobs.put({ id: 'photo-0002', declarationId: 'd1', contentType: 'image/jpeg', bytes: new Uint8Array(8) });
        expect(await blobs.usage('d1')).toEqual({ count: 2, bytes: 18 });
      }));

    it('forgets every binary of a declaration at once (inactivity, deletion)', () =>
      withBlobs(async ({ blobs }) => {
        await blobs.put({ id: 'photo-0101', declarationId: 'd1', contentType: 'image/jpeg', bytes: new Uint8Array([1]) });
        await blobs.put({ id: 'photo-0102', declarationId: 'd2', contentType: 'audio/webm', bytes: new Uint8Array([2]) });
        expect((await blobs.declarationIds()).sort()).toEqual(['d1', 'd2']);
        await blobs.removeFor('d1');
        expect(await blobs.declarationIds()).toEqual(['d2']);
        expect(await blobs.get('photo-0101')).toBeNull();
        expect(await blobs.usage('d1')).toEqual({ count: 0, bytes: 0 });
        expect((await blobs.get('photo-0102'))?.contentType).toBe('audio/webm');
        await blobs.removeFor('unknown');
      }));
  });
}
