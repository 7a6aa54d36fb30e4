/**
 * The declaration's entities (declaration-flow §3) as valibot schemas, so that the browser and the
 * server agree on their exact shape and the server can re-validate every payload. Every string and
 * list is bounded: a payload is untrusted input, and the bounds are what keeps one driver from
 * filling the server's disk.
 *
 * These are the *stored* shapes. Field rules that depend on the step (a required surname, a
 * matching birth date ...) are checked by the preview validation (`preview.ts`), not here: a driver
 * must be able to save a half-typed form and come back to it.
 */
import * as v from 'valibot';
import { object } from '../rules/schema.js';
import { CIRCUMSTANCE_KEYS } from '../rules/circumstances.js';
import {
  EID_MODES,
  INSURER_ID_DEFAULT,
  LOCALES,
  PARTIES,
  PLATE_MAX_LENGTH,
} from '../rules/constants.js';
import { INFORM_METHODS } from '../rules/inform-methods.js';
import { VEHICLE_TYPE_LETTERS } from '../rules/vehicle-types.js';
import { vinError } from '../rules/plates.js';
import { isCalendarDate } from '../rules/dates.js';
import type { LocationError, Position } from './position.js';

/** Bounds of stored texts (not in the spec; chosen generously for real data). */
export const TEXT_LIMITS = {
  short: 100,
  name: 80,
  email: 254,
  phone: 32,
  address: 300,
  comment: 2000,
  damages: 2000,
  id: 64,
  witnesses: 10,
  schemeObjects: 200_000,
} as const;

/** The address registry's object ids are positive integers (9 to 10 digits today); more is no real id. */
export const AOB_MAX = 1e12;
/** The insurers' registry ids; far past any real one. */
export const INSURER_ID_MAX = 1_000_000;

const str = (max: number) => v.pipe(v.string(), v.maxLength(max));
const nullableStr = (max: number) => v.nullable(str(max));
const finite = v.pipe(v.number(), v.finite());

export const PartySchema = v.picklist(PARTIES);
export const EidModeSchema = v.picklist(EID_MODES);
export const LocaleSchema = v.picklist(LOCALES);
export const CircumstanceKeySchema = v.picklist(CIRCUMSTANCE_KEYS);

/** An id of a stored binary (photo, audio, image): URL-safe characters only. */
export const BlobIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/));

// Where the accident is: coordinates, and why there are none (declaration/position.ts).
export * from './position.js';

/** An address picked from the suggestions (value, registry object id, apartment). */
export const PickedAddressSchema = object({
  value: str(TEXT_LIMITS.address),
  aob: v.nullable(v.union([str(TEXT_LIMITS.id), v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(AOB_MAX))])),
  pat: nullableStr(TEXT_LIMITS.short),
  needPat: v.boolean(),
});
export type PickedAddress = v.InferOutput<typeof PickedAddressSchema>;

/** Plate pair member (declaration-flow §3 "Plate pair"): what a driver enters at step 4. */
export const PlatesSchema = v.pipe(
  object({
    country: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
    plate: v.pipe(v.string(), v.maxLength(PLATE_MAX_LENGTH), v.regex(/^[A-Z0-9]*$/)),
    vin: str(TEXT_LIMITS.short),
    trailerPlate: v.pipe(v.string(), v.maxLength(PLATE_MAX_LENGTH), v.regex(/^[A-Z0-9]*$/)),
    hasTrailer: v.boolean(),
    noPlate: v.boolean(),
  }),
  // A vehicle without a plate is known by its VIN; an empty one is left to the connect's NO_PLATE.
  v.check((p) => !p.noPlate || p.vin.trim() === '' || vinError(p.vin) === null, 'TOO_SHORT'),
);
export type Plates = v.InferOutput<typeof PlatesSchema>;

/** Result of the registry check of a plate (declaration-flow §4). */
export const PLATE_CHECK_RESULTS = ['OK', 'MORE_INFO', 'REJECT', 'ERROR'] as const;
export type PlateCheckResult = (typeof PLATE_CHECK_RESULTS)[number];

/** Where the vehicle points were hit and from which direction (declaration-flow §3 impactMeta). */
export const ImpactMetaSchema = object({
  /** Hit zones on the vehicle outline, ids chosen by the drawing (front-left, rear ...). */
  points: v.pipe(v.array(str(40)), v.maxLength(32)),
  /** Direction the impact came from, degrees clockwise from the vehicle's front. */
  direction: v.nullable(v.pipe(finite, v.minValue(0), v.maxValue(360))),
});
export type ImpactMeta = v.InferOutput<typeof ImpactMetaSchema>;

/** The fields of a vehicle a driver may edit (the registry fills the rest). */
export const VehicleEditableSchema = object({
  vin: str(TEXT_LIMITS.short),
  vi: str(TEXT_LIMITS.short),
  make: str(TEXT_LIMITS.short),
  model: str(TEXT_LIMITS.short),
  typeSelected: v.nullable(v.picklist(VEHICLE_TYPE_LETTERS)),
  insurerIdSelected: v.pipe(v.number(), v.integer(), v.minValue(INSURER_ID_DEFAULT), v.maxValue(INSURER_ID_MAX)),
  insurerNameEntered: str(TEXT_LIMITS.short),
  policyNo: str(TEXT_LIMITS.short),
  country: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
});
export type VehicleEditable = v.InferOutput<typeof VehicleEditableSchema>;

/** Vehicle A or B (declaration-flow §3). Damages live in `DamagesSchema`. */
export const VehicleSchema = object({
  ...VehicleEditableSchema.entries,
  result: v.nullable(v.picklist(PLATE_CHECK_RESULTS)),
  plate: v.pipe(v.string(), v.maxLength(PLATE_MAX_LENGTH)),
  noPlate: v.boolean(),
  type: v.nullable(v.picklist(VEHICLE_TYPE_LETTERS)),
  hasTrailer: v.boolean(),
  insurerId: v.pipe(v.number(), v.integer(), v.minValue(INSURER_ID_DEFAULT), v.maxValue(INSURER_ID_MAX)),
  insurerIdAlt: v.pipe(v.number(), v.integer(), v.minValue(INSURER_ID_DEFAULT), v.maxValue(INSURER_ID_MAX)),
  insurerName: str(TEXT_LIMITS.short),
  insurerKey: str(TEXT_LIMITS.short),
});
export type Vehicle = v.InferOutput<typeof VehicleSchema>;

/** Trailer (declaration-flow §3). */
export const TrailerSchema = object({
  result: v.nullable(v.picklist(PLATE_CHECK_RESULTS)),
  plate: v.pipe(v.string(), v.maxLength(PLATE_MAX_LENGTH)),
  vin: str(TEXT_LIMITS.short),
  type: v.nullable(v.picklist(VEHICLE_TYPE_LETTERS)),
  make: str(TEXT_LIMITS.short),
  model: str(TEXT_LIMITS.short),
  insurerId: v.pipe(v.number(), v.integer(), v.minValue(INSURER_ID_DEFAULT), v.maxValue(INSURER_ID_MAX)),
  insurerName: str(TEXT_LIMITS.short),
  policyNo: str(TEXT_LIMITS.short),
});
export type Trailer = v.InferOutput<typeof TrailerSchema>;

/** The damages of one vehicle: text, a marked image, the impact, an audio note (declaration-flow §3). */
export const DamagesSchema = object({
  text: str(TEXT_LIMITS.damages),
  imageId: v.nullable(BlobIdSchema),
  impactMeta: ImpactMetaSchema,
});
export type Damages = v.InferOutput<typeof DamagesSchema>;

/** Driver (declaration-flow §3): personal data, contact and the inform method. */
export const DriverSchema = object({
  surname: str(TEXT_LIMITS.name),
  name: str(TEXT_LIMITS.name),
  /** Birth date YYYY-MM-DD, or empty. */
  dob: v.pipe(v.string(), v.regex(/^(\d{4}-\d{2}-\d{2})?$/)),
  country: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
  address: v.nullable(PickedAddressSchema),
  tel: str(TEXT_LIMITS.phone),
  telConfirmed: v.boolean(),
  email: str(TEXT_LIMITS.email),
  emailConfirmed: v.boolean(),
  informMethod: v.nullable(v.picklist(INFORM_METHODS)),
  /** Personal code (11 digits) or driver's licence number (8 characters). */
  code: str(20),
});
export type Driver = v.InferOutput<typeof DriverSchema>;

/** The driver fields a client may write (the server owns the confirmation flags). */
export const DriverEditableSchema = v.omit(DriverSchema, ['telConfirmed', 'emailConfirmed']);
export type DriverEditable = v.InferOutput<typeof DriverEditableSchema>;

/** Witness (declaration-flow §3); witnesses exist per party. */
export const WitnessSchema = object({
  name: str(TEXT_LIMITS.name),
  surname: str(TEXT_LIMITS.name),
  phone: str(TEXT_LIMITS.phone),
});
export type Witness = v.InferOutput<typeof WitnessSchema>;
export const WitnessesSchema = v.pipe(v.array(WitnessSchema), v.maxLength(TEXT_LIMITS.witnesses));

/** Consents given at step 3, by the version of each text the driver accepted. */
export const DisclaimersSchema = object({
  user: nullableStr(TEXT_LIMITS.id),
  rules: nullableStr(TEXT_LIMITS.id),
  policy: nullableStr(TEXT_LIMITS.id),
});
export type Disclaimers = v.InferOutput<typeof DisclaimersSchema>;

/** A photo's metadata; the bytes are stored by id (declaration-flow §3 Image, Photo). */
export const PhotoMetaSchema = object({
  id: BlobIdSchema,
  /** Photo section (set) number: 0 overview (shared with the other party), 1 plates, 2 damages, 3 extra. */
  set: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3)),
  filename: str(TEXT_LIMITS.short),
  addedAt: v.pipe(v.number(), v.integer()),
});
export type PhotoMeta = v.InferOutput<typeof PhotoMetaSchema>;

export const AUDIO_TYPES = ['DAMAGES', 'CONDITIONS'] as const;
export type AudioType = (typeof AUDIO_TYPES)[number];

/** An audio note's metadata (declaration-flow §3 Audio). */
export const AudioMetaSchema = object({
  id: BlobIdSchema,
  type: v.picklist(AUDIO_TYPES),
  addedAt: v.pipe(v.number(), v.integer()),
});
export type AudioMeta = v.InferOutput<typeof AudioMetaSchema>;

/** A saved signature: the image by id plus what the "too abstract" check needs. */
export const SignatureMetaSchema = object({
  imageId: BlobIdSchema,
  /** Number of points drawn. */
  dataPoints: v.pipe(v.number(), v.integer(), v.minValue(0)),
  decent: v.boolean(),
  signedAt: v.pipe(v.number(), v.integer()),
});
export type SignatureMeta = v.InferOutput<typeof SignatureMetaSchema>;

/** declaration-flow §3 "Special insurance values": insured abroad (other) and not insured. */
export const INSURANCE_SPECIALS = ['OTHER', 'NOT_INSURED'] as const;
export type InsuranceSpecial = (typeof INSURANCE_SPECIALS)[number];

/**
 * The extra information of a vehicle insured abroad (declaration-flow §3 "Extra-info map ... for
 * non-Lithuanian third parties"): what its green card (or foreign policy) says.
 */
export const GreenCardSchema = object({
  /** Where the insurer is established (ISO 3166-1 alpha-2), never Lithuania. */
  country: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/), v.check((c) => c !== 'LT')),
  /** One line as printed on the card: no line breaks or other control characters. */
  insurerName: v.pipe(v.string(), v.regex(/^\P{Cc}*$/u), v.trim(), v.minLength(1), v.maxLength(TEXT_LIMITS.short)),
  /** The green card's or the policy's number. */
  number: v.pipe(v.string(), v.regex(/^\P{Cc}*$/u), v.trim(), v.minLength(1), v.maxLength(TEXT_LIMITS.short)),
  /** The last day of cover, YYYY-MM-DD. */
  validUntil: v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/), v.check(isCalendarDate)),
});
export type GreenCard = v.InferOutput<typeof GreenCardSchema>;

/**
 * Responsible insurer of a party (declaration-flow §3): drkId -1 when unset. A vehicle insured
 * abroad (`special` OTHER) has no registry id: its name is the green card's insurer and
 * `greenCard` what the card says; a vehicle without insurance is `special` NOT_INSURED. Both are
 * absent for a registry insurer, and in declarations saved before they existed.
 */
export const ResponsibleInsurerSchema = object({
  drkId: v.pipe(v.number(), v.integer(), v.minValue(INSURER_ID_DEFAULT), v.maxValue(INSURER_ID_MAX)),
  name: str(TEXT_LIMITS.short),
  www: str(TEXT_LIMITS.address),
  damageWww: str(TEXT_LIMITS.address),
  special: v.optional(v.picklist(INSURANCE_SPECIALS)),
  greenCard: v.optional(GreenCardSchema),
});
export type ResponsibleInsurer = v.InferOutput<typeof ResponsibleInsurerSchema>;

export const USER_PROGRESS = ['FILLING', 'LAST_STEP', 'DONE'] as const;
export type UserProgress = (typeof USER_PROGRESS)[number];

/** A party's own submit state (declaration-flow §4 eidSubmitState, per party). */
export const PARTY_SUBMIT_STATES = ['NONE', 'SUBMITTED'] as const;
export type PartySubmitState = (typeof PARTY_SUBMIT_STATES)[number];

/** The declaration-wide submit state (declaration-flow §4). */
export const SUBMIT_STATES = ['READY', 'SUBMITTING', 'WAITING', 'SUCCESS', 'FAIL', 'ERROR'] as const;
export type SubmitState = (typeof SUBMIT_STATES)[number];

export const GUILTY_CHOICES = ['A', 'B', 'BOTH'] as const;
export type GuiltyChoice = (typeof GUILTY_CHOICES)[number];

export const GUILT_STATUSES = ['WAITING', 'CONFLICT', 'RESOLVED'] as const;
export type GuiltStatus = (typeof GUILT_STATUSES)[number];

/** Guilt state (declaration-flow §3): each driver's choice and the agreed result. */
export interface GuiltState {
  readonly status: GuiltStatus;
  readonly achoice: GuiltyChoice | null;
  readonly bchoice: GuiltyChoice | null;
  /** The agreed guilty party once both chose the same. */
  readonly resolved: GuiltyChoice | null;
}

/** Everything one party fills in. */
export interface PartyData {
  readonly plates: Plates;
  readonly vehicle: Vehicle;
  readonly trailer: Trailer | null;
  readonly driver: Driver;
  readonly witnesses: readonly Witness[];
  readonly damages: Damages;
  readonly conditions: readonly (typeof CIRCUMSTANCE_KEYS)[number][];
  readonly comment: string;
  readonly photos: readonly PhotoMeta[];
  readonly audio: readonly AudioMeta[];
  readonly signature: SignatureMeta | null;
  readonly disclaimers: Disclaimers;
  readonly responsibleInsurer: ResponsibleInsurer;
  readonly progress: UserProgress;
  /** The wizard step the driver is on (1 to 14), so the other driver sees where they are. */
  readonly activeStep: number;
  readonly submit: PartySubmitState;
  /** The interface language the party filled in (aFillLang / bFillLang). */
  readonly fillLang: (typeof LOCALES)[number];
}

/** The scheme (declaration-flow §3): the exported image and the editor's objects. */
export interface SchemeData {
  readonly imageId: string | null;
  /** The drawing editor's objects (schemeObjects), opaque JSON; null when a photo was uploaded. */
  readonly objects: string | null;
  /** True when the scheme is an uploaded photo of a drawing rather than the editor's. */
  readonly isPhoto: boolean;
}

/** Time and place (declaration-flow §3). Times are epoch milliseconds. */
export interface TimePlace {
  readonly originalTime: number | null;
  readonly correctedTime: number | null;
  /** Hours the time may be rolled back (from the server's configuration). */
  readonly maxTimeAdjust: number;
  readonly originalLocation: Position | null;
  /** Why there is no original location (absent in declarations made before it was kept). */
  readonly locationError?: LocationError | null;
  readonly correctedLocation: Position | null;
  readonly locationAddress: PickedAddress | null;
}

export const DECLARATION_STATUSES = ['OPEN', 'FINISHED'] as const;
export type DeclarationStatus = (typeof DECLARATION_STATUSES)[number];

/** An item of the invalid description of a failed submit (declaration-flow §3). */
export interface InvalidDesc {
  readonly key: string;
  readonly user: 'A' | 'B' | 'AB';
  readonly desc: string;
}

/**
 * The declaration: the shared, durable object both devices edit. `version` counts acknowledged
 * edits; a stored declaration is exactly the blank one with its acknowledged edits applied.
 */
/**
 * A device asking to take a seat by plates (JN1): it waits until a device of the other party
 * confirms that the short code on both screens is the same ("this is the driver next to me").
 */
export interface JoinRequest {
  /** The seat asked for. */
  readonly party: (typeof PARTIES)[number];
  /** The short code both screens show (JOIN_CODE_LENGTH digits). */
  readonly code: string;
  /** The asking driver's plate (or VIN), as the confirming screen names them. */
  readonly plate: string;
  readonly requestedAt: number;
  /**
   * The confirming driver's answer, when the asking device waits on another server node: that
   * node admits or refuses it (and closes the request). Never shown to a device.
   */
  readonly answer?: 'accept' | 'refuse';
  /**
   * Where the request came from, as a hash of the declaration and the asking address (JN8: how
   * many requests one source may hold open). Never shown to a device.
   */
  readonly source?: string;
}

export interface Declaration {
  readonly id: string;
  readonly mode: (typeof EID_MODES)[number];
  readonly status: DeclarationStatus;
  readonly version: number;
  readonly createdAt: number;
  /** Last activity (an acknowledged edit or a heartbeat): the 30-minute lifetime counts from here. */
  readonly updatedAt: number;
  /** Two devices (true) or one device filling for both (false). */
  readonly twoUserMode: boolean;
  readonly timePlace: TimePlace;
  readonly scheme: SchemeData;
  readonly guilt: GuiltState;
  readonly submitState: SubmitState;
  readonly invalidDesc: readonly InvalidDesc[];
  /** Each driver's own view link (app-shell §2), once the declaration was sent. */
  readonly viewUrls: Readonly<Record<(typeof PARTIES)[number], string | null>>;
  readonly parties: Readonly<Record<(typeof PARTIES)[number], PartyData>>;
  /**
   * The devices waiting to take a seat, until the other party confirms one (JN1, JN3): in the
   * order they asked; a newer request never replaces a waiting one.
   */
  readonly joinRequests: readonly JoinRequest[];
}
