import { describe, expect, it } from 'vitest';
import { PREVIEW_ERROR_CODES, type PreviewErrorCode } from '../rules/errors.js';
import { PREVIEW_CODE_STEP, validateT1, validateT2, type PreviewContext } from './preview.js';
import { complete, CODE_A, previewCtx } from './declaration.fixture.js';
import type { Declaration, PartyData } from './entities.js';

type Knockout = (d: Declaration) => [Declaration, Partial<PreviewContext>?];

const partyA = (d: Declaration, change: (p: PartyData) => PartyData): Declaration => ({
  ...d,
  parties: { ...d.parties, A: change(d.parties.A) },
});

/** One knock-out per preview code of declaration-flow §8: each must make exactly that code appear. */
const KNOCKOUTS: Record<PreviewErrorCode, { knock: Knockout; t2only?: boolean }> = {
  PREVIEW_EMAIL: { knock: (d) => [partyA(d, (p) => ({ ...p, driver: { ...p.driver, informMethod: 'email', email: '' } }))] },
  PREVIEW_CONTACT: { knock: (d) => [partyA(d, (p) => ({ ...p, driver: { ...p.driver, telConfirmed: false } }))] },
  PREVIEW_SCHEME: { knock: (d) => [{ ...d, scheme: { imageId: null, objects: null, isPhoto: false } }] },
  PREVIEW_CONDITIONS: { knock: (d) => [partyA(d, (p) => ({ ...p, conditions: [] }))] },
  PREVIEW_IMPACT: { knock: (d) => [partyA(d, (p) => ({ ...p, damages: { text: ' ', imageId: null, impactMeta: { points: [], direction: null } } }))] },
  PREVIEW_PHOTOS: { knock: (d) => [partyA(d, (p) => ({ ...p, photos: p.photos.filter((ph) => ph.set !== 2) }))] },
  PREVIEW_VEHICLE_DATA_LOST: { knock: (d) => [partyA(d, (p) => ({ ...p, vehicle: { ...p.vehicle, plate: '' } }))] },
  PREVIEW_TRAILER_LOST: { knock: (d) => [partyA(d, (p) => ({ ...p, plates: { ...p.plates, hasTrailer: true, trailerPlate: 'PRK11' }, trailer: null }))] },
  PREVIEW_DRIVER_DATA: { knock: (d) => [partyA(d, (p) => ({ ...p, driver: { ...p.driver, dob: '1990-01-01' } }))] },
  PREVIEW_LOCATION: { knock: (d) => [{ ...d, timePlace: { ...d.timePlace, locationAddress: null } }] },
  PREVIEW_AUTOMATIC_DATA_MISSING: { knock: (d) => [{ ...d, timePlace: { ...d.timePlace, originalTime: null } }] },
  PREVIEW_NOT_LINKED: { knock: (d) => [d, { linked: false }] },
  PREVIEW_SAME_PERSON: {
    knock: (d) => [{ ...d, parties: { ...d.parties, B: { ...d.parties.B, driver: { ...d.parties.B.driver, name: d.parties.A.driver.name, surname: d.parties.A.driver.surname.toUpperCase(), code: CODE_A, dob: d.parties.A.driver.dob } } } }],
  },
  PREVIEW_GUILTY_MISSING: { knock: (d) => [{ ...d, guilt: { status: 'CONFLICT', achoice: null, bchoice: null, resolved: null } }], t2only: true },
  PREVIEW_SIGNATURES_NOT_SAVED: { knock: (d) => [partyA(d, (p) => ({ ...p, signature: null }))], t2only: true },
  PREVIEW_INSURER_NOT_FOUND: { knock: (d) => [partyA(d, (p) => ({ ...p, responsibleInsurer: { ...p.responsibleInsurer, drkId: -1 } }))], t2only: true },
  PREVIEW_CONSENT_MISSING: { knock: (d) => [partyA(d, (p) => ({ ...p, disclaimers: { ...p.disclaimers, policy: null } }))] },
  PREVIEW_IMAGES_NOT_SAVED: { knock: (d) => [d, { savedImageIds: new Set(['photo-overview-1']) }] },
  PREVIEW_CANNOT_FINALIZE: { knock: (d) => [d] },
};

describe('the same person on both sides', () => {
  it('[PV4] equal names, surnames and birth dates are one person; equal personal codes alone are not looked at', () => {
    const d = complete();
    const withB = (driver: Partial<typeof d.parties.B.driver>) => ({ ...d, parties: { ...d.parties, B: { ...d.parties.B, driver: { ...d.parties.B.driver, ...driver } } } });
    const same = (x: typeof d) => validateT1(x, previewCtx(x)).some((f) => f.code === 'PREVIEW_SAME_PERSON');
    expect(same(d)).toBe(false);
    expect(same(withB({ code: d.parties.A.driver.code }))).toBe(false);
    const a = d.parties.A.driver;
    expect(same(withB({ name: ` ${a.name.toLowerCase()} `, surname: a.surname.toUpperCase(), dob: a.dob }))).toBe(true);
  });
});

describe('preview validation (validate-t1, validate-t2)', () => {
  it('[PV1] a complete declaration has no finding in t1 nor t2', () => {
    const d = complete();
    expect(validateT1(d, previewCtx(d))).toEqual([]);
    expect(validateT2(d, previewCtx(d))).toEqual([]);
  });

  const reachable = PREVIEW_ERROR_CODES.filter((c) => c !== 'PREVIEW_CANNOT_FINALIZE');
  it.each(reachable)('[PV2] %s is found when its data is missing, with the step that fixes it', (code) => {
    const { knock, t2only } = KNOCKOUTS[code];
    const [d, overrides] = knock(complete());
    const ctx = { ...previewCtx(complete()), ...overrides };
    const t2 = validateT2(d, ctx);
    expect(t2.map((f) => f.code)).toContain(code);
    expect(t2.find((f) => f.code === code)?.step).toBe(PREVIEW_CODE_STEP[code]);
    expect(validateT1(d, ctx).some((f) => f.code === code)).toBe(!t2only);
  });

  it('[PV3] every finding links back to a wizard step between 3 and 13', () => {
    for (const code of PREVIEW_ERROR_CODES) {
      expect(PREVIEW_CODE_STEP[code]).toBeGreaterThanOrEqual(3);
      expect(PREVIEW_CODE_STEP[code]).toBeLessThanOrEqual(13);
    }
  });
});
