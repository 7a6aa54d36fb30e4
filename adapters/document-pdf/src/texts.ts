/**
 * Every label of the declaration document, in Lithuanian and English. The domain holds no
 * user-facing text, so the renderer owns these; the interface makes a missing label a compile error.
 * The circumstances are worded as on the paper European accident statement (and close to the
 * wizard's wording, so a driver recognises what was ticked).
 */
import { IMPACT_POINTS, type CircumstanceKey, type GuiltyChoice, type ImpactPointId, type Locale, type Party, type VehicleTypeLetter, VEHICLE_TYPE_NAMES } from '@eid/domain';

/** The hit zones of the damages step (the domain's IMPACT_POINTS). Unknown ids are printed as they are. */
export const IMPACT_POINT_IDS: readonly ImpactPointId[] = IMPACT_POINTS.map((p) => p.id);
export type { ImpactPointId };

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
  readonly email: string;
  readonly insurer: string;
  readonly policyNo: string;
  readonly responsibleInsurer: string;

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

const LT: DocumentTexts = {
  title: 'Eismo įvykio deklaracija',
  subtitle: 'Europinė eismo įvykio deklaracija, užpildyta elektroniniu būdu',
  accidentId: 'Įvykio ID',
  completed: 'Užpildyta',
  page: (n, total) => `Puslapis ${n} iš ${total}`,

  timePlace: 'Įvykio laikas ir vieta',
  date: 'Data',
  time: 'Laikas',
  address: 'Vieta (adresas)',
  coordinates: 'Koordinatės',

  vehicle: (party) => `Transporto priemonė ${party}`,
  driverOf: (party) => `Vairuotojas ${party}`,
  driver: 'Vairuotojas',
  insurance: 'Draudimas',
  trailer: 'Priekaba',
  plate: 'Valstybinis numeris',
  vin: 'VIN kodas',
  country: 'Registracijos šalis',
  makeModel: 'Markė, modelis',
  vehicleType: 'Transporto priemonės tipas',
  vehicleTypes: {
    A: 'lengvasis automobilis',
    B: 'motociklas',
    C: 'krovininis automobilis',
    C2: 'traktorius',
    D: 'motoroleris',
    E: 'autobusas',
    F: 'priekaba',
    G: 'kita',
  },
  nameSurname: 'Vardas, pavardė',
  code: 'Asmens kodas arba vairuotojo pažymėjimo Nr.',
  dob: 'Gimimo data',
  driverAddress: 'Adresas',
  driverCountry: 'Šalis',
  phone: 'Telefonas',
  email: 'El. paštas',
  insurer: 'Draudikas',
  policyNo: 'Draudimo liudijimo Nr.',
  responsibleInsurer: 'Atsakingas draudikas',

  circumstances: 'Aplinkybės',
  circumstanceLabels: {
    '1': 'stovėjo (buvo pastatyta)',
    '2': 'buvo sustojusi eismo sraute',
    '3': 'pradėjo važiuoti',
    '4': 'atidarė dureles',
    '5': 'stojo',
    '6': 'išvažiavo iš stovėjimo vietos arba nuo kelkraščio',
    '7': 'įvažiavo į stovėjimo vietą arba prie kelkraščio',
    '8': 'įvažiavo į žiedinę sankryžą',
    '9': 'važiavo žiedine sankryža',
    '10': 'važiuodama ta pačia kryptimi ta pačia eismo juosta, atsitrenkė į kitos transporto priemonės galą',
    '11': 'važiavo ta pačia kryptimi, bet kita eismo juosta',
    '12': 'keitė eismo juostą',
    '13': 'lenkė',
    '14': 'suko į dešinę',
    '15': 'suko į kairę',
    '16': 'važiavo atbuline eiga',
    '17': 'įvažiavo į priešpriešinio eismo juostą',
    '18': 'važiavo iš dešinės (sankryžoje)',
    '19': 'nepraleido arba nepaisė raudonojo šviesoforo signalo',
  },
  boxesTicked: 'Pažymėtų langelių skaičius',

  details: 'Apgadinimai, pastabos ir liudytojai',
  impact: 'Smūgio vietos ir kryptis',
  impactPoints: 'Smūgio vietos',
  impactPointNames: {
    front: 'priekis',
    'front-right': 'priekis dešinėje',
    right: 'dešinysis šonas',
    'rear-right': 'galas dešinėje',
    rear: 'galas',
    'rear-left': 'galas kairėje',
    left: 'kairysis šonas',
    'front-left': 'priekis kairėje',
  },
  direction: 'Smūgio kryptis',
  degrees: (d) => `${d}°`,
  damages: 'Matomi apgadinimai',
  damagesDrawing: 'Apgadinimų piešinys',
  remarks: 'Pastabos',
  witnesses: 'Liudytojai',
  voiceNotes: 'Balso įrašai',
  scheme: 'Eismo įvykio schema',
  noScheme: 'Schema nenubraižyta',
  guilty: 'Eismo įvykio kaltininkas',
  guiltyParty: { A: 'Vairuotojas A', B: 'Vairuotojas B', BOTH: 'Abu vairuotojai', none: 'Nesutarta' },
  signatures: 'Vairuotojų parašai',
  noSignature: 'Parašo nėra',

  photos: 'Nuotraukos',
  photoSections: { 0: 'Įvykio vieta', 1: 'Valstybinis numeris', 2: 'Apgadinimai', 3: 'Kita' },
  photoSectionOther: 'Kita',
  photoCaption: (party, section) => `Vairuotojas ${party} — ${section}`,
  photoNotAvailable: '(nuotrauka neprieinama)',
  imageNotAvailable: '(paveikslėlis neprieinamas)',

  none: 'nėra',
  empty: '—',
};

const EN: DocumentTexts = {
  title: 'Road accident declaration',
  subtitle: 'European accident statement, completed electronically',
  accidentId: 'Accident id',
  completed: 'Completed',
  page: (n, total) => `Page ${n} of ${total}`,

  timePlace: 'Time and place of the accident',
  date: 'Date',
  time: 'Time',
  address: 'Place (address)',
  coordinates: 'Coordinates',

  vehicle: (party) => `Vehicle ${party}`,
  driverOf: (party) => `Driver ${party}`,
  driver: 'Driver',
  insurance: 'Insurance',
  trailer: 'Trailer',
  plate: 'Registration plate',
  vin: 'VIN',
  country: 'Country of registration',
  makeModel: 'Make, model',
  vehicleType: 'Vehicle type',
  vehicleTypes: VEHICLE_TYPE_NAMES,
  nameSurname: 'Name and surname',
  code: 'Personal code or driving licence no.',
  dob: 'Date of birth',
  driverAddress: 'Address',
  driverCountry: 'Country',
  phone: 'Phone',
  email: 'E-mail',
  insurer: 'Insurer',
  policyNo: 'Policy no.',
  responsibleInsurer: 'Responsible insurer',

  circumstances: 'Circumstances',
  circumstanceLabels: {
    '1': 'was parked / standing',
    '2': 'was stopped in traffic',
    '3': 'was beginning to drive',
    '4': 'was opening a door',
    '5': 'was stopping',
    '6': 'was leaving a parking place or the roadside',
    '7': 'was entering a parking place or the roadside',
    '8': 'was entering a roundabout',
    '9': 'was circulating in a roundabout',
    '10': 'was striking the rear of the other vehicle going in the same direction and in the same lane',
    '11': 'was going in the same direction but in a different lane',
    '12': 'was changing lanes',
    '13': 'was overtaking',
    '14': 'was turning to the right',
    '15': 'was turning to the left',
    '16': 'was reversing',
    '17': 'was encroaching on the lane of oncoming traffic',
    '18': 'was coming from the right (at an intersection)',
    '19': 'had not observed a right of way sign or a red light',
  },
  boxesTicked: 'Number of boxes ticked',

  details: 'Damage, remarks and witnesses',
  impact: 'Points of impact and direction',
  impactPoints: 'Points of impact',
  impactPointNames: {
    front: 'front',
    'front-right': 'front right',
    right: 'right side',
    'rear-right': 'rear right',
    rear: 'rear',
    'rear-left': 'rear left',
    left: 'left side',
    'front-left': 'front left',
  },
  direction: 'Direction of impact',
  degrees: (d) => `${d}°`,
  damages: 'Visible damage',
  damagesDrawing: 'Damage drawing',
  remarks: 'Remarks',
  witnesses: 'Witnesses',
  voiceNotes: 'Voice notes',
  scheme: 'Sketch of the accident',
  noScheme: 'No sketch was drawn',
  guilty: 'Party at fault',
  guiltyParty: { A: 'Driver A', B: 'Driver B', BOTH: 'Both drivers', none: 'Not agreed' },
  signatures: "Drivers' signatures",
  noSignature: 'No signature',

  photos: 'Photos',
  photoSections: { 0: 'Accident scene', 1: 'Registration plate', 2: 'Damage', 3: 'Other' },
  photoSectionOther: 'Other',
  photoCaption: (party, section) => `Driver ${party} — ${section}`,
  photoNotAvailable: '(photo not available)',
  imageNotAvailable: '(image not available)',

  none: 'none',
  empty: '—',
};

/** The labels of the document in `lang`. */
export function documentTexts(lang: Locale): DocumentTexts {
  return lang === 'lt' ? LT : EN;
}
