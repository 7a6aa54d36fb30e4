/**
 * The named instructions of declaration-flow §7 that change the declaration, each with the schema
 * of its payload, the kind of change pushed to the other party (§3 changed-data kinds) and the pure
 * function that applies it. The server runs exactly this code on every payload it receives, and so
 * does the practice mode's in-browser server: the rules live here once.
 */
import * as v from 'valibot';
import { canSelect } from '../rules/circumstances.js';
import { STEP_COUNT } from '../rules/constants.js';
import { isSignatureDecent, SignatureMeasuresSchema } from '../rules/signature.js';
import type { ErrorCode } from '../rules/errors.js';
import { isEmail } from '../rules/email.js';
import { contactPairErrors } from '../rules/contacts.js';
import { addPhotoError, PHOTO_SECTIONS, photosInSection } from '../rules/photos.js';
import {
  AUDIO_TYPES,
  BlobIdSchema,
  CircumstanceKeySchema,
  DisclaimersSchema,
  DriverEditableSchema,
  GUILTY_CHOICES,
  ImpactMetaSchema,
  LocaleSchema,
  PartySchema,
  PickedAddressSchema,
  PositionSchema,
  ResponsibleInsurerSchema,
  TEXT_LIMITS,
  USER_PROGRESS,
  VehicleEditableSchema,
  WitnessesSchema,
  type Declaration,
  type PartyData,
} from './entities.js';
import { applyGuilt } from './guilt.js';
import type { Party } from '../rules/constants.js';

/** declaration-flow §3: the kinds of changed data pushed to the other party. */
export const CHANGED_KINDS = ['PHOTO', 'DAMAGE', 'SCHEME', 'DATA', 'SIGNATURE', 'VEHICLE', 'AUDIO', 'INSURER'] as const;
export type ChangedKind = (typeof CHANGED_KINDS)[number];

/**
 * Who is writing: the party the connection is bound to, and which parties' data it may fill
 * (allowA / allowB of declaration-flow §6). One device filling for both is allowed both.
 */
export interface Actor {
  readonly party: Party;
  readonly allow: Readonly<Record<Party, boolean>>;
}

export interface EditContext {
  readonly actor: Actor;
  readonly now: number;
  /** Is a position on Lithuanian territory (the location check behind GPS_NOT_LT). */
  readonly isInLithuania: (position: { latitude: number; longitude: number }) => boolean;
}

export type EditOutcome =
  | { readonly ok: true; readonly declaration: Declaration; readonly changed: ChangedKind }
  | { readonly ok: false; readonly code: ErrorCode };

const target = { party: v.optional(PartySchema) };
const text = (max: number) => v.pipe(v.string(), v.maxLength(max));

/** Payload schemas of the write instructions, by instruction name. */
export const WRITE_PAYLOADS = {
  'set-driver-data': v.object({ ...target, driver: DriverEditableSchema }),
  'set-driver-email': v.object({ ...target, email: text(TEXT_LIMITS.email) }),
  'set-partial-driver-data': v.object({
    ...target,
    name: v.picklist(Object.keys(DriverEditableSchema.entries) as [keyof typeof DriverEditableSchema.entries]),
    value: v.unknown(),
  }),
  'submit-disclaimers': v.object({ ...target, disclaimers: DisclaimersSchema }),
  'corrected-time': v.object({ time: v.pipe(v.string(), v.regex(/^\d{1,15}$/)) }),
  'corrected-location': v.object({ location: PositionSchema }),
  'corrected-location-address': v.object({ address: v.nullable(PickedAddressSchema) }),
  witnesses: v.object({ ...target, witnesses: WitnessesSchema }),
  'add-foto': v.object({
    ...target,
    id: BlobIdSchema,
    set: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(PHOTO_SECTIONS.length - 1)),
    filename: text(TEXT_LIMITS.short),
  }),
  'remove-foto': v.object({ ...target, id: BlobIdSchema }),
  'set-impact-image': v.object({ ...target, imageId: v.nullable(BlobIdSchema) }),
  'set-impact-meta': v.object({ ...target, impactMeta: ImpactMetaSchema }),
  'set-impact-text': v.object({ ...target, text: text(TEXT_LIMITS.damages) }),
  'eid-comment': v.object({ ...target, text: text(TEXT_LIMITS.comment) }),
  conditions: v.object({ ...target, conditions: v.pipe(v.array(CircumstanceKeySchema), v.maxLength(19)) }),
  scheme: v.object({
    imageId: BlobIdSchema,
    objects: v.nullable(text(TEXT_LIMITS.schemeObjects)),
    isPhoto: v.boolean(),
  }),
  'set-vehicle-data': v.object({ ...target, vehicle: v.partial(VehicleEditableSchema) }),
  'add-audio': v.object({ ...target, id: BlobIdSchema, type: v.picklist(AUDIO_TYPES) }),
  'remove-audio': v.object({ ...target, id: BlobIdSchema }),
  guilty: v.variant('op', [
    v.object({ ...target, op: v.literal('SET'), choice: v.picklist(GUILTY_CHOICES) }),
    v.object({ ...target, op: v.literal('RESET') }),
  ]),
  signature: v.object({
    ...target,
    imageId: BlobIdSchema,
    ...SignatureMeasuresSchema.entries,
  }),
  'responsible-insurer': v.object({ ...target, insurer: ResponsibleInsurerSchema }),
  progress: v.object({
    ...target,
    progress: v.picklist(USER_PROGRESS),
    /** The wizard step the driver is on, for the other driver's view of their progress. */
    step: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(STEP_COUNT))),
  }),
  'fill-lang': v.object({ ...target, lang: LocaleSchema }),
} as const;

export type WriteInstruction = keyof typeof WRITE_PAYLOADS;
export type WritePayload<I extends WriteInstruction> = v.InferOutput<(typeof WRITE_PAYLOADS)[I]>;

export const WRITE_INSTRUCTIONS = Object.keys(WRITE_PAYLOADS) as WriteInstruction[];

export function isWriteInstruction(name: string): name is WriteInstruction {
  return Object.prototype.hasOwnProperty.call(WRITE_PAYLOADS, name);
}

/** The kind of change each write pushes to the other party. */
export const CHANGED_KIND_OF: Readonly<Record<WriteInstruction, ChangedKind>> = {
  'set-driver-data': 'DATA',
  'set-driver-email': 'DATA',
  'set-partial-driver-data': 'DATA',
  'submit-disclaimers': 'DATA',
  'corrected-time': 'DATA',
  'corrected-location': 'DATA',
  'corrected-location-address': 'DATA',
  witnesses: 'DATA',
  'add-foto': 'PHOTO',
  'remove-foto': 'PHOTO',
  'set-impact-image': 'DAMAGE',
  'set-impact-meta': 'DAMAGE',
  'set-impact-text': 'DAMAGE',
  'eid-comment': 'DATA',
  conditions: 'DATA',
  scheme: 'SCHEME',
  'set-vehicle-data': 'VEHICLE',
  'add-audio': 'AUDIO',
  'remove-audio': 'AUDIO',
  guilty: 'SIGNATURE',
  signature: 'SIGNATURE',
  'responsible-insurer': 'INSURER',
  progress: 'DATA',
  'fill-lang': 'DATA',
};

type Step = { ok: true; declaration: Declaration } | { ok: false; code: ErrorCode };
const fail = (code: ErrorCode): Step => ({ ok: false, code });

function withParty(d: Declaration, party: Party, change: (p: PartyData) => PartyData): Declaration {
  return { ...d, parties: { ...d.parties, [party]: change(d.parties[party]) } };
}

const HOUR_MS = 3_600_000;

/** The two drivers' phones and e-mails must differ (declaration-flow §5). */
function contactClash(d: Declaration, party: Party, contact: { tel?: string; email?: string }): ErrorCode | null {
  const other = d.parties[party === 'A' ? 'B' : 'A'].driver;
  return contactPairErrors(contact, { tel: contact.tel === undefined ? '' : other.tel, email: contact.email === undefined ? '' : other.email })[0] ?? null;
}

function apply(d: Declaration, name: WriteInstruction, payload: unknown, ctx: EditContext, party: Party): Step {
  switch (name) {
    case 'set-driver-data': {
      const { driver } = payload as WritePayload<'set-driver-data'>;
      const clash = contactClash(d, party, driver);
      if (clash) return fail(clash);
      return {
        ok: true,
        declaration: withParty(d, party, (p) => ({
          ...p,
          driver: {
            ...driver,
            telConfirmed: p.driver.telConfirmed && p.driver.tel === driver.tel,
            emailConfirmed: p.driver.emailConfirmed && p.driver.email === driver.email,
          },
        })),
      };
    }
    case 'set-driver-email': {
      const { email } = payload as WritePayload<'set-driver-email'>;
      const trimmed = email.trim();
      if (trimmed !== '' && !isEmail(trimmed)) return fail('EMAIL_INVALID');
      const clash = contactClash(d, party, { email: trimmed });
      if (clash) return fail(clash);
      return {
        ok: true,
        declaration: withParty(d, party, (p) => ({
          ...p,
          driver: { ...p.driver, email: trimmed, emailConfirmed: p.driver.emailConfirmed && p.driver.email === trimmed },
        })),
      };
    }
    case 'set-partial-driver-data': {
      const { name: field, value } = payload as WritePayload<'set-partial-driver-data'>;
      const parsed = v.safeParse(DriverEditableSchema.entries[field], value);
      if (!parsed.success) return fail('DATA_ERROR');
      if (field === 'tel' || field === 'email') {
        const clash = contactClash(d, party, { [field]: parsed.output as string });
        if (clash) return fail(clash);
      }
      return {
        ok: true,
        declaration: withParty(d, party, (p) => {
          const driver = { ...p.driver, [field]: parsed.output };
          if (field === 'tel' && driver.tel !== p.driver.tel) driver.telConfirmed = false;
          if (field === 'email' && driver.email !== p.driver.email) driver.emailConfirmed = false;
          return { ...p, driver };
        }),
      };
    }
    case 'submit-disclaimers': {
      const { disclaimers } = payload as WritePayload<'submit-disclaimers'>;
      return { ok: true, declaration: withParty(d, party, (p) => ({ ...p, disclaimers })) };
    }
    case 'corrected-time': {
      const time = Number((payload as WritePayload<'corrected-time'>).time);
      const original = d.timePlace.originalTime;
      if (original !== null) {
        // The time may only be rolled back, and by at most maxTimeAdjust hours (declaration-flow §3).
        if (time > original) return fail('TOO_LATE');
        if (time < original - d.timePlace.maxTimeAdjust * HOUR_MS) return fail('TOO_EARLY');
      }
      return { ok: true, declaration: { ...d, timePlace: { ...d.timePlace, correctedTime: time } } };
    }
    case 'corrected-location': {
      const { location } = payload as WritePayload<'corrected-location'>;
      if (!ctx.isInLithuania(location)) return fail('GPS_NOT_LT');
      return { ok: true, declaration: { ...d, timePlace: { ...d.timePlace, correctedLocation: location } } };
    }
    case 'corrected-location-address': {
      const { address } = payload as WritePayload<'corrected-location-address'>;
      return { ok: true, declaration: { ...d, timePlace: { ...d.timePlace, locationAddress: address } } };
    }
    case 'witnesses': {
      const { witnesses } = payload as WritePayload<'witnesses'>;
      return { ok: true, declaration: withParty(d, party, (p) => ({ ...p, witnesses })) };
    }
    case 'add-foto': {
      const { id, set, filename } = payload as WritePayload<'add-foto'>;
      const existing = d.parties[party].photos.find((p) => p.id === id);
      if (existing) {
        // Same id again: an update of the metadata, not a new photo (declaration-flow §4).
        return {
          ok: true,
          declaration: withParty(d, party, (p) => ({
            ...p,
            photos: p.photos.map((ph) => (ph.id === id ? { ...ph, set, filename } : ph)),
          })),
        };
      }
      const section = PHOTO_SECTIONS[set];
      if (!section) return fail('DATA_ERROR');
      const full = addPhotoError(section, photosInSection(d, party, section));
      if (full) return fail(full);
      return {
        ok: true,
        declaration: withParty(d, party, (p) => ({ ...p, photos: [...p.photos, { id, set, filename, addedAt: ctx.now }] })),
      };
    }
    case 'remove-foto': {
      const { id } = payload as WritePayload<'remove-foto'>;
      if (!d.parties[party].photos.some((p) => p.id === id)) return fail('PHOTO_NOT_FOUND');
      return { ok: true, declaration: withParty(d, party, (p) => ({ ...p, photos: p.photos.filter((ph) => ph.id !== id) })) };
    }
    case 'set-impact-image': {
      const { imageId } = payload as WritePayload<'set-impact-image'>;
      return { ok: true, declaration: withParty(d, party, (p) => ({ ...p, damages: { ...p.damages, imageId } })) };
    }
    case 'set-impact-meta': {
      const { impactMeta } = payload as WritePayload<'set-impact-meta'>;
      return { ok: true, declaration: withParty(d, party, (p) => ({ ...p, damages: { ...p.damages, impactMeta } })) };
    }
    case 'set-impact-text': {
      const { text: damagesText } = payload as WritePayload<'set-impact-text'>;
      return { ok: true, declaration: withParty(d, party, (p) => ({ ...p, damages: { ...p.damages, text: damagesText } })) };
    }
    case 'eid-comment': {
      const { text: comment } = payload as WritePayload<'eid-comment'>;
      return { ok: true, declaration: withParty(d, party, (p) => ({ ...p, comment })) };
    }
    case 'conditions': {
      const { conditions } = payload as WritePayload<'conditions'>;
      const unique = [...new Set(conditions)];
      // Every ticked circumstance must be compatible with the others (declaration-flow §5).
      for (const [i, key] of unique.entries()) {
        if (!canSelect(unique.slice(0, i), key)) return fail('CONDITIONS_INCOMPATIBLE');
      }
      return { ok: true, declaration: withParty(d, party, (p) => ({ ...p, conditions: unique })) };
    }
    case 'scheme': {
      const { imageId, objects, isPhoto } = payload as WritePayload<'scheme'>;
      if (!isPhoto && (objects === null || objects.trim() === '' || objects.trim() === '[]')) return fail('SCHEME_EMPTY');
      return { ok: true, declaration: { ...d, scheme: { imageId, objects: isPhoto ? null : objects, isPhoto } } };
    }
    case 'set-vehicle-data': {
      const { vehicle } = payload as WritePayload<'set-vehicle-data'>;
      const defined = Object.fromEntries(Object.entries(vehicle).filter(([, value]) => value !== undefined));
      return { ok: true, declaration: withParty(d, party, (p) => ({ ...p, vehicle: { ...p.vehicle, ...defined } })) };
    }
    case 'add-audio': {
      const { id, type } = payload as WritePayload<'add-audio'>;
      // One note per type and party: a new recording replaces the old one.
      return {
        ok: true,
        declaration: withParty(d, party, (p) => ({
          ...p,
          audio: [...p.audio.filter((a) => a.type !== type), { id, type, addedAt: ctx.now }],
        })),
      };
    }
    case 'remove-audio': {
      const { id } = payload as WritePayload<'remove-audio'>;
      if (!d.parties[party].audio.some((a) => a.id === id)) return fail('AUDIO_NOT_FOUND');
      return { ok: true, declaration: withParty(d, party, (p) => ({ ...p, audio: p.audio.filter((a) => a.id !== id) })) };
    }
    case 'guilty': {
      const op = payload as WritePayload<'guilty'>;
      const guilt = applyGuilt(d.guilt, party, op.op === 'SET' ? { op: 'SET', choice: op.choice } : { op: 'RESET' });
      return { ok: true, declaration: { ...d, guilt } };
    }
    case 'signature': {
      const { imageId, ...measures } = payload as WritePayload<'signature'>;
      // Judged here from what was drawn, never from the device's own verdict.
      if (!isSignatureDecent(measures)) return fail('SIGNATURE_TOO_ABSTRACT');
      return {
        ok: true,
        declaration: withParty(d, party, (p) => ({
          ...p,
          signature: { imageId, dataPoints: measures.dataPoints, decent: true, signedAt: ctx.now },
        })),
      };
    }
    case 'responsible-insurer': {
      const { insurer } = payload as WritePayload<'responsible-insurer'>;
      // Chosen once and never changed (declaration-flow §4).
      if (d.parties[party].responsibleInsurer.drkId !== -1) return fail('INSURER_ALREADY_CHOSEN');
      if (insurer.drkId === -1) return fail('DATA_ERROR');
      return { ok: true, declaration: withParty(d, party, (p) => ({ ...p, responsibleInsurer: insurer })) };
    }
    case 'progress': {
      const { progress, step } = payload as WritePayload<'progress'>;
      return { ok: true, declaration: withParty(d, party, (p) => ({ ...p, progress, activeStep: step ?? p.activeStep })) };
    }
    case 'fill-lang': {
      const { lang } = payload as WritePayload<'fill-lang'>;
      return { ok: true, declaration: withParty(d, party, (p) => ({ ...p, fillLang: lang })) };
    }
  }
}

/** Instructions that write the declaration-wide part rather than one party's. */
const SHARED_WRITES: ReadonlySet<WriteInstruction> = new Set([
  'corrected-time',
  'corrected-location',
  'corrected-location-address',
  'scheme',
]);

/**
 * Validates and applies one write instruction for an actor. A finished declaration is immutable;
 * a party's data is written only by a connection allowed to fill it; a shared field by any party.
 * On success the version grows by one and the last activity becomes `now`.
 */
export function applyInstruction(
  declaration: Declaration,
  name: string,
  rawPayload: unknown,
  ctx: EditContext,
): EditOutcome {
  if (!isWriteInstruction(name)) return { ok: false, code: 'UNKNOWN_INSTRUCTION' };
  if (declaration.status === 'FINISHED') return { ok: false, code: 'DECLARATION_FINISHED' };
  if (declaration.submitState !== 'READY' && declaration.submitState !== 'ERROR') {
    return { ok: false, code: 'DECLARATION_FINISHED' };
  }
  const parsed = v.safeParse(WRITE_PAYLOADS[name], rawPayload);
  if (!parsed.success) return { ok: false, code: 'DATA_ERROR' };
  const payload = parsed.output as { party?: Party };
  const party = payload.party ?? ctx.actor.party;
  if (!SHARED_WRITES.has(name) && !ctx.actor.allow[party]) return { ok: false, code: 'NOT_ALLOWED' };
  if (declaration.parties[party].submit === 'SUBMITTED' && !SHARED_WRITES.has(name)) {
    // A submitted party's data is frozen until the declaration is finished or the submit fails.
    return { ok: false, code: 'ALREADY_SUBMITTED' };
  }
  const step = apply(declaration, name, payload, ctx, party);
  if (!step.ok) return step;
  return {
    ok: true,
    declaration: { ...step.declaration, version: declaration.version + 1, updatedAt: ctx.now },
    changed: CHANGED_KIND_OF[name],
  };
}
