/**
 * The declaration document (issue 6): what the PDF every driver and insurer receives holds, in the
 * layout of a European accident statement. `documentModel` reads it out of a finished declaration
 * as plain data; a renderer adapter turns it into a PDF in one language, with its own labels (the
 * domain holds no user-facing text).
 */
import { CIRCUMSTANCE_KEYS, type CircumstanceKey } from '../rules/circumstances.js';
import { PARTIES, type Locale, type Party } from '../rules/constants.js';
import { formatDate, formatTime } from '../rules/dates.js';
import { formatAddress } from '../rules/address.js';
import type { VehicleTypeLetter } from '../rules/vehicle-types.js';
import type { Declaration, GreenCard, GuiltyChoice, Witness } from '../declaration/entities.js';
import { insuranceKind, type InsuranceKind } from '../declaration/insurance.js';

/** One party's column of the statement. */
export interface DocumentParty {
  readonly party: Party;
  readonly fillLang: Locale;
  readonly vehicle: {
    /** The plate, or the VIN of a vehicle without a plate. */
    readonly plate: string;
    readonly noPlate: boolean;
    readonly vin: string;
    /** The virtual identifier of a vehicle without a plate (VI1-VI3), '' when none. */
    readonly vi: string;
    readonly country: string;
    readonly make: string;
    readonly model: string;
    readonly type: VehicleTypeLetter | null;
  };
  readonly trailer: { readonly plate: string; readonly vin: string; readonly make: string; readonly model: string; readonly insurerName: string; readonly policyNo: string } | null;
  readonly insurance: {
    /** The insurer of the policy (registry), or the one the driver entered. */
    readonly insurerName: string;
    readonly policyNo: string;
    /** The insurer responsible for this party's claim (declaration-flow §3 responsible insurer). */
    readonly responsibleName: string;
    readonly responsibleWww: string;
    /** IN2: insured by an insurer of the registry, abroad (with its green card), not at all, or not said. */
    readonly kind: InsuranceKind;
    readonly greenCard: GreenCard | null;
  };
  readonly driver: {
    readonly name: string;
    readonly surname: string;
    /** Personal code or licence number; null on the other driver's copy, where it is not printed (DOC5). */
    readonly code: string | null;
    /** YYYY-MM-DD or empty. */
    readonly dob: string;
    readonly address: string;
    readonly country: string;
    readonly tel: string;
    readonly email: string;
  };
  /** The circumstances this party ticked, in order, and their count (box 14 of the statement). */
  readonly circumstances: readonly CircumstanceKey[];
  readonly circumstanceCount: number;
  readonly impact: { readonly points: readonly string[]; readonly direction: number | null };
  readonly damagesText: string;
  readonly damagesImageId: string | null;
  readonly comment: string;
  readonly witnesses: readonly Witness[];
  readonly signatureImageId: string | null;
  /** Photos with their legends already drawn on them, by section: 0 scene, 1 plate, 2 damages, 3 other. */
  readonly photos: readonly { readonly id: string; readonly set: number }[];
  readonly voiceNotes: number;
}

export interface DocumentModel {
  readonly declarationId: string;
  /** The accident id of the e-mail view link: printed so a reader can quote it. */
  readonly accidentId: string;
  /** Accident time in Vilnius time: date YYYY-MM-DD and time HH:MM. */
  readonly date: string;
  readonly time: string;
  readonly place: { readonly address: string; readonly latitude: number | null; readonly longitude: number | null };
  /** Who the drivers agreed is at fault. */
  readonly guilty: GuiltyChoice | null;
  /** All 19 circumstances with which party ticked each (the statement's middle column). */
  readonly circumstances: readonly { readonly key: CircumstanceKey; readonly A: boolean; readonly B: boolean }[];
  readonly schemeImageId: string | null;
  readonly parties: Readonly<Record<Party, DocumentParty>>;
  /** When the declaration was completed (both submitted), Vilnius date and time. */
  readonly completed: string;
}

/** A stored image the document shows (scheme, signatures, damage drawings, photos). */
export interface DocumentImage {
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

const addressText = (a: { value: string; pat: string | null } | null) => (a ? formatAddress(a.value, a.pat) : '');

function partyOf(d: Declaration, party: Party): DocumentParty {
  const p = d.parties[party];
  const v = p.vehicle;
  return {
    party,
    fillLang: p.fillLang,
    vehicle: {
      plate: v.noPlate ? v.vin : v.plate || p.plates.plate,
      noPlate: v.noPlate,
      vin: v.vin,
      vi: v.noPlate ? (v.vi ?? '') : '',
      country: v.country,
      make: v.make,
      model: v.model,
      type: v.type ?? v.typeSelected,
    },
    trailer: p.trailer
      ? { plate: p.trailer.plate, vin: p.trailer.vin, make: p.trailer.make, model: p.trailer.model, insurerName: p.trailer.insurerName, policyNo: p.trailer.policyNo }
      : null,
    insurance: {
      insurerName: v.insurerName || v.insurerNameEntered,
      policyNo: v.policyNo,
      responsibleName: p.responsibleInsurer.name,
      responsibleWww: p.responsibleInsurer.www,
      kind: insuranceKind(p.responsibleInsurer),
      greenCard: p.responsibleInsurer.greenCard ?? null,
    },
    driver: {
      name: p.driver.name,
      surname: p.driver.surname,
      code: p.driver.code,
      dob: p.driver.dob,
      address: addressText(p.driver.address),
      country: p.driver.country,
      tel: p.driver.informMethod === 'tel' || p.driver.telConfirmed ? p.driver.tel : '',
      email: p.driver.email,
    },
    circumstances: CIRCUMSTANCE_KEYS.filter((k) => p.conditions.includes(k)),
    circumstanceCount: p.conditions.length,
    impact: { points: [...p.damages.impactMeta.points], direction: p.damages.impactMeta.direction },
    damagesText: p.damages.text,
    damagesImageId: p.damages.imageId,
    comment: p.comment,
    witnesses: [...p.witnesses],
    signatureImageId: p.signature?.imageId ?? null,
    photos: [...p.photos].sort((a, b) => a.set - b.set || a.addedAt - b.addedAt).map((ph) => ({ id: ph.id, set: ph.set })),
    voiceNotes: p.audio.length,
  };
}

/**
 * The document's content for a declaration both drivers submitted. Photos of the overview section
 * (set 0) are shared: each appears once, under the party that took it.
 */
export function documentModel(d: Declaration, accidentId: string, completedAt: number): DocumentModel {
  const when = d.timePlace.correctedTime ?? d.timePlace.originalTime ?? d.createdAt;
  const location = d.timePlace.correctedLocation ?? d.timePlace.originalLocation;
  return {
    declarationId: d.id,
    accidentId,
    date: formatDate(when),
    time: formatTime(when).slice(0, 5),
    place: {
      address: d.timePlace.locationAddress?.value ?? '',
      latitude: location?.latitude ?? null,
      longitude: location?.longitude ?? null,
    },
    guilty: d.guilt.resolved,
    circumstances: CIRCUMSTANCE_KEYS.map((key) => ({ key, A: d.parties.A.conditions.includes(key), B: d.parties.B.conditions.includes(key) })),
    schemeImageId: d.scheme.imageId,
    parties: { A: partyOf(d, 'A'), B: partyOf(d, 'B') },
    completed: `${formatDate(completedAt)} ${formatTime(completedAt).slice(0, 5)}`,
  };
}

/** The ids of every stored image the document shows, for loading them before rendering. */
export function documentImageIds(m: DocumentModel): string[] {
  const ids = new Set<string>();
  if (m.schemeImageId) ids.add(m.schemeImageId);
  for (const party of PARTIES) {
    const p = m.parties[party];
    if (p.signatureImageId) ids.add(p.signatureImageId);
    if (p.damagesImageId) ids.add(p.damagesImageId);
    for (const photo of p.photos) ids.add(photo.id);
  }
  return [...ids];
}

/**
 * Photos in the document: fitted to 1400 px at quality 78 — sharp on an A4 page (a photo page is
 * some 180 mm wide: ~200 dpi), a quarter of the stored photo's bytes, so a declaration with many
 * photos stays far below mail servers' size limits.
 */
export const DOCUMENT_PHOTO = { maxSide: 1400, quality: 78 } as const;

/** Who a copy of the document is for: a driver, or the insurers (and the bureau). */
export type DocumentAudience = Party | 'insurers';

/**
 * The document as printed for its reader (DOC5): a driver's copy leaves out the other driver's
 * personal code (its last 6 characters are the other's password) and shows their birth date; the
 * insurers' copy holds both codes.
 */
export function documentFor(model: DocumentModel, audience: DocumentAudience): DocumentModel {
  if (audience === 'insurers') return model;
  const other: Party = audience === 'A' ? 'B' : 'A';
  const o = model.parties[other];
  return { ...model, parties: { ...model.parties, [other]: { ...o, driver: { ...o.driver, code: null } } } };
}
