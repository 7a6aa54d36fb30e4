/**
 * Issue 36 item 1: a finished declaration as an insurer receives it — data, not only the PDF. Every
 * box of the European accident statement the service asks for, with its own additions (the
 * position and its accuracy, photos by section, voice notes, the sketch, both signatures, the
 * responsible insurers, a vehicle insured abroad or not at all), binaries as links the insurer
 * fetches with its token. The valibot schema here is the one source: the server publishes it as a
 * JSON Schema (`@valibot/to-json-schema`) at a stable address, and validates what it sends with it.
 *
 * Versioning: INSURER_DATA_VERSION is semantic. A receiver's parser keeps working across minor
 * versions: they only add fields (objects are loose: unknown fields are to be ignored). A change
 * that makes a document valid now invalid for the published schema — a field removed or no longer
 * required, a type or a pattern changed, an enumeration grown — is a new major version with its
 * own address (apps/server/src/insurers/schema-compat.ts, checked against the published copy).
 */
import * as v from 'valibot';
import { CircumstanceKeySchema, GreenCardSchema, ImpactMetaSchema, WitnessSchema, AUDIO_TYPES, GUILTY_CHOICES, type Declaration, type PartyData } from '../declaration/entities.js';
import { INSURANCE_KINDS } from '../declaration/insurance.js';
import { documentModel, type DocumentParty } from '../output/document.js';
import { PARTIES } from '../rules/constants.js';
import { VEHICLE_TYPE_LETTERS } from '../rules/vehicle-types.js';

/** The data model's version (semantic); its major is in the schema's address. */
// 2.0.0 (issue 37): `language` became any ISO 639 code (seven languages now, more later without a
// new major); 1.0.0 allowed lt and en only. v1 was retired before any insurer was connected:
// docs/decisions/insurers.md.
export const INSURER_DATA_VERSION = '2.0.0';
export const INSURER_DATA_MAJOR = 2;

const text = v.string();
const isoTime = v.pipe(v.string(), v.isoTimestamp(), v.description('An instant, ISO 8601 in UTC.'));
const date = v.pipe(v.string(), v.regex(/^(\d{4}-\d{2}-\d{2})?$/), v.description('A date YYYY-MM-DD, or empty when not given.'));
const country = v.pipe(v.string(), v.regex(/^[A-Z]{2}$/), v.description('ISO 3166-1 alpha-2.'));

/** A stored file of the declaration: fetched at `href` with the insurer's token. */
const FileLinkSchema = v.pipe(
  v.looseObject({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/)), href: v.pipe(v.string(), v.url()) }),
  v.description('A file of the declaration (photo, drawing, signature, voice note): GET href with the insurer\'s access token.'),
);

const PositionDataSchema = v.looseObject({
  latitude: v.number(),
  longitude: v.number(),
  accuracyM: v.pipe(v.nullable(v.number()), v.description('Radius in metres the phone reported, or null.')),
});

const PartyDataSchema = v.looseObject({
  language: v.pipe(
    v.string(),
    v.regex(/^[a-z]{2,3}$/),
    v.description('The language this driver filled the declaration in: an ISO 639 code (lt, en, pl, lv, uk, ru, de today; new languages may appear within this major version).'),
  ),
  vehicle: v.pipe(
    v.looseObject({
      plate: v.pipe(text, v.description('The registration plate, or the VIN of a vehicle without a plate.')),
      noPlate: v.boolean(),
      vin: text,
      country,
      make: text,
      model: text,
      type: v.nullable(v.picklist(VEHICLE_TYPE_LETTERS)),
    }),
    v.description('Box 7: the motor vehicle.'),
  ),
  trailer: v.pipe(v.nullable(v.looseObject({ plate: text, vin: text, make: text, model: text, insurerName: text, policyNo: text })), v.description('Box 7: the trailer, if any.')),
  insurance: v.pipe(
    v.looseObject({
      insurerName: text,
      policyNo: text,
      kind: v.pipe(v.picklist(INSURANCE_KINDS), v.description('Insured by an insurer of the Lithuanian registry, abroad (green card), not at all, or not said.')),
      greenCard: v.nullable(GreenCardSchema),
      responsible: v.pipe(
        v.looseObject({ registryId: v.nullable(v.number()), name: text }),
        v.description('The insurer responsible for this vehicle\'s claim (the registry\'s id, or null abroad or uninsured).'),
      ),
    }),
    v.description('Box 8: the insurance.'),
  ),
  driver: v.pipe(
    v.looseObject({
      name: text,
      surname: text,
      dateOfBirth: date,
      code: v.pipe(text, v.description('The personal code or the driving licence number.')),
      country,
      address: text,
      phone: text,
      email: text,
    }),
    v.description('Box 9: the driver (box 6, the policyholder, is not asked separately).'),
  ),
  impact: v.pipe(ImpactMetaSchema, v.description('Box 10: the points of initial impact and the direction it came from (degrees from the front).')),
  damage: v.pipe(
    v.looseObject({ text, drawing: v.nullable(FileLinkSchema) }),
    v.description('Box 11: the visible damage, in words and as marked on the vehicle.'),
  ),
  circumstances: v.pipe(v.array(CircumstanceKeySchema), v.description('Box 12: the circumstances this driver ticked, by their number.')),
  circumstanceCount: v.number(),
  remarks: v.pipe(text, v.description('Box 14: the driver\'s remarks.')),
  witnesses: v.pipe(v.array(WitnessSchema), v.description('Box 5: the witnesses this driver named.')),
  signature: v.pipe(v.nullable(v.looseObject({ image: FileLinkSchema, signedAt: isoTime })), v.description('Box 15: the driver\'s signature.')),
  photos: v.pipe(
    v.looseObject({ scene: v.array(FileLinkSchema), plate: v.array(FileLinkSchema), damage: v.array(FileLinkSchema), other: v.array(FileLinkSchema) }),
    v.description('The photos this driver took, by section (each carries its legend).'),
  ),
  voiceNotes: v.array(v.looseObject({ about: v.picklist(AUDIO_TYPES), file: FileLinkSchema })),
});

export const InsurerDeclarationSchema = v.pipe(
  v.looseObject({
    version: v.pipe(v.string(), v.regex(/^2\.\d+\.\d+$/), v.description('The data model\'s version (semantic).')),
    id: v.pipe(text, v.description('The declaration\'s id: the same in the webhook, the pull API and the PDF.')),
    accidentId: v.pipe(text, v.description('The accident id printed on the PDF.')),
    completedAt: v.pipe(isoTime, v.description('When both drivers had submitted.')),
    accident: v.looseObject({
      time: v.pipe(isoTime, v.description('Box 1: the accident\'s date and time.')),
      timeCorrected: v.pipe(v.boolean(), v.description('The drivers changed the time the phone first took.')),
      place: v.pipe(
        v.looseObject({
          address: v.nullable(text),
          position: v.nullable(PositionDataSchema),
          phonePosition: v.pipe(v.nullable(PositionDataSchema), v.description('Where the first phone was when the declaration began (GPS).')),
        }),
        v.description('Box 2: the place.'),
      ),
      sketch: v.pipe(v.nullable(v.looseObject({ image: FileLinkSchema, photoOfDrawing: v.boolean() })), v.description('Box 13: the sketch of the accident.')),
      agreedAtFault: v.pipe(v.nullable(v.picklist(GUILTY_CHOICES)), v.description('Who the drivers agreed caused the accident.')),
    }),
    vehicles: v.looseObject({ A: PartyDataSchema, B: PartyDataSchema }),
  }),
  v.title('EID declaration for insurers'),
  v.description('A finished electronic road-accident declaration as the bureau gives it to the responsible insurers.'),
);
export type InsurerDeclaration = v.InferOutput<typeof InsurerDeclarationSchema>;

export interface InsurerDataContext {
  readonly accidentId: string;
  readonly completedAt: number;
  /** The address an insurer fetches a stored file of this declaration at. */
  readonly fileHref: (id: string) => string;
}

const iso = (ms: number) => new Date(ms).toISOString();
const PHOTO_SECTIONS_BY_SET = ['scene', 'plate', 'damage', 'other'] as const;

/**
 * One vehicle's boxes: what the PDF prints (`documentModel`: the plate or VIN, the insurer, the
 * contact, the address read the same way), with the files as links and the times as instants.
 */
function partyData(d: Declaration, doc: DocumentParty, link: (id: string) => { id: string; href: string }) {
  const p: PartyData = d.parties[doc.party];
  const ri = p.responsibleInsurer;
  const photos = { scene: [], plate: [], damage: [], other: [] } as Record<(typeof PHOTO_SECTIONS_BY_SET)[number], Array<{ id: string; href: string }>>;
  for (const ph of [...p.photos].sort((a, b) => a.addedAt - b.addedAt)) photos[PHOTO_SECTIONS_BY_SET[ph.set] ?? 'other'].push(link(ph.id));
  const { vehicle, driver, insurance } = doc;
  return {
    language: doc.fillLang,
    vehicle: { plate: vehicle.plate, noPlate: vehicle.noPlate, vin: vehicle.vin, country: vehicle.country, make: vehicle.make, model: vehicle.model, type: vehicle.type },
    trailer: doc.trailer,
    insurance: {
      insurerName: insurance.insurerName,
      policyNo: insurance.policyNo,
      kind: insurance.kind,
      greenCard: insurance.greenCard,
      responsible: { registryId: ri.drkId >= 0 ? ri.drkId : null, name: insurance.responsibleName },
    },
    driver: { name: driver.name, surname: driver.surname, dateOfBirth: driver.dob, code: driver.code ?? '', country: driver.country, address: driver.address, phone: driver.tel, email: driver.email },
    impact: doc.impact,
    damage: { text: doc.damagesText, drawing: doc.damagesImageId ? link(doc.damagesImageId) : null },
    circumstances: [...doc.circumstances],
    circumstanceCount: doc.circumstanceCount,
    remarks: doc.comment,
    witnesses: doc.witnesses.map((w) => ({ name: w.name, surname: w.surname, phone: w.phone })),
    signature: p.signature ? { image: link(p.signature.imageId), signedAt: iso(p.signature.signedAt) } : null,
    photos,
    voiceNotes: p.audio.map((a) => ({ about: a.type, file: link(a.id) })),
  };
}

const position = (p: { latitude: number; longitude: number; accuracy: number | null } | null) => (p ? { latitude: p.latitude, longitude: p.longitude, accuracyM: p.accuracy } : null);

/** A finished declaration as insurers receive it (the data model of INSURER_DATA_VERSION). */
export function insurerDeclarationData(d: Declaration, ctx: InsurerDataContext): InsurerDeclaration {
  const link = (id: string) => ({ id, href: ctx.fileHref(id) });
  const doc = documentModel(d, ctx.accidentId, ctx.completedAt);
  const tp = d.timePlace;
  return {
    version: INSURER_DATA_VERSION,
    id: d.id,
    accidentId: ctx.accidentId,
    completedAt: iso(ctx.completedAt),
    accident: {
      time: iso(tp.correctedTime ?? tp.originalTime ?? d.createdAt),
      timeCorrected: tp.correctedTime !== null && tp.correctedTime !== tp.originalTime,
      place: { address: tp.locationAddress?.value ?? null, position: position(tp.correctedLocation ?? tp.originalLocation), phonePosition: position(tp.originalLocation) },
      sketch: d.scheme.imageId ? { image: link(d.scheme.imageId), photoOfDrawing: d.scheme.isPhoto } : null,
      agreedAtFault: d.guilt.resolved,
    },
    vehicles: Object.fromEntries(PARTIES.map((party) => [party, partyData(d, doc.parties[party], link)])) as InsurerDeclaration['vehicles'],
  };
}
