import { blankDeclaration, type Declaration, type Locale, type PartyData } from '@eid/domain';

/** 2026-11-22 09:15 in Vilnius. */
export const ACCIDENT_TIME = Date.UTC(2026, 10, 22, 7, 15, 0);

/** Valid personal codes of the two drivers (their last 6 digits are the preview passwords). */
export const DRIVER_CODES = { A: '38703181233', B: '49207154560' } as const;

function party(base: PartyData, a: boolean, fillLang: Locale): PartyData {
  const plate = a ? 'KLM123' : 'HBN512';
  return {
    ...base,
    fillLang,
    plates: { ...base.plates, plate, hasTrailer: !a, trailerPlate: a ? '' : 'P1234' },
    vehicle: {
      ...base.vehicle,
      plate,
      result: 'OK',
      make: a ? 'Škoda' : 'Volkswagen',
      model: a ? 'Octavia' : 'Passat',
      type: 'A',
      hasTrailer: !a,
      insurerId: a ? 1 : 2,
      insurerName: a ? 'Lietuvos draudimas' : 'ERGO Insurance SE Lietuvos filialas',
      policyNo: a ? 'LD-2026-004512' : 'ERGO-77812',
    },
    trailer: a
      ? null
      : { result: 'OK', plate: 'P1234', vin: '', type: 'F', make: 'Brenderup', model: '1205S', insurerId: 2, insurerName: 'ERGO Insurance SE Lietuvos filialas', policyNo: 'ERGO-77813' },
    driver: {
      ...base.driver,
      name: a ? 'Jonas' : 'Ona',
      surname: a ? 'Petraitis' : 'Žemaitytė',
      code: a ? DRIVER_CODES.A : DRIVER_CODES.B,
      dob: a ? '1987-03-18' : '1992-07-15',
      address: { value: a ? 'Pilies g. 12, Vilnius' : 'Laisvės al. 54, Kaunas', aob: a ? 101 : 202, pat: a ? null : '7', needPat: !a },
      tel: a ? '+37061234567' : '+37069876543',
      telConfirmed: a,
      email: a ? '' : 'ona.zemaityte@example.lt',
      emailConfirmed: !a,
      informMethod: a ? 'tel' : 'email',
    },
    witnesses: a ? [{ name: 'Rūta', surname: 'Šimkienė', phone: '+37060011223' }] : [],
    damages: {
      text: a ? 'Įlenktas galinis bamperis, sudaužytas žibintas' : 'Broken front headlight, scratched bonnet',
      imageId: null,
      impactMeta: { points: a ? ['rear', 'rear-left'] : ['front'], direction: a ? 180 : 0 },
    },
    conditions: a ? ['2', '10'] : ['12'],
    comment: a ? 'Stovėjau prie šviesoforo.' : '',
    photos: [
      ...(a ? [{ id: 'photo-scene-A1', set: 0, filename: 'scene.jpg', addedAt: ACCIDENT_TIME + 60_000 }] : []),
      { id: `photo-plate-${a ? 'A' : 'B'}1`, set: 1, filename: 'plate.jpg', addedAt: ACCIDENT_TIME + 120_000 },
      { id: `photo-damage-${a ? 'A' : 'B'}1`, set: 2, filename: 'damage.jpg', addedAt: ACCIDENT_TIME + 180_000 },
    ],
    audio: a ? [{ id: 'audio-damages-A1', type: 'DAMAGES', addedAt: ACCIDENT_TIME + 200_000 }] : [],
    signature: { imageId: `signature-${a ? 'A' : 'B'}1`, dataPoints: 140, decent: true, signedAt: ACCIDENT_TIME + 900_000 },
    disclaimers: { user: '2025-03-05', rules: '2025-03-05', policy: '2025-03-05' },
    responsibleInsurer: a
      ? { drkId: 1, name: 'Lietuvos draudimas', www: 'https://www.ld.lt', damageWww: 'https://www.ld.lt/zalos' }
      : { drkId: 2, name: 'ERGO Insurance SE Lietuvos filialas', www: 'https://www.ergo.lt', damageWww: 'https://www.ergo.lt/zalos' },
    progress: 'DONE',
    activeStep: 14,
    submit: 'SUBMITTED',
  };
}

/**
 * A declaration both drivers have submitted (WAITING for the submit worker): driver A filled it in
 * Lithuanian and is informed by SMS, driver B in English by e-mail, with a trailer; A is at fault.
 * Lithuanian letters in names, address, makes and texts, for documents that must render them.
 */
export function submittedDeclaration(id = 'decl-finished-1', langs: { A: Locale; B: Locale } = { A: 'lt', B: 'en' }): Declaration {
  const d = blankDeclaration({ id, mode: 'live', now: ACCIDENT_TIME, maxTimeAdjust: 6, fillLang: langs.A, location: { latitude: 54.6872, longitude: 25.2797, accuracy: 15 } });
  return {
    ...d,
    version: 40,
    updatedAt: ACCIDENT_TIME + 1_000_000,
    timePlace: { ...d.timePlace, locationAddress: { value: 'Gedimino pr. 9, Vilnius', aob: 5, pat: null, needPat: false } },
    scheme: { imageId: 'scheme-1', objects: '[]', isPhoto: false },
    guilt: { status: 'RESOLVED', achoice: 'A', bchoice: 'A', resolved: 'A' },
    submitState: 'WAITING',
    parties: { A: party(d.parties.A, true, langs.A), B: party(d.parties.B, false, langs.B) },
  };
}
