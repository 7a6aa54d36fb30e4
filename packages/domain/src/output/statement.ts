/**
 * Statements: what a driver opens after the declaration was sent (app-shell §2). Each driver has
 * one statement with two links to it: `/a/{suid}` in the SMS and
 * `/accidents/{accidentId}/statements/{statementId}` in the e-mail (with a QR code). Every id is
 * an unguessable token (192 bits). The preview opens with the preview password (declaration-flow
 * §9: the last 6 characters of the driver's personal code or licence number); wrong passwords are
 * limited per link, and an unknown link answers exactly like a wrong password, so that nobody can
 * tell from the answer whether a link exists.
 */
import * as v from 'valibot';
import { object } from '../rules/schema.js';
import { failureLockMs } from '../rules/limits.js';
import { LINK_LANG_PARAM, PARTIES, PREVIEW_PASSWORD_LENGTH, type Locale, type Party } from '../rules/constants.js';
import type { CircumstanceKey } from '../rules/circumstances.js';
import { formatDate, formatTime } from '../rules/dates.js';
import { previewPassword } from '../rules/personal-code.js';
import type { AudioType, Declaration, GreenCard, PartyData } from '../declaration/entities.js';
import { insuranceKind, type InsuranceKind } from '../declaration/insurance.js';
import { thumbnailId } from '../rules/content-type.js';

/** A statement as stored (the password only as a hash). */
export interface StatementRecord {
  readonly statementId: string;
  readonly suid: string;
  readonly accidentId: string;
  readonly declarationId: string;
  readonly party: Party;
  readonly lang: Locale;
  readonly passwordHash: string;
  /** Stored blob ids of the encrypted documents (getFile types 0 and 2). */
  readonly documents: { readonly primary: string; readonly secondary: string };
  readonly createdAt: number;
}

const withLang = (path: string, lang: Locale) => `${path}?${LINK_LANG_PARAM}=${lang}`;
export const smsLinkPath = (suid: string, lang: Locale) => withLang(`/a/${suid}`, lang);
export const emailLinkPath = (accidentId: string, statementId: string, lang: Locale) =>
  withLang(`/accidents/${accidentId}/statements/${statementId}`, lang);

/** The preview password of a party (declaration-flow §9), from the code given in the declaration. */
export function partyPreviewPassword(d: Declaration, party: Party): string {
  return previewPassword(d.parties[party].driver.code);
}

/** A link's ids as the preview page reads them from its path. */
const LinkIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/));
export const StatementLinkSchema = v.union([
  object({ suid: LinkIdSchema }),
  object({ accidentId: LinkIdSchema, statementId: LinkIdSchema }),
]);
export type StatementLink = v.InferOutput<typeof StatementLinkSchema>;

/** The key of a link for the wrong-password limit (the same for a link that does not exist). */
export const linkKey = (link: StatementLink): string => ('suid' in link ? `s:${link.suid}` : `e:${link.accidentId}:${link.statementId}`);

/** POST /serveris/statement: open a statement with its password. */
export const StatementOpenSchema = object({
  link: StatementLinkSchema,
  password: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(PREVIEW_PASSWORD_LENGTH * 4)),
});

/**
 * Wrong passwords per link (not in the spec): after 5 within 15 minutes the link refuses every
 * password, the right one too, until 15 minutes after the last wrong one. Six digits are a million
 * tries: at 5 per 15 minutes a guess takes years.
 */
export const PREVIEW_LIMIT = { attempts: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

/**
 * The limit's decision from the times of a link's wrong passwords: how long the link stays closed
 * (0: open). Pure, so the limit is tested with the spec-like numbers and no clock.
 */
export function previewLockMs(failures: readonly number[], now: number): number {
  return failureLockMs(PREVIEW_LIMIT, failures, now);
}

/**
 * GET /getFile types (app-shell §7): 0 the password-protected declaration PDF, 2 its second
 * variant (the same document in the other driver's language, same password), 69 the images bucket
 * (photos, scheme, signatures, damage drawings), any other number the documents bucket (voice notes).
 */
export type GetFileBucket = 'pdf' | 'pdf2' | 'images' | 'documents';
export function getFileBucket(type: number): GetFileBucket {
  if (type === 0) return 'pdf';
  if (type === 2) return 'pdf2';
  if (type === 69) return 'images';
  return 'documents';
}

export const GetFileQuerySchema = object({
  cuid: LinkIdSchema,
  fileName: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.-]{1,100}$/)),
  type: v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number)),
});

/** What the preview shows of a statement after its password (app-shell §2 detail view). */
export interface StatementPartyView {
  readonly plate: string;
  readonly trailerPlate: string | null;
  readonly makeModel: string;
  readonly driver: string;
  /** The insurer's name (abroad: the green card's insurer). */
  readonly insurer: string;
  /** IN2: insured by a registry insurer, abroad (with its green card), not at all, or not said. */
  readonly insurance: InsuranceKind;
  /** What the green card says, for a vehicle insured abroad; null otherwise. */
  readonly greenCard: GreenCard | null;
  readonly damages: string;
  readonly impact: readonly string[];
  readonly circumstances: readonly CircumstanceKey[];
  readonly comment: string;
  readonly witnesses: readonly string[];
  readonly photos: readonly { readonly id: string; readonly set: number }[];
  readonly audio: readonly { readonly id: string; readonly type: AudioType }[];
  readonly signatureImageId: string | null;
}

/** An insurer's claim registered for the driver's vehicle (issue 36), as the statement page shows it. */
export interface StatementClaim {
  /** The registry's insurer that registered it. */
  readonly insurerId: number;
  readonly insurerName: string;
  readonly claimNumber: string;
  readonly contactName: string;
  readonly contactPhone: string;
  readonly contactEmail: string;
  readonly registeredAt: number;
}

export interface StatementView {
  readonly statementId: string;
  readonly party: Party;
  readonly lang: Locale;
  readonly date: string;
  readonly time: string;
  readonly address: string;
  readonly guilty: 'A' | 'B' | 'BOTH' | null;
  /** The documents to download: type 0 in the driver's language, type 2 in the other driver's. */
  readonly documents: readonly { readonly type: 0 | 2; readonly fileName: string; readonly lang: Locale }[];
  readonly parties: Readonly<Record<Party, StatementPartyView>>;
  readonly schemeImageId: string | null;
  /** The claim numbers the driver's insurer registered (issue 36): none until it does. */
  readonly claims: readonly StatementClaim[];
}

/** The document's file name: the plates, ASCII only (a safe Content-Disposition). */
export function documentFileName(d: Declaration, lang: Locale): string {
  const plate = (p: Party) => (d.parties[p].vehicle.plate || d.parties[p].plates.plate || d.parties[p].vehicle.vin || p).replace(/[^A-Za-z0-9]/g, '');
  // The language in the name too (issue 37): a driver's own copy and the one in the other's language differ.
  return `${lang === 'lt' ? 'deklaracija' : 'declaration'}-${plate('A')}-${plate('B')}-${lang}.pdf`;
}

/** The other driver's language, when it differs (the type-2 document). */
export function secondaryLang(d: Declaration, party: Party): Locale | null {
  const own = d.parties[party].fillLang;
  const other = d.parties[party === 'A' ? 'B' : 'A'].fillLang;
  return other === own ? null : other;
}

/** The detail view of a statement, read from its declaration. */
/** The insurer as the statement shows it: a card from abroad with its country and number, as the driver gave it. */
function insurerText(p: PartyData): string {
  const card = p.responsibleInsurer.greenCard;
  if (insuranceKind(p.responsibleInsurer) === 'ABROAD' && card) return card.insurerName;
  if (insuranceKind(p.responsibleInsurer) === 'NONE') return '';
  return p.responsibleInsurer.name || p.vehicle.insurerName || p.vehicle.insurerNameEntered;
}

export function statementView(d: Declaration, s: StatementRecord, claims: readonly StatementClaim[] = []): StatementView {
  const when = d.timePlace.correctedTime ?? d.timePlace.originalTime ?? d.createdAt;
  const second = secondaryLang(d, s.party);
  const parties = Object.fromEntries(
    PARTIES.map((party) => {
      const p = d.parties[party];
      const view: StatementPartyView = {
        plate: p.vehicle.noPlate ? p.vehicle.vin : p.vehicle.plate || p.plates.plate,
        trailerPlate: p.trailer?.plate ?? null,
        makeModel: `${p.vehicle.make} ${p.vehicle.model}`.trim(),
        driver: `${p.driver.name} ${p.driver.surname}`.trim(),
        insurer: insurerText(p),
        greenCard: insuranceKind(p.responsibleInsurer) === 'ABROAD' ? (p.responsibleInsurer.greenCard ?? null) : null,
        insurance: insuranceKind(p.responsibleInsurer),
        damages: p.damages.text,
        impact: [...p.damages.impactMeta.points],
        circumstances: [...p.conditions],
        comment: p.comment,
        witnesses: p.witnesses.map((w) => `${w.name} ${w.surname} ${w.phone}`.trim()),
        photos: p.photos.map((ph) => ({ id: ph.id, set: ph.set })),
        audio: p.audio.map((a) => ({ id: a.id, type: a.type })),
        signatureImageId: p.signature?.imageId ?? null,
      };
      return [party, view];
    }),
  ) as Record<Party, StatementPartyView>;
  return {
    statementId: s.statementId,
    party: s.party,
    lang: s.lang,
    date: formatDate(when),
    time: formatTime(when).slice(0, 5),
    address: d.timePlace.locationAddress?.value ?? '',
    guilty: d.guilt.resolved,
    documents: [
      { type: 0, fileName: documentFileName(d, s.lang), lang: s.lang },
      ...(second ? [{ type: 2 as const, fileName: documentFileName(d, second), lang: second }] : []),
    ],
    parties,
    schemeImageId: d.scheme.imageId,
    claims,
  };
}

/** Every stored image of a declaration a statement may serve (getFile type 69), thumbnails included. */
export function statementImageIds(d: Declaration): Set<string> {
  const ids = new Set<string>();
  for (const party of PARTIES) {
    const p = d.parties[party];
    for (const ph of p.photos) {
      ids.add(ph.id);
      ids.add(thumbnailId(ph.id));
    }
    if (p.signature) ids.add(p.signature.imageId);
    if (p.damages.imageId) ids.add(p.damages.imageId);
  }
  if (d.scheme.imageId) ids.add(d.scheme.imageId);
  return ids;
}

/** Every stored document of a declaration a statement may serve (getFile's documents bucket). */
export function statementDocumentIds(d: Declaration): Set<string> {
  return new Set(PARTIES.flatMap((party) => d.parties[party].audio.map((a) => a.id)));
}
