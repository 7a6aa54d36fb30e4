/**
 * Every label of the declaration document. The English source texts are message descriptors here;
 * their translations are in the server's Lingui catalogs (`adapters/texts-catalog/locales`), where
 * `npm run i18n:extract` puts them and `npm test` checks them complete. The server hands the renderer
 * its translator. The circumstances are worded as on the paper European accident statement (and
 * close to the wizard's wording, so a driver recognises what was ticked).
 */
import { IMPACT_POINTS, type CircumstanceKey, type GuiltyChoice, type ImpactPointId, type Locale, type Party, type VehicleTypeLetter } from '@eid/domain';

/** The hit zones of the damages step (the domain's IMPACT_POINTS). Unknown ids are printed as they are. */
export const IMPACT_POINT_IDS: readonly ImpactPointId[] = IMPACT_POINTS.map((p) => p.id);
export type { ImpactPointId };

/** A label: an explicit id and its English source text (ICU placeholders). */
export interface DocumentMessage {
  readonly id: string;
  readonly message: string;
}

/** The translator the renderer is given: a label in a language, its placeholders filled in. */
export type DocumentTranslate = (lang: Locale, message: DocumentMessage, values?: Record<string, unknown>) => string;

/** The photo sections of a party: 0 accident scene, 1 plate, 2 damages, 3 other. */
export type PhotoSection = 0 | 1 | 2 | 3;

/** The labels of the document in one language. */
export interface DocumentTexts {
  readonly title: string;
  readonly subtitle: string;
  readonly accidentId: string;
  readonly completed: string;
  /** Footer page number, "n of N". */
  readonly page: (n: number, total: number) => string;

  readonly timePlace: string;
  readonly date: string;
  readonly time: string;
  readonly address: string;
  readonly coordinates: string;

  readonly vehicle: (party: Party) => string;
  readonly driverOf: (party: Party) => string;
  readonly driver: string;
  readonly insurance: string;
  readonly trailer: string;
  readonly plate: string;
  readonly vin: string;
  readonly vi: string;
  readonly country: string;
  readonly makeModel: string;
  readonly vehicleType: string;
  readonly vehicleTypes: Readonly<Record<VehicleTypeLetter, string>>;
  readonly nameSurname: string;
  readonly code: string;
  readonly dob: string;
  readonly driverAddress: string;
  readonly driverCountry: string;
  readonly phone: string;
  /** Issue 37: the language the driver filled in, named in the document's (the insurers' Lithuanian copy names each driver's). */
  readonly fillLanguage: string;
  readonly languageName: (locale: Locale) => string;
  readonly email: string;
  readonly insurer: string;
  readonly policyNo: string;
  readonly responsibleInsurer: string;
  readonly notInsured: string;
  readonly insurerCountry: string;
  readonly greenCard: string;
  readonly validUntil: string;

  readonly circumstances: string;
  readonly circumstanceLabels: Readonly<Record<CircumstanceKey, string>>;
  readonly boxesTicked: string;

  readonly details: string;
  readonly impact: string;
  readonly impactPoints: string;
  readonly impactPointNames: Readonly<Record<ImpactPointId, string>>;
  readonly direction: string;
  readonly degrees: (degrees: number) => string;
  readonly damages: string;
  readonly damagesDrawing: string;
  readonly remarks: string;
  readonly witnesses: string;
  readonly voiceNotes: string;
  readonly scheme: string;
  readonly noScheme: string;
  readonly guilty: string;
  readonly guiltyParty: Readonly<Record<GuiltyChoice | 'none', string>>;
  readonly signatures: string;
  readonly noSignature: string;

  readonly photos: string;
  readonly photoSections: Readonly<Record<PhotoSection, string>>;
  readonly photoSectionOther: string;
  readonly photoCaption: (party: Party, section: string) => string;
  readonly photoNotAvailable: string;
  readonly imageNotAvailable: string;

  readonly none: string;
  /** The placeholder of an empty field. */
  readonly empty: string;
}

const M = {
  title: /*i18n*/ { id: 'doc.title', message: 'Road accident declaration' },
  subtitle: /*i18n*/ { id: 'doc.subtitle', message: 'European accident statement, completed electronically' },
  accidentId: /*i18n*/ { id: 'doc.accidentId', message: 'Accident id' },
  completed: /*i18n*/ { id: 'doc.completed', message: 'Completed' },
  page: /*i18n*/ { id: 'doc.page', message: 'Page {n} of {total}' },
  timePlace: /*i18n*/ { id: 'doc.timePlace', message: 'Time and place of the accident' },
  date: /*i18n*/ { id: 'doc.date', message: 'Date' },
  time: /*i18n*/ { id: 'doc.time', message: 'Time' },
  address: /*i18n*/ { id: 'doc.address', message: 'Place (address)' },
  coordinates: /*i18n*/ { id: 'doc.coordinates', message: 'Coordinates' },
  vehicle: /*i18n*/ { id: 'doc.vehicle', message: 'Vehicle {party}' },
  driverOf: /*i18n*/ { id: 'doc.driverOf', message: 'Driver {party}' },
  driver: /*i18n*/ { id: 'doc.driver', message: 'Driver' },
  insurance: /*i18n*/ { id: 'doc.insurance', message: 'Insurance' },
  trailer: /*i18n*/ { id: 'doc.trailer', message: 'Trailer' },
  plate: /*i18n*/ { id: 'doc.plate', message: 'Registration plate' },
  vin: /*i18n*/ { id: 'doc.vin', message: 'VIN' },
  vi: /*i18n*/ { id: 'doc.vi', message: 'Virtual identifier' },
  country: /*i18n*/ { id: 'doc.country', message: 'Country of registration' },
  makeModel: /*i18n*/ { id: 'doc.makeModel', message: 'Make, model' },
  vehicleType: /*i18n*/ { id: 'doc.vehicleType', message: 'Vehicle type' },
  vehicleTypes: {
    A: /*i18n*/ { id: 'doc.vehicleTypes.A', message: 'car' },
    B: /*i18n*/ { id: 'doc.vehicleTypes.B', message: 'motorcycle' },
    C: /*i18n*/ { id: 'doc.vehicleTypes.C', message: 'lorry' },
    C2: /*i18n*/ { id: 'doc.vehicleTypes.C2', message: 'tractor' },
    D: /*i18n*/ { id: 'doc.vehicleTypes.D', message: 'scooter' },
    E: /*i18n*/ { id: 'doc.vehicleTypes.E', message: 'bus' },
    F: /*i18n*/ { id: 'doc.vehicleTypes.F', message: 'trailer' },
    G: /*i18n*/ { id: 'doc.vehicleTypes.G', message: 'others' },
  },
  nameSurname: /*i18n*/ { id: 'doc.nameSurname', message: 'Name and surname' },
  code: /*i18n*/ { id: 'doc.code', message: 'Personal code or driving licence no.' },
  dob: /*i18n*/ { id: 'doc.dob', message: 'Date of birth' },
  driverAddress: /*i18n*/ { id: 'doc.driverAddress', message: 'Address' },
  driverCountry: /*i18n*/ { id: 'doc.driverCountry', message: 'Country' },
  phone: /*i18n*/ { id: 'doc.phone', message: 'Phone' },
  fillLanguage: /*i18n*/ { id: 'doc.fillLanguage', message: 'Language of entries' },
  email: /*i18n*/ { id: 'doc.email', message: 'E-mail' },
  insurer: /*i18n*/ { id: 'doc.insurer', message: 'Insurer' },
  policyNo: /*i18n*/ { id: 'doc.policyNo', message: 'Policy no.' },
  responsibleInsurer: /*i18n*/ { id: 'doc.responsibleInsurer', message: 'Responsible insurer' },
  notInsured: /*i18n*/ { id: 'doc.notInsured', message: 'Not insured (the driver says so)' },
  insurerCountry: /*i18n*/ { id: 'doc.insurerCountry', message: 'Insurer\'s country' },
  greenCard: /*i18n*/ { id: 'doc.greenCard', message: 'Green card or policy no.' },
  validUntil: /*i18n*/ { id: 'doc.validUntil', message: 'Valid until' },
  circumstances: /*i18n*/ { id: 'doc.circumstances', message: 'Circumstances' },
  circumstanceLabels: {
    '1': /*i18n*/ { id: 'doc.circumstanceLabels.1', message: 'was parked / standing' },
    '2': /*i18n*/ { id: 'doc.circumstanceLabels.2', message: 'was stopped in traffic' },
    '3': /*i18n*/ { id: 'doc.circumstanceLabels.3', message: 'was beginning to drive' },
    '4': /*i18n*/ { id: 'doc.circumstanceLabels.4', message: 'was opening a door' },
    '5': /*i18n*/ { id: 'doc.circumstanceLabels.5', message: 'was stopping' },
    '6': /*i18n*/ { id: 'doc.circumstanceLabels.6', message: 'was leaving a parking place or the roadside' },
    '7': /*i18n*/ { id: 'doc.circumstanceLabels.7', message: 'was entering a parking place or the roadside' },
    '8': /*i18n*/ { id: 'doc.circumstanceLabels.8', message: 'was entering a roundabout' },
    '9': /*i18n*/ { id: 'doc.circumstanceLabels.9', message: 'was circulating in a roundabout' },
    '10': /*i18n*/ { id: 'doc.circumstanceLabels.10', message: 'was striking the rear of the other vehicle going in the same direction and in the same lane' },
    '11': /*i18n*/ { id: 'doc.circumstanceLabels.11', message: 'was going in the same direction but in a different lane' },
    '12': /*i18n*/ { id: 'doc.circumstanceLabels.12', message: 'was changing lanes' },
    '13': /*i18n*/ { id: 'doc.circumstanceLabels.13', message: 'was overtaking' },
    '14': /*i18n*/ { id: 'doc.circumstanceLabels.14', message: 'was turning to the right' },
    '15': /*i18n*/ { id: 'doc.circumstanceLabels.15', message: 'was turning to the left' },
    '16': /*i18n*/ { id: 'doc.circumstanceLabels.16', message: 'was reversing' },
    '17': /*i18n*/ { id: 'doc.circumstanceLabels.17', message: 'was encroaching on the lane of oncoming traffic' },
    '18': /*i18n*/ { id: 'doc.circumstanceLabels.18', message: 'was coming from the right (at an intersection)' },
    '19': /*i18n*/ { id: 'doc.circumstanceLabels.19', message: 'had not observed a right of way sign or a red light' },
  },
  boxesTicked: /*i18n*/ { id: 'doc.boxesTicked', message: 'Number of boxes ticked' },
  details: /*i18n*/ { id: 'doc.details', message: 'Damage, remarks and witnesses' },
  impact: /*i18n*/ { id: 'doc.impact', message: 'Points of impact and direction' },
  impactPoints: /*i18n*/ { id: 'doc.impactPoints', message: 'Points of impact' },
  impactPointNames: {
    front: /*i18n*/ { id: 'doc.impactPointNames.front', message: 'front' },
    'front-right': /*i18n*/ { id: 'doc.impactPointNames.front-right', message: 'front right' },
    right: /*i18n*/ { id: 'doc.impactPointNames.right', message: 'right side' },
    'rear-right': /*i18n*/ { id: 'doc.impactPointNames.rear-right', message: 'rear right' },
    rear: /*i18n*/ { id: 'doc.impactPointNames.rear', message: 'rear' },
    'rear-left': /*i18n*/ { id: 'doc.impactPointNames.rear-left', message: 'rear left' },
    left: /*i18n*/ { id: 'doc.impactPointNames.left', message: 'left side' },
    'front-left': /*i18n*/ { id: 'doc.impactPointNames.front-left', message: 'front left' },
  },
  direction: /*i18n*/ { id: 'doc.direction', message: 'Direction of impact' },
  degrees: /*i18n*/ { id: 'doc.degrees', message: '{degrees}°' },
  damages: /*i18n*/ { id: 'doc.damages', message: 'Visible damage' },
  damagesDrawing: /*i18n*/ { id: 'doc.damagesDrawing', message: 'Damage drawing' },
  remarks: /*i18n*/ { id: 'doc.remarks', message: 'Remarks' },
  witnesses: /*i18n*/ { id: 'doc.witnesses', message: 'Witnesses' },
  voiceNotes: /*i18n*/ { id: 'doc.voiceNotes', message: 'Voice notes' },
  scheme: /*i18n*/ { id: 'doc.scheme', message: 'Sketch of the accident' },
  noScheme: /*i18n*/ { id: 'doc.noScheme', message: 'No sketch was drawn' },
  guilty: /*i18n*/ { id: 'doc.guilty', message: 'Party at fault' },
  guiltyParty: {
    A: /*i18n*/ { id: 'doc.guiltyParty.A', message: 'Driver A' },
    B: /*i18n*/ { id: 'doc.guiltyParty.B', message: 'Driver B' },
    BOTH: /*i18n*/ { id: 'doc.guiltyParty.BOTH', message: 'Both drivers' },
    none: /*i18n*/ { id: 'doc.guiltyParty.none', message: 'Not agreed' },
  },
  signatures: /*i18n*/ { id: 'doc.signatures', message: "Drivers' signatures" },
  noSignature: /*i18n*/ { id: 'doc.noSignature', message: 'No signature' },
  photos: /*i18n*/ { id: 'doc.photos', message: 'Photos' },
  photoSections: {
    '0': /*i18n*/ { id: 'doc.photoSections.0', message: 'Accident scene' },
    '1': /*i18n*/ { id: 'doc.photoSections.1', message: 'Registration plate' },
    '2': /*i18n*/ { id: 'doc.photoSections.2', message: 'Damage' },
    '3': /*i18n*/ { id: 'doc.photoSections.3', message: 'Other' },
  },
  photoSectionOther: /*i18n*/ { id: 'doc.photoSectionOther', message: 'Other' },
  photoCaption: /*i18n*/ { id: 'doc.photoCaption', message: 'Driver {party} — {section}' },
  photoNotAvailable: /*i18n*/ { id: 'doc.photoNotAvailable', message: '(photo not available)' },
  imageNotAvailable: /*i18n*/ { id: 'doc.imageNotAvailable', message: '(image not available)' },
  none: /*i18n*/ { id: 'doc.none', message: 'none' },
  empty: /*i18n*/ { id: 'doc.empty', message: '—' },
};

/** The labels of the document in `lang`, through the translator. */
export function documentTexts(translate: DocumentTranslate, lang: Locale): DocumentTexts {
  const t = (m: DocumentMessage, values?: Record<string, unknown>) => translate(lang, m, values);
  const each = <K extends string | number>(messages: Readonly<Record<K, DocumentMessage>>): Readonly<Record<K, string>> =>
    Object.fromEntries(Object.entries<DocumentMessage>(messages).map(([key, m]) => [key, t(m)])) as Record<K, string>;
  return {
    title: t(M.title),
    subtitle: t(M.subtitle),
    accidentId: t(M.accidentId),
    completed: t(M.completed),
    page: (n, total) => t(M.page, { n, total }),
    timePlace: t(M.timePlace),
    date: t(M.date),
    time: t(M.time),
    address: t(M.address),
    coordinates: t(M.coordinates),
    vehicle: (party) => t(M.vehicle, { party }),
    driverOf: (party) => t(M.driverOf, { party }),
    driver: t(M.driver),
    insurance: t(M.insurance),
    trailer: t(M.trailer),
    plate: t(M.plate),
    vin: t(M.vin),
    vi: t(M.vi),
    country: t(M.country),
    makeModel: t(M.makeModel),
    vehicleType: t(M.vehicleType),
    vehicleTypes: each(M.vehicleTypes),
    nameSurname: t(M.nameSurname),
    code: t(M.code),
    dob: t(M.dob),
    driverAddress: t(M.driverAddress),
    driverCountry: t(M.driverCountry),
    phone: t(M.phone),
    fillLanguage: t(M.fillLanguage),
    languageName: (locale) => new Intl.DisplayNames([lang], { type: 'language' }).of(locale) ?? locale,
    email: t(M.email),
    insurer: t(M.insurer),
    policyNo: t(M.policyNo),
    responsibleInsurer: t(M.responsibleInsurer),
    notInsured: t(M.notInsured),
    insurerCountry: t(M.insurerCountry),
    greenCard: t(M.greenCard),
    validUntil: t(M.validUntil),
    circumstances: t(M.circumstances),
    circumstanceLabels: each(M.circumstanceLabels),
    boxesTicked: t(M.boxesTicked),
    details: t(M.details),
    impact: t(M.impact),
    impactPoints: t(M.impactPoints),
    impactPointNames: each(M.impactPointNames),
    direction: t(M.direction),
    degrees: (degrees) => t(M.degrees, { degrees }),
    damages: t(M.damages),
    damagesDrawing: t(M.damagesDrawing),
    remarks: t(M.remarks),
    witnesses: t(M.witnesses),
    voiceNotes: t(M.voiceNotes),
    scheme: t(M.scheme),
    noScheme: t(M.noScheme),
    guilty: t(M.guilty),
    guiltyParty: each(M.guiltyParty),
    signatures: t(M.signatures),
    noSignature: t(M.noSignature),
    photos: t(M.photos),
    photoSections: each(M.photoSections),
    photoSectionOther: t(M.photoSectionOther),
    photoCaption: (party, section) => t(M.photoCaption, { party, section }),
    photoNotAvailable: t(M.photoNotAvailable),
    imageNotAvailable: t(M.imageNotAvailable),
    none: t(M.none),
    empty: t(M.empty),
  };
}
