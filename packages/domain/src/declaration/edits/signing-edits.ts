/** The edits of the end of filling: who is at fault, the signatures and the responsible insurer. */
import * as v from 'valibot';
import { isSignatureDecent, SignatureMeasuresSchema } from '../../rules/signature.js';
import { object } from '../../rules/schema.js';
import { BlobIdSchema, GreenCardSchema, GUILTY_CHOICES, INSURER_ID_MAX } from '../entities.js';
import { accidentDay, greenCardError, insurerHolds, registryHasPolicy } from '../insurance.js';
import { applyGuilt } from '../guilt.js';
import { edit, fail, partyChange, target } from './edit.js';

export const SIGNING_EDITS = {
  guilty: edit({
    payload: v.variant('op', [object({ ...target, op: v.literal('SET'), choice: v.picklist(GUILTY_CHOICES) }), object({ ...target, op: v.literal('RESET') })]),
    changed: 'SIGNATURE',
    apply: (d, op, _ctx, party) => ({ ok: true, declaration: { ...d, guilt: applyGuilt(d.guilt, party, op.op === 'SET' ? { op: 'SET', choice: op.choice } : { op: 'RESET' }) } }),
  }),
  signature: edit({
    payload: object({ ...target, imageId: BlobIdSchema, ...SignatureMeasuresSchema.entries }),
    changed: 'SIGNATURE',
    apply: (d, { imageId, ...measures }, ctx, party) => {
      // Judged here from what was drawn, never from the device's own verdict.
      if (!isSignatureDecent(measures)) return fail('SIGNATURE_TOO_ABSTRACT');
      return partyChange(d, party, (p) => ({ ...p, signature: { imageId, dataPoints: measures.dataPoints, decent: true, signedAt: ctx.now } }));
    },
  }),
  /** The insurer is named by its registry id only: its name and links come from the registry (IN1). */
  'responsible-insurer': edit({
    payload: object({ ...target, drkId: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(INSURER_ID_MAX)) }),
    changed: 'INSURER',
    apply: (d, { drkId }, ctx, party) => {
      // Chosen once and never changed (declaration-flow §4).
      if (insurerHolds(d.parties[party], accidentDay(d, ctx.now))) return fail('INSURER_ALREADY_CHOSEN');
      // Only an insurer of the registry, as the registry names it (IN1).
      const insurer = ctx.insurers?.get(drkId);
      if (!insurer) return fail('INSURER_UNKNOWN');
      return partyChange(d, party, (p) => ({ ...p, responsibleInsurer: insurer }));
    },
  }),
  /** IN2, IN3: a vehicle insured abroad, with what its green card says (the bureau handles its claims here). */
  'insured-abroad': edit({
    payload: object({ ...target, greenCard: GreenCardSchema }),
    changed: 'INSURER',
    apply: (d, { greenCard }, ctx, party) => {
      const p = d.parties[party];
      if (insurerHolds(p, accidentDay(d, ctx.now))) return fail('INSURER_ALREADY_CHOSEN');
      if (registryHasPolicy(p.vehicle)) return fail('VEHICLE_INSURED');
      const refused = greenCardError(greenCard, p.vehicle, accidentDay(d, ctx.now));
      if (refused) return fail(refused);
      return partyChange(d, party, (x) => ({ ...x, responsibleInsurer: { drkId: -1, name: greenCard.insurerName, www: '', damageWww: '', special: 'OTHER', greenCard } }));
    },
  }),
  /** IN2, IN4: the vehicle has no insurance (the bureau handles the claim); not for a vehicle the registry has a policy for. */
  'not-insured': edit({
    payload: object({ ...target }),
    changed: 'INSURER',
    apply: (d, _payload, ctx, party) => {
      const p = d.parties[party];
      if (insurerHolds(p, accidentDay(d, ctx.now))) return fail('INSURER_ALREADY_CHOSEN');
      if (registryHasPolicy(p.vehicle)) return fail('VEHICLE_INSURED');
      return partyChange(d, party, (x) => ({ ...x, responsibleInsurer: { drkId: -1, name: '', www: '', damageWww: '', special: 'NOT_INSURED' } }));
    },
  }),
};
