/**
 * Binary access: the uploads' seat check, storing an upload (an image with its thumbnail), the
 * quota, what an upload needs to know of the declaration, and the reads of a declaration's
 * photos, images and voice notes — only those the declaration refers to.
 */
import { bytesToBase64, formatDate, PARTIES, thumbnailId, type Declaration, type Party, type PreviewContext, type StoredDeclaration } from '@eid/domain';
import { PLATE_READING_KEPT_MS, PLATE_READING_PENDING, type PlateReadingAnswer } from '@eid/domain/protocol';
import type { Handlers } from './handler.js';
import type { HubPorts } from './ports.js';
import { refuse } from './refusal.js';
import type { UnitOfWork } from './unit-of-work.js';

const other = (p: Party): Party => (p === 'A' ? 'B' : 'A');

/** Every binary a declaration refers to. */
export function imageIds(d: Declaration): string[] {
  const ids: string[] = [];
  for (const p of PARTIES) {
    const party = d.parties[p];
    ids.push(...party.photos.map((ph) => ph.id));
    if (party.signature) ids.push(party.signature.imageId);
    if (party.damages.imageId) ids.push(party.damages.imageId);
  }
  if (d.scheme.imageId) ids.push(d.scheme.imageId);
  return ids;
}

type Blob = { contentType: string; bytes: Uint8Array };

const plateReadingKey = (declarationId: string, id: string) => `plate-reading:${declarationId}:${id}`;
/** A plate photo's reading has begun. */
export const PLATE_READING_STARTED: PlateReadingAnswer = { status: PLATE_READING_PENDING, plate: null };

export class BinaryService {
  constructor(
    private readonly ports: Pick<HubPorts, 'store' | 'blobs' | 'ids' | 'hash' | 'clock' | 'expiring'>,
    private readonly uow: UnitOfWork,
  ) {}

  /** Is this the device holding the party (the HTTP uploads check the seat with it)? A finished declaration takes no more binaries. */
  async holdsSeat(declarationId: string, party: Party, token: string): Promise<boolean> {
    const record = await this.ports.store.get(declarationId);
    if (!record || record.declaration.status === 'FINISHED') return false;
    const held = record.slots[party].tokenHash;
    return held !== null && held === (await this.ports.hash.sha256Hex(token));
  }

  /** Stores an uploaded binary for a declaration (under `id`, else a new one); the caller checked the seat. */
  async storeBlob(declarationId: string, contentType: string, bytes: Uint8Array, id: string = this.ports.ids.token()): Promise<string> {
    await this.ports.blobs.put({ id, declarationId, contentType, bytes });
    return id;
  }

  /** Stores an image and its thumbnail together under `id` and its thumbnail id. */
  async storeImage(declarationId: string, id: string, image: Blob, thumbnail: Blob): Promise<void> {
    await this.ports.blobs.putAll([
      { id: thumbnailId(id), declarationId, contentType: thumbnail.contentType, bytes: thumbnail.bytes },
      { id, declarationId, contentType: image.contentType, bytes: image.bytes },
    ]);
  }

  /**
   * Keeps what recognition made of a plate photo (PENDING while it reads) for the phone's
   * `read-plate`, on every node (the expiring store), for PLATE_READING_KEPT_MS.
   */
  async keepPlateReading(declarationId: string, id: string, reading: PlateReadingAnswer): Promise<void> {
    await this.ports.expiring.set(plateReadingKey(declarationId, id), reading, this.ports.clock.now() + PLATE_READING_KEPT_MS);
  }

  newBlobId(): string {
    return this.ports.ids.token();
  }

  /** How much a declaration has stored (the upload quota). */
  blobUsage(declarationId: string): Promise<{ readonly count: number; readonly bytes: number }> {
    return this.ports.blobs.usage(declarationId);
  }

  /** What an upload for a party needs of the declaration: the legend's language, both plates, the accident time. */
  async uploadContext(declarationId: string, party: Party): Promise<{ lang: Declaration['parties']['A']['fillLang']; plate: string; otherPlate: string; time: number } | null> {
    const record = await this.ports.store.get(declarationId);
    if (!record) return null;
    const d = record.declaration;
    return {
      lang: d.parties[party].fillLang,
      plate: d.parties[party].vehicle.plate || d.parties[party].plates.plate,
      otherPlate: d.parties[other(party)].vehicle.plate || d.parties[other(party)].plates.plate,
      time: d.timePlace.correctedTime ?? d.timePlace.originalTime ?? record.lastActivity,
    };
  }

  /** What the preview's validation needs beyond the declaration: linked, and which images are stored. */
  async previewContext(record: StoredDeclaration): Promise<PreviewContext> {
    return {
      linked: !record.declaration.twoUserMode || record.slots.B.tokenHash !== null,
      savedImageIds: await this.ports.blobs.existing(imageIds(record.declaration)),
      today: formatDate(this.ports.clock.now()),
    };
  }

  handlers(): Handlers<'current-fotos' | 'get-foto' | 'read-plate' | 'get-image' | 'get-audio'> {
    return {
      // Only a reading of this declaration's photo: the key holds the seat's declaration.
      'read-plate': async ({ id }, { seat }) => {
        const kept = (await this.ports.expiring.get(plateReadingKey(seat.declarationId, id))) as PlateReadingAnswer | null;
        return kept ?? refuse('PHOTO_NOT_FOUND');
      },
      'current-fotos': async (_p, { seat }) => {
        const d = (await this.uow.load(seat.declarationId)).declaration;
        return PARTIES.flatMap((p) => d.parties[p].photos.map((ph) => ({ id: ph.id, set: ph.set, userA: p === 'A' })));
      },
      'get-foto': async ({ id, thumb }, { seat }) => {
        const d = (await this.uow.load(seat.declarationId)).declaration;
        const photo = PARTIES.flatMap((p) => d.parties[p].photos).find((ph) => ph.id === id) ?? refuse('PHOTO_NOT_FOUND');
        // The list's thumbnail when asked for and made (the local installation makes one per photo).
        const blob = (thumb ? await this.ports.blobs.get(thumbnailId(photo.id)) : null) ?? (await this.ports.blobs.get(photo.id));
        if (!blob || blob.declarationId !== seat.declarationId) refuse('PHOTO_NOT_FOUND');
        return { id: photo.id, set: photo.set, filename: photo.filename, contentType: blob.contentType, imageBase64: bytesToBase64(blob.bytes) };
      },
      // Any image the declaration refers to: photos, the scheme, signatures, the damage image.
      'get-image': async ({ id }, { seat }) => {
        const d = (await this.uow.load(seat.declarationId)).declaration;
        if (!imageIds(d).includes(id)) refuse('PHOTO_NOT_FOUND');
        const blob = await this.ports.blobs.get(id);
        if (!blob || blob.declarationId !== seat.declarationId) refuse('PHOTO_NOT_FOUND');
        return { id, contentType: blob.contentType, imageBase64: bytesToBase64(blob.bytes) };
      },
      'get-audio': async ({ id }, { seat }) => {
        const d = (await this.uow.load(seat.declarationId)).declaration;
        const note = PARTIES.flatMap((p) => d.parties[p].audio).find((a) => a.id === id) ?? refuse('AUDIO_NOT_FOUND');
        const blob = await this.ports.blobs.get(note.id);
        if (!blob || blob.declarationId !== seat.declarationId) refuse('AUDIO_NOT_FOUND');
        return { id: note.id, type: note.type, contentType: blob.contentType, audioBase64: bytesToBase64(blob.bytes) };
      },
    };
  }
}
