/**
 * Test builders for declarations: a blank one, and a complete one that passes validate-t2, so a
 * test can knock out exactly one thing and name the finding it expects. Not part of the build.
 */
import { personalCodeControlDigit } from '../rules/personal-code.js';
import type { Party } from '../rules/constants.js';
import { type Declaration, type PartyData, type ResponsibleInsurer } from './entities.js';
import { blankDeclaration } from './blank.js';
import type { Actor, EditContext } from './edits/index.js';
import type { PreviewContext } from './preview.js';

export const T0 = Date.UTC(2026, 10, 22, 10, 0, 0);
export const VILNIUS = { latitude: 54.6872, longitude: 25.2797, accuracy: 20 };

export function validCode(firstTen: string): string {
  return firstTen + String(personalCodeControlDigit(firstTen));
}

export const CODE_A = validCode('3870318174'); // born 1987-03-18
export const CODE_B = validCode('4920715123'); // born 1992-07-15

/** A complete driver of party A as the driver step sends it. */
export const DRIVER_A = {
  surname: 'Petraitis',
  name: 'Jonas',
  dob: '1987-03-18',
  country: 'LT',
  address: null,
  tel: '+37061234567',
  email: 'jonas@example.lt',
  informMethod: 'tel' as const,
  code: '38703181745',
};

export function blank(overrides: Partial<Declaration> = {}): Declaration {
  return {
    ...blankDeclaration({ id: 'decl-1', mode: 'live', now: T0, maxTimeAdjust: 3, fillLang: 'lt', location: VILNIUS }),
    ...overrides,
  };
}

function filledParty(party: Party, base: PartyData): PartyData {
  const a = party === 'A';
  return {
    ...base,
    plates: { ...base.plates, plate: a ? 'KLM123' : 'ABC987' },
    vehicle: { ...base.vehicle, plate: a ? 'KLM123' : 'ABC987', result: 'OK', make: 'Toyota', model: 'Corolla', type: 'A', insurerId: 1, insurerName: 'Lietuvos draudimas' },
    driver: {
      ...base.driver,
      name: a ? 'Jonas' : 'Ona',
      surname: a ? 'Petraitis' : 'Žemaitytė',
      code: a ? CODE_A : CODE_B,
      dob: a ? '1987-03-18' : '1992-07-15',
      address: { value: a ? 'Gedimino pr. 9, Vilnius' : 'Laisvės al. 53, Kaunas', aob: a ? 101 : 202, pat: null, needPat: false },
      tel: a ? '+37061234567' : '+37069876543',
      telConfirmed: true,
      informMethod: 'tel',
    },
    damages: { text: 'Įlenktas buferis', imageId: null, impactMeta: { points: ['front'], direction: 0 } },
    conditions: a ? ['10'] : ['2'],
    photos: [
      ...(a ? [{ id: 'photo-overview-1', set: 0, filename: 'scene.jpg', addedAt: T0 }] : []),
      { id: `photo-plate-${party}`, set: 1, filename: 'plate.jpg', addedAt: T0 },
      { id: `photo-damage-${party}`, set: 2, filename: 'damage.jpg', addedAt: T0 },
    ],
    signature: { imageId: `signature-${party}`, dataPoints: 120, decent: true, signedAt: T0 },
    disclaimers: { user: 'u1', rules: 'r1', policy: 'p1' },
    responsibleInsurer: { drkId: a ? 1 : 2, name: a ? 'Lietuvos draudimas' : 'ERGO', www: '', damageWww: '' },
  };
}

/** A declaration with everything both parties must give: validate-t2 finds nothing. */
export function complete(): Declaration {
  const d = blank();
  return {
    ...d,
    timePlace: {
      ...d.timePlace,
      locationAddress: { value: 'Gedimino pr. 1, Vilnius', aob: 5, pat: null, needPat: false },
    },
    scheme: { imageId: 'scheme-image-1', objects: '[{"type":"vehicle"}]', isPhoto: false },
    guilt: { status: 'RESOLVED', achoice: 'A', bchoice: 'A', resolved: 'A' },
    parties: { A: filledParty('A', d.parties.A), B: filledParty('B', d.parties.B) },
  };
}

/** Every image id a declaration references, as a store that saved them all would report. */
export function allImageIds(d: Declaration): Set<string> {
  const ids = new Set<string>();
  for (const p of Object.values(d.parties)) {
    for (const photo of p.photos) ids.add(photo.id);
    if (p.signature) ids.add(p.signature.imageId);
    if (p.damages.imageId) ids.add(p.damages.imageId);
  }
  if (d.scheme.imageId) ids.add(d.scheme.imageId);
  return ids;
}

/** The day the fixture's preview is checked on (a birth date may be no later). */
export const FIXTURE_TODAY = '2026-11-22'; // T0's day in Vilnius

export function previewCtx(d: Declaration, overrides: Partial<PreviewContext> = {}): PreviewContext {
  return { linked: true, savedImageIds: allImageIds(d), today: FIXTURE_TODAY, ...overrides };
}

export function actor(party: Party, both = false): Actor {
  return { party, allow: { A: party === 'A' || both, B: party === 'B' || both } };
}

/** Lithuania for these tests: a box around the country (the real polygon is tested on its own). */
export const isInLithuaniaBox = (p: { latitude: number; longitude: number }) =>
  p.latitude >= 53.89 && p.latitude <= 56.45 && p.longitude >= 20.93 && p.longitude <= 26.84;

/** The registry's insurers as the hub hands them to the edits. */
export const INSURERS: ReadonlyMap<number, ResponsibleInsurer> = new Map([
  [3, { drkId: 3, name: 'BTA', www: 'https://www.bta.lt', damageWww: 'https://www.bta.lt/zalos' }],
  [4, { drkId: 4, name: 'If', www: 'https://www.if.lt', damageWww: 'https://www.if.lt/zalos' }],
]);

export function ctx(party: Party, opts: { both?: boolean; now?: number } = {}): EditContext {
  return { actor: actor(party, opts.both), now: opts.now ?? T0 + 1000, isInLithuania: isInLithuaniaBox, insurers: INSURERS };
}
