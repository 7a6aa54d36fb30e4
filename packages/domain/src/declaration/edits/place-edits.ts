/** The edits of the accident: its time and place (declaration-wide), the scheme (declaration-wide) and each driver's circumstances. */
import * as v from 'valibot';
import { accidentPlace } from '../../rules/address.js';
import { canSelect } from '../../rules/circumstances.js';
import { object } from '../../rules/schema.js';
import { CircumstanceKeySchema, BlobIdSchema, PickedAddressSchema, PositionSchema, TEXT_LIMITS } from '../entities.js';
import { edit, fail, partyChange, target, text } from './edit.js';

const HOUR_MS = 3_600_000;

export const PLACE_EDITS = {
  'corrected-time': edit({
    payload: object({ time: v.pipe(v.string(), v.regex(/^\d{1,15}$/)) }),
    changed: 'DATA',
    shared: true,
    apply: (d, payload) => {
      const time = Number(payload.time);
      const original = d.timePlace.originalTime;
      if (original !== null) {
        // The time may only be rolled back, and by at most maxTimeAdjust hours (declaration-flow §3).
        if (time > original) return fail('TOO_LATE');
        if (time < original - d.timePlace.maxTimeAdjust * HOUR_MS) return fail('TOO_EARLY');
      }
      return { ok: true, declaration: { ...d, timePlace: { ...d.timePlace, correctedTime: time } } };
    },
  }),
  'corrected-location': edit({
    payload: object({ location: PositionSchema }),
    changed: 'DATA',
    shared: true,
    apply: (d, { location }, ctx) => {
      if (!ctx.isInLithuania(location)) return fail('GPS_NOT_LT');
      return { ok: true, declaration: { ...d, timePlace: { ...d.timePlace, correctedLocation: location } } };
    },
  }),
  'corrected-location-address': edit({
    payload: object({ address: v.nullable(PickedAddressSchema) }),
    changed: 'DATA',
    shared: true,
    // AD6: an accident place never has an apartment, whatever the client sent.
    apply: (d, { address }) => ({ ok: true, declaration: { ...d, timePlace: { ...d.timePlace, locationAddress: address === null ? null : accidentPlace(address) } } }),
  }),
  conditions: edit({
    payload: object({ ...target, conditions: v.pipe(v.array(CircumstanceKeySchema), v.maxLength(19)) }),
    changed: 'DATA',
    apply: (d, { conditions }, _ctx, party) => {
      const unique = [...new Set(conditions)];
      // Every ticked circumstance must be compatible with the others (declaration-flow §5).
      for (const [i, key] of unique.entries()) {
        if (!canSelect(unique.slice(0, i), key)) return fail('CONDITIONS_INCOMPATIBLE');
      }
      return partyChange(d, party, (p) => ({ ...p, conditions: unique }));
    },
  }),
  scheme: edit({
    payload: object({ imageId: BlobIdSchema, objects: v.nullable(text(TEXT_LIMITS.schemeObjects)), isPhoto: v.boolean() }),
    changed: 'SCHEME',
    shared: true,
    apply: (d, { imageId, objects, isPhoto }) => {
      if (!isPhoto && (objects === null || objects.trim() === '' || objects.trim() === '[]')) return fail('SCHEME_EMPTY');
      return { ok: true, declaration: { ...d, scheme: { imageId, objects: isPhoto ? null : objects, isPhoto } } };
    },
  }),
};
