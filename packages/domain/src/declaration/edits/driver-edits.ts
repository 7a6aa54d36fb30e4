/** The edits of a driver's own data: the driver, contacts, consents, witnesses, comment, vehicle, progress and language. */
import * as v from 'valibot';
import { STEP_COUNT } from '../../rules/constants.js';
import { isEmail } from '../../rules/email.js';
import { witnessError } from '../../rules/witness.js';
import { object } from '../../rules/schema.js';
import { DisclaimersSchema, DriverEditableSchema, LocaleSchema, TEXT_LIMITS, USER_PROGRESS, VehicleEditableSchema, WitnessesSchema, type PartySchema } from '../entities.js';
import { contactClash, edit, fail, partyChange, target, text } from './edit.js';
import { isVehicleId, normaliseVehicleId } from '../../rules/vehicle-id.js';

type DriverField = keyof typeof DriverEditableSchema.entries;
type DriverFieldPayload = {
  [K in DriverField]: v.ObjectSchema<{ party: v.OptionalSchema<typeof PartySchema, undefined>; name: v.LiteralSchema<K, undefined>; value: (typeof DriverEditableSchema.entries)[K] }, undefined>;
}[DriverField];

function driverFieldPayloads(): DriverFieldPayload[] {
  return (Object.keys(DriverEditableSchema.entries) as DriverField[]).map(
    (name) => object({ ...target, name: v.literal(name), value: DriverEditableSchema.entries[name] }) as DriverFieldPayload,
  );
}

export const DRIVER_EDITS = {
  'set-driver-data': edit({
    payload: object({ ...target, driver: DriverEditableSchema }),
    changed: 'DATA',
    apply: (d, { driver }, _ctx, party) => {
      const clash = contactClash(d, party, driver);
      if (clash) return fail(clash);
      return partyChange(d, party, (p) => ({
        ...p,
        driver: {
          ...driver,
          telConfirmed: p.driver.telConfirmed && p.driver.tel === driver.tel,
          emailConfirmed: p.driver.emailConfirmed && p.driver.email === driver.email,
        },
      }));
    },
  }),
  'set-driver-email': edit({
    payload: object({ ...target, email: text(TEXT_LIMITS.email) }),
    changed: 'DATA',
    apply: (d, { email }, _ctx, party) => {
      const trimmed = email.trim();
      if (trimmed !== '' && !isEmail(trimmed)) return fail('EMAIL_INVALID');
      const clash = contactClash(d, party, { email: trimmed });
      if (clash) return fail(clash);
      return partyChange(d, party, (p) => ({
        ...p,
        driver: { ...p.driver, email: trimmed, emailConfirmed: p.driver.emailConfirmed && p.driver.email === trimmed },
      }));
    },
  }),
  /** One driver field, its value of that field's shape (a variant by the field's name). */
  'set-partial-driver-data': edit({
    payload: v.variant('name', driverFieldPayloads()),
    changed: 'DATA',
    apply: (d, { name: field, value }, _ctx, party) => {
      const parsed = v.safeParse(DriverEditableSchema.entries[field], value);
      if (!parsed.success) return fail('DATA_ERROR');
      if (field === 'tel' || field === 'email') {
        const clash = contactClash(d, party, { [field]: parsed.output as string });
        if (clash) return fail(clash);
      }
      return partyChange(d, party, (p) => {
        const driver = { ...p.driver, [field]: parsed.output };
        if (field === 'tel' && driver.tel !== p.driver.tel) driver.telConfirmed = false;
        if (field === 'email' && driver.email !== p.driver.email) driver.emailConfirmed = false;
        return { ...p, driver };
      });
    },
  }),
  'submit-disclaimers': edit({
    payload: object({ ...target, disclaimers: DisclaimersSchema }),
    changed: 'DATA',
    apply: (d, { disclaimers }, _ctx, party) => partyChange(d, party, (p) => ({ ...p, disclaimers })),
  }),
  witnesses: edit({
    payload: object({ ...target, witnesses: WitnessesSchema }),
    changed: 'DATA',
    apply: (d, { witnesses }, _ctx, party) => {
      // The witness rule (name, surname and phone each required and valid) as the screen has it.
      for (const w of witnesses) {
        const code = witnessError(w);
        if (code) return fail(code);
      }
      return partyChange(d, party, (p) => ({ ...p, witnesses }));
    },
  }),
  'eid-comment': edit({
    payload: object({ ...target, text: text(TEXT_LIMITS.comment) }),
    changed: 'DATA',
    apply: (d, { text: comment }, _ctx, party) => partyChange(d, party, (p) => ({ ...p, comment })),
  }),
  'set-vehicle-data': edit({
    // The registration country is the plates step's (checked with the plate), never this edit's (IN3, IN4).
    payload: object({ ...target, vehicle: v.partial(v.omit(VehicleEditableSchema, ['country'])) }),
    changed: 'VEHICLE',
    apply: (d, { vehicle }, _ctx, party) => {
      // VI1–VI3: a virtual identifier (of a vehicle without a plate) is kept normalised, or refused.
      if (vehicle.vi !== undefined && vehicle.vi.trim() !== '' && !isVehicleId(vehicle.vi)) return fail('VI_INVALID');
      const vi = vehicle.vi === undefined ? undefined : normaliseVehicleId(vehicle.vi);
      const defined = Object.fromEntries(Object.entries({ ...vehicle, vi }).filter(([, value]) => value !== undefined));
      return partyChange(d, party, (p) => ({ ...p, vehicle: { ...p.vehicle, ...defined } }));
    },
  }),
  progress: edit({
    payload: object({
      ...target,
      progress: v.picklist(USER_PROGRESS),
      /** The wizard step the driver is on, for the other driver's view of their progress. */
      step: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(STEP_COUNT))),
    }),
    changed: 'DATA',
    apply: (d, { progress, step }, _ctx, party) => partyChange(d, party, (p) => ({ ...p, progress, activeStep: step ?? p.activeStep })),
  }),
  'fill-lang': edit({
    payload: object({ ...target, lang: LocaleSchema }),
    changed: 'DATA',
    apply: (d, { lang }, _ctx, party) => partyChange(d, party, (p) => ({ ...p, fillLang: lang })),
  }),
};
