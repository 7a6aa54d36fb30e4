/**
 * The edits of declaration-flow §7: the write instructions that change one field group of the
 * declaration, each with the schema of its payload, the kind of change pushed to the other party
 * (§3 changed-data kinds) and whether it writes the declaration-wide part (any party may) rather
 * than one party's. Schemas only: the protocol's contract (protocol/instructions.ts) and the device
 * import this without the rules that apply the edits (instructions.ts).
 */
import * as v from 'valibot';
import { STEP_COUNT } from '../rules/constants.js';
import { SignatureMeasuresSchema } from '../rules/signature.js';
import { PHOTO_SECTIONS } from '../rules/photos.js';
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
  TEXT_LIMITS,
  USER_PROGRESS,
  VehicleEditableSchema,
  WitnessesSchema,
  INSURER_ID_MAX,
} from './entities.js';
import { object } from '../rules/schema.js';

/** declaration-flow §3: the kinds of changed data pushed to the other party. */
export const CHANGED_KINDS = ['PHOTO', 'DAMAGE', 'SCHEME', 'DATA', 'SIGNATURE', 'VEHICLE', 'AUDIO', 'INSURER'] as const;
export type ChangedKind = (typeof CHANGED_KINDS)[number];

const target = { party: v.optional(PartySchema) };
const text = (max: number) => v.pipe(v.string(), v.maxLength(max));

type DriverField = keyof typeof DriverEditableSchema.entries;
type DriverFieldPayload = {
  [K in DriverField]: v.ObjectSchema<{ party: v.OptionalSchema<typeof PartySchema, undefined>; name: v.LiteralSchema<K, undefined>; value: (typeof DriverEditableSchema.entries)[K] }, undefined>;
}[DriverField];

function driverFieldPayloads(): DriverFieldPayload[] {
  return (Object.keys(DriverEditableSchema.entries) as DriverField[]).map(
    (name) => object({ ...target, name: v.literal(name), value: DriverEditableSchema.entries[name] }) as DriverFieldPayload,
  );
}

/** Payload schemas of the write instructions, by instruction name. */
export const WRITE_PAYLOADS = {
  'set-driver-data': object({ ...target, driver: DriverEditableSchema }),
  'set-driver-email': object({ ...target, email: text(TEXT_LIMITS.email) }),
  /** One driver field, its value of that field's shape (a variant by the field's name). */
  'set-partial-driver-data': v.variant('name', driverFieldPayloads()),
  'submit-disclaimers': object({ ...target, disclaimers: DisclaimersSchema }),
  'corrected-time': object({
    time: v.pipe(v.string(), v.regex(/^\d{1,15}$/)),
  }),
  'corrected-location': object({ location: PositionSchema }),
  'corrected-location-address': object({
    address: v.nullable(PickedAddressSchema),
  }),
  witnesses: object({ ...target, witnesses: WitnessesSchema }),
  'add-foto': object({
    ...target,
    id: BlobIdSchema,
    set: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(PHOTO_SECTIONS.length - 1)),
    filename: text(TEXT_LIMITS.short),
  }),
  'remove-foto': object({ ...target, id: BlobIdSchema }),
  'set-impact-image': object({
    ...target,
    imageId: v.nullable(BlobIdSchema),
  }),
  'set-impact-meta': object({ ...target, impactMeta: ImpactMetaSchema }),
  'set-impact-text': object({ ...target, text: text(TEXT_LIMITS.damages) }),
  'eid-comment': object({ ...target, text: text(TEXT_LIMITS.comment) }),
  conditions: object({
    ...target,
    conditions: v.pipe(v.array(CircumstanceKeySchema), v.maxLength(19)),
  }),
  scheme: object({
    imageId: BlobIdSchema,
    objects: v.nullable(text(TEXT_LIMITS.schemeObjects)),
    isPhoto: v.boolean(),
  }),
  'set-vehicle-data': object({
    ...target,
    vehicle: v.partial(VehicleEditableSchema),
  }),
  'add-audio': object({
    ...target,
    id: BlobIdSchema,
    type: v.picklist(AUDIO_TYPES),
  }),
  'remove-audio': object({ ...target, id: BlobIdSchema }),
  guilty: v.variant('op', [
    object({
      ...target,
      op: v.literal('SET'),
      choice: v.picklist(GUILTY_CHOICES),
    }),
    object({ ...target, op: v.literal('RESET') }),
  ]),
  signature: object({
    ...target,
    imageId: BlobIdSchema,
    ...SignatureMeasuresSchema.entries,
  }),
  /** The insurer is named by its registry id only: its name and links come from the registry (IN1). */
  'responsible-insurer': object({
    ...target,
    drkId: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(INSURER_ID_MAX)),
  }),
  progress: object({
    ...target,
    progress: v.picklist(USER_PROGRESS),
    /** The wizard step the driver is on, for the other driver's view of their progress. */
    step: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(STEP_COUNT))),
  }),
  'fill-lang': object({ ...target, lang: LocaleSchema }),
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

/** Instructions that write the declaration-wide part rather than one party's. */
export const SHARED_WRITES: ReadonlySet<WriteInstruction> = new Set(['corrected-time', 'corrected-location', 'corrected-location-address', 'scheme']);
