import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { mediaFixture, submittedDeclaration } from '@eid/test-fixtures';
import type { Declaration, Locale } from '@eid/domain';

/**
 * Puts a declaration both drivers submitted into the app's store with every image it refers to,
 * and on the submit queue, as the hub does after the second submit.
 */
export async function seedSubmitted(app: FastifyInstance, id: string, at: number, langs?: { A: Locale; B: Locale }): Promise<Declaration> {
  const declaration = submittedDeclaration(id, langs);
  await app.declarations.create({
    declaration,
    slots: { A: { tokenHash: 'hash-a', lastSeen: at }, B: { tokenHash: 'hash-b', lastSeen: at } },
    lastActivity: at,
  });
  const photo = mediaFixture('scene.jpg');
  const drawing = new Uint8Array(await sharp({ create: { width: 320, height: 120, channels: 4, background: '#ffffff' } }).png().toBuffer());
  for (const p of Object.values(declaration.parties)) {
    for (const ph of p.photos) await app.blobStore.put({ id: ph.id, declarationId: id, contentType: 'image/jpeg', bytes: photo });
    if (p.signature) await app.blobStore.put({ id: p.signature.imageId, declarationId: id, contentType: 'image/png', bytes: drawing });
    for (const a of p.audio) await app.blobStore.put({ id: a.id, declarationId: id, contentType: 'audio/webm', bytes: new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]) });
  }
  if (declaration.scheme.imageId) await app.blobStore.put({ id: declaration.scheme.imageId, declarationId: id, contentType: 'image/png', bytes: drawing });
  await app.storage.submitQueue.enqueue(id, at);
  return declaration;
}
