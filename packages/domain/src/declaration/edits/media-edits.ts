/** The edits of what a driver photographs, draws and records: photos, the damage drawing and text, voice notes. */
import * as v from 'valibot';
import { addPhotoError, PHOTO_SECTIONS, photosInSection } from '../../rules/photos.js';
import { object } from '../../rules/schema.js';
import type { Party } from '../../rules/constants.js';
import { AUDIO_TYPES, BlobIdSchema, ImpactMetaSchema, TEXT_LIMITS, type Declaration, type PartyData } from '../entities.js';
import { edit, fail, partyChange, target, text, type Step } from './edit.js';

/** A change of one part of a party's damages (text, image, impact). */
const withDamages = (d: Declaration, party: Party, change: Partial<PartyData['damages']>): Step =>
  partyChange(d, party, (p) => ({ ...p, damages: { ...p.damages, ...change } }));

export const MEDIA_EDITS = {
  'add-foto': edit({
    payload: object({
      ...target,
      id: BlobIdSchema,
      set: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(PHOTO_SECTIONS.length - 1)),
      filename: text(TEXT_LIMITS.short),
    }),
    changed: 'PHOTO',
    apply: (d, { id, set, filename }, ctx, party) => {
      const existing = d.parties[party].photos.find((p) => p.id === id);
      if (existing) {
        // Same id again: an update of the metadata, not a new photo (declaration-flow §4).
        return partyChange(d, party, (p) => ({ ...p, photos: p.photos.map((ph) => (ph.id === id ? { ...ph, set, filename } : ph)) }));
      }
      const section = PHOTO_SECTIONS[set];
      if (!section) return fail('DATA_ERROR');
      const full = addPhotoError(section, photosInSection(d, party, section));
      if (full) return fail(full);
      return partyChange(d, party, (p) => ({ ...p, photos: [...p.photos, { id, set, filename, addedAt: ctx.now }] }));
    },
  }),
  'remove-foto': edit({
    payload: object({ ...target, id: BlobIdSchema }),
    changed: 'PHOTO',
    apply: (d, { id }, _ctx, party) => {
      if (!d.parties[party].photos.some((p) => p.id === id)) return fail('PHOTO_NOT_FOUND');
      return partyChange(d, party, (p) => ({ ...p, photos: p.photos.filter((ph) => ph.id !== id) }));
    },
  }),
  'set-impact-image': edit({
    payload: object({ ...target, imageId: v.nullable(BlobIdSchema) }),
    changed: 'DAMAGE',
    apply: (d, { imageId }, _ctx, party) => withDamages(d, party, { imageId }),
  }),
  'set-impact-meta': edit({
    payload: object({ ...target, impactMeta: ImpactMetaSchema }),
    changed: 'DAMAGE',
    apply: (d, { impactMeta }, _ctx, party) => withDamages(d, party, { impactMeta }),
  }),
  'set-impact-text': edit({
    payload: object({ ...target, text: text(TEXT_LIMITS.damages) }),
    changed: 'DAMAGE',
    apply: (d, { text: damage }, _ctx, party) => withDamages(d, party, { text: damage }),
  }),
  'add-audio': edit({
    payload: object({ ...target, id: BlobIdSchema, type: v.picklist(AUDIO_TYPES) }),
    changed: 'AUDIO',
    // One note per type and party: a new recording replaces the old one.
    apply: (d, { id, type }, ctx, party) => partyChange(d, party, (p) => ({ ...p, audio: [...p.audio.filter((a) => a.type !== type), { id, type, addedAt: ctx.now }] })),
  }),
  'remove-audio': edit({
    payload: object({ ...target, id: BlobIdSchema }),
    changed: 'AUDIO',
    apply: (d, { id }, _ctx, party) => {
      if (!d.parties[party].audio.some((a) => a.id === id)) return fail('AUDIO_NOT_FOUND');
      return partyChange(d, party, (p) => ({ ...p, audio: p.audio.filter((a) => a.id !== id) }));
    },
  }),
};
