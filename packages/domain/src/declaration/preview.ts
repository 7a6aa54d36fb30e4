/**
 * The preview validation of declaration-flow §8 (instructions validate-t1 and validate-t2): what
 * is still missing before the drivers may sign (t1, the preview step) and before they may submit
 * (t2, the signatures step). Each finding names the party and the wizard step that fixes it, so the
 * preview can link back to that step.
 */
import { PARTIES, type Party } from '../rules/constants.js';
import type { PreviewErrorCode } from '../rules/errors.js';
import { accidentPlaceError } from '../rules/address.js';
import { isEmail } from '../rules/email.js';
import { isLocationValid } from '../rules/geometry.js';
import { isDriverFormComplete } from '../rules/driver-form.js';
import { isPhone } from '../rules/phone.js';
import { missingPhotos } from '../rules/photos.js';
import type { Declaration, PartyData } from './entities.js';
import { accidentDay, insurerHolds } from './insurance.js';

/** Wizard step numbers (declaration-flow §2) that fix each finding. */
export const PREVIEW_CODE_STEP: Readonly<Record<PreviewErrorCode, number>> = {
  PREVIEW_CONSENT_MISSING: 3,
  PREVIEW_VEHICLE_DATA_LOST: 4,
  PREVIEW_TRAILER_LOST: 4,
  PREVIEW_NOT_LINKED: 4,
  PREVIEW_EMAIL: 5,
  PREVIEW_CONTACT: 5,
  PREVIEW_LOCATION: 6,
  PREVIEW_AUTOMATIC_DATA_MISSING: 6,
  PREVIEW_PHOTOS: 7,
  PREVIEW_IMAGES_NOT_SAVED: 7,
  PREVIEW_IMPACT: 8,
  PREVIEW_CONDITIONS: 9,
  PREVIEW_SCHEME: 10,
  PREVIEW_DRIVER_DATA: 11,
  PREVIEW_SAME_PERSON: 11,
  PREVIEW_GUILTY_MISSING: 13,
  PREVIEW_SIGNATURES_NOT_SAVED: 13,
  PREVIEW_INSURER_NOT_FOUND: 13,
  PREVIEW_CANNOT_FINALIZE: 12,
};

export interface PreviewFinding {
  readonly code: PreviewErrorCode;
  /** The party whose data is missing; null for the shared part (time, place, scheme, overview). */
  readonly party: Party | null;
  readonly step: number;
}

/** What the preview check needs beyond the declaration itself. */
export interface PreviewContext {
  /** Has the other driver's device ever joined (two-user mode)? */
  readonly linked: boolean;
  /** Ids of the images whose bytes the store holds; an id missing here is "images not saved". */
  readonly savedImageIds: ReadonlySet<string>;
  /** Today in Vilnius (YYYY-MM-DD): the latest birth date a driver may give. */
  readonly today: string;
}

/** The driver step's own rule (rules/driver-form.ts): the preview refuses what the screen refuses. */
function driverComplete(p: PartyData, today: string): boolean {
  return isDriverFormComplete(p.driver, today);
}

function contactFindings(p: PartyData, party: Party): PreviewFinding[] {
  const d = p.driver;
  if (d.informMethod === 'email') {
    return isEmail(d.email) ? [] : [{ code: 'PREVIEW_EMAIL', party, step: 5 }];
  }
  if (d.informMethod === 'tel') {
    return isPhone(d.tel) && d.telConfirmed ? [] : [{ code: 'PREVIEW_CONTACT', party, step: 5 }];
  }
  return [{ code: 'PREVIEW_CONTACT', party, step: 5 }];
}

/**
 * Both parties are one person: the same name, surname and birth date. Not by the personal codes:
 * a driver could then test guesses of the other's code (their password) by changing their own and
 * asking for the preview (VW1).
 */
function samePerson(d: Declaration): boolean {
  const key = (p: PartyData) => [p.driver.name, p.driver.surname, p.driver.dob].map((s) => s.trim().toLocaleUpperCase('lt')).join('|');
  const a = d.parties.A.driver;
  return a.name.trim() !== '' && a.surname.trim() !== '' && a.dob !== '' && key(d.parties.A) === key(d.parties.B);
}

const finding = (code: PreviewErrorCode, party: Party | null): PreviewFinding => ({ code, party, step: PREVIEW_CODE_STEP[code] });

/** validate-t1: everything the preview step requires, in the order of the wizard's steps. */
export function validateT1(d: Declaration, ctx: PreviewContext): PreviewFinding[] {
  const out: PreviewFinding[] = [];
  for (const party of PARTIES) {
    const p = d.parties[party];
    if (!p.disclaimers.user || !p.disclaimers.rules || !p.disclaimers.policy) out.push(finding('PREVIEW_CONSENT_MISSING', party));
    if (p.vehicle.plate === '' && !p.vehicle.noPlate) out.push(finding('PREVIEW_VEHICLE_DATA_LOST', party));
    if (p.plates.hasTrailer && !p.trailer) out.push(finding('PREVIEW_TRAILER_LOST', party));
  }
  if (d.twoUserMode && !ctx.linked) out.push(finding('PREVIEW_NOT_LINKED', 'B'));
  for (const party of PARTIES) out.push(...contactFindings(d.parties[party], party));
  if (d.timePlace.originalTime === null) out.push(finding('PREVIEW_AUTOMATIC_DATA_MISSING', null));
  const located = isLocationValid(d.timePlace.correctedLocation) || isLocationValid(d.timePlace.originalLocation);
  if (!located || !d.timePlace.locationAddress || accidentPlaceError(d.timePlace.locationAddress) !== null) {
    out.push(finding('PREVIEW_LOCATION', null));
  }
  const missing = missingPhotos(d);
  const flagged = new Set<string>();
  for (const m of missing) {
    const key = `${m.party}`;
    if (!flagged.has(key)) {
      flagged.add(key);
      out.push(finding('PREVIEW_PHOTOS', m.party));
    }
  }
  for (const party of PARTIES) {
    if (d.parties[party].photos.some((ph) => !ctx.savedImageIds.has(ph.id))) out.push(finding('PREVIEW_IMAGES_NOT_SAVED', party));
  }
  for (const party of PARTIES) {
    const dmg = d.parties[party].damages;
    if (dmg.impactMeta.points.length === 0 && dmg.text.trim() === '' && dmg.imageId === null) {
      out.push(finding('PREVIEW_IMPACT', party));
    }
  }
  for (const party of PARTIES) if (d.parties[party].conditions.length === 0) out.push(finding('PREVIEW_CONDITIONS', party));
  if (!d.scheme.imageId) out.push(finding('PREVIEW_SCHEME', null));
  for (const party of PARTIES) if (!driverComplete(d.parties[party], ctx.today)) out.push(finding('PREVIEW_DRIVER_DATA', party));
  if (samePerson(d)) out.push(finding('PREVIEW_SAME_PERSON', null));
  return out;
}

/** validate-t2: t1 plus what the signatures step adds (guilt, both signatures, responsible insurer). */
export function validateT2(d: Declaration, ctx: PreviewContext): PreviewFinding[] {
  const out = validateT1(d, ctx);
  if (d.guilt.status !== 'RESOLVED') out.push(finding('PREVIEW_GUILTY_MISSING', null));
  for (const party of PARTIES) {
    const s = d.parties[party].signature;
    if (!s || !ctx.savedImageIds.has(s.imageId)) out.push(finding('PREVIEW_SIGNATURES_NOT_SAVED', party));
  }
  for (const party of PARTIES) {
    if (!insurerHolds(d.parties[party], accidentDay(d, null))) out.push(finding('PREVIEW_INSURER_NOT_FOUND', party));
  }
  return out;
}
