/**
 * Issue 17, the victim's claim (UEID; app-shell §3 "Claim record"): the record's shape as valibot
 * schemas, the blank form that cleanup restores (declaration-flow §4: competence id 0, insurer -1,
 * bank country Lithuania, phones emptied), the document lists, the claim's states and which state
 * the bureau may set after which (SPEC UE). The form's rules are in `claim-rules.ts`.
 */
import * as v from 'valibot';
import { object } from '../rules/schema.js';
import { DEFAULT_COUNTRY, INSURER_ID_DEFAULT } from '../rules/constants.js';
import { INSURER_ID_MAX, TEXT_LIMITS } from '../declaration/entities.js';

const str = (max: number) => v.pipe(v.string(), v.maxLength(max));
const country = v.pipe(v.string(), v.regex(/^[A-Z]{2}$/));
const optionalDate = v.pipe(v.string(), v.regex(/^(\d{4}-\d{2}-\d{2})?$/));

/** The document lists of a claim (app-shell §3). */
export const CLAIM_DOCUMENT_KINDS = ['legal', 'fotos', 'damage', 'coresp', 'inquiry', 'medical', 'authorization'] as const;
export type ClaimDocumentKind = (typeof CLAIM_DOCUMENT_KINDS)[number];
/** UE5: at most this many files in one list, and this many in the whole claim. */
export const CLAIM_FILES_PER_KIND = 10;
export const CLAIM_FILES_MAX = 30;

/**
 * UE1: a claim is a DRAFT while the victim fills it in (saved as typed), SUBMITTED when sent, then
 * the bureau marks it RECEIVED, INFORMATION_REQUESTED (the victim adds what is asked) or DECIDED.
 */
export const CLAIM_STATES = ['DRAFT', 'SUBMITTED', 'RECEIVED', 'INFORMATION_REQUESTED', 'DECIDED'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];
/** The states the console sets (DRAFT and SUBMITTED are the victim's). */
export const BUREAU_CLAIM_STATES = ['RECEIVED', 'INFORMATION_REQUESTED', 'DECIDED'] as const;
export type BureauClaimState = (typeof BUREAU_CLAIM_STATES)[number];

/** UE2: the states the bureau may set from each state; a decided claim stays decided. */
const BUREAU_MOVES: Readonly<Record<ClaimState, readonly BureauClaimState[]>> = {
  DRAFT: [],
  SUBMITTED: ['RECEIVED', 'INFORMATION_REQUESTED', 'DECIDED'],
  RECEIVED: ['INFORMATION_REQUESTED', 'DECIDED'],
  INFORMATION_REQUESTED: ['RECEIVED', 'DECIDED'],
  DECIDED: [],
};

export function bureauMayMove(from: ClaimState, to: BureauClaimState): boolean {
  return BUREAU_MOVES[from].includes(to);
}

/**
 * UE5: how many more files the claim takes: in the list `kind`, or in any list when no kind is
 * given (both the claim's and the list's limit count).
 */
export function claimDocumentRoom(claim: { readonly documents: readonly { readonly kind: ClaimDocumentKind }[] }, kind?: ClaimDocumentKind): number {
  const total = CLAIM_FILES_MAX - claim.documents.length;
  const inList = kind === undefined ? CLAIM_FILES_PER_KIND : CLAIM_FILES_PER_KIND - claim.documents.filter((d) => d.kind === kind).length;
  return Math.max(0, Math.min(total, inList));
}

/** UE3: the victim edits the form only as a draft; documents may be added while the bureau has not decided. */
export const claimFormEditable = (state: ClaimState): boolean => state === 'DRAFT';
export const claimDocumentsOpen = (state: ClaimState): boolean => state !== 'DECIDED';

export const VICTIM_KINDS = ['PERSON', 'COMPANY'] as const;

export const ClaimCompetenceSchema = object({
  /** 0 until decided; then the competent body's number (`COMPETENT_BODY_IDS`). */
  id: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(5)),
  insurerCountry: v.union([country, v.literal('')]),
  insurerName: str(TEXT_LIMITS.short),
  /** The foreign insurer's correspondent or claims representative in Lithuania. */
  representativeName: str(TEXT_LIMITS.short),
  /** When the victim asked the insurer (case b, c), YYYY-MM-DD or empty. */
  inquiryDate: optionalDate,
  /** The insurer's case number, when it gave one. */
  caseNo: str(TEXT_LIMITS.short),
});

export const ClaimPersonSchema = object({
  kind: v.picklist(VICTIM_KINDS),
  firstName: str(TEXT_LIMITS.name),
  lastName: str(TEXT_LIMITS.name),
  personalCode: str(20),
  companyName: str(TEXT_LIMITS.short),
  companyCode: str(20),
  phone: str(TEXT_LIMITS.phone),
  email: str(TEXT_LIMITS.email),
  address: str(TEXT_LIMITS.address),
});

export const ClaimRepresentativeSchema = object({
  present: v.boolean(),
  firstName: str(TEXT_LIMITS.name),
  lastName: str(TEXT_LIMITS.name),
  phone: str(TEXT_LIMITS.phone),
  email: str(TEXT_LIMITS.email),
});

export const ClaimCulpritSchema = object({
  firstName: str(TEXT_LIMITS.name),
  lastName: str(TEXT_LIMITS.name),
  phone: str(TEXT_LIMITS.phone),
  plate: str(TEXT_LIMITS.short),
  vehicleCountry: country,
  make: str(TEXT_LIMITS.short),
  model: str(TEXT_LIMITS.short),
  insured: v.boolean(),
  insurerId: v.pipe(v.number(), v.integer(), v.minValue(INSURER_ID_DEFAULT), v.maxValue(INSURER_ID_MAX)),
  policyNo: str(TEXT_LIMITS.short),
  /** A phone number on the vehicle (a company car, a lorry's dispatcher). */
  vehiclePhone: str(TEXT_LIMITS.phone),
});

export const ClaimLocationSchema = object({
  country,
  date: optionalDate,
  time: v.pipe(v.string(), v.regex(/^(\d{2}:\d{2})?$/)),
  address: str(TEXT_LIMITS.address),
});

export const ClaimDamageSchema = object({
  /** The repair's cost and the vehicle's value before the accident, typed as sums (NUM2, NUM3). */
  vehicleRepair: str(20),
  vehicleValue: str(20),
  vehicleDescription: str(TEXT_LIMITS.damages),
  personInjured: v.boolean(),
  personDescription: str(TEXT_LIMITS.damages),
  otherDescription: str(TEXT_LIMITS.damages),
  otherSum: str(20),
});

export const ClaimWitnessSchema = object({ name: str(TEXT_LIMITS.name), surname: str(TEXT_LIMITS.name), phone: str(TEXT_LIMITS.phone) });

export const ClaimPaymentSchema = object({
  bankCountry: country,
  bankName: str(TEXT_LIMITS.short),
  bankCode: v.pipe(v.string(), v.regex(/^(\d{5})?$/)),
  accountNo: str(42),
  type: v.picklist(VICTIM_KINDS),
  name: str(TEXT_LIMITS.name),
  surname: str(TEXT_LIMITS.name),
});

/** The form: what the victim types (and what a declaration prefills). Every field is bounded. */
export const ClaimDataSchema = object({
  competence: ClaimCompetenceSchema,
  victim: ClaimPersonSchema,
  representative: ClaimRepresentativeSchema,
  culprit: ClaimCulpritSchema,
  location: ClaimLocationSchema,
  damage: ClaimDamageSchema,
  police: object({ informed: v.boolean(), comment: str(TEXT_LIMITS.comment) }),
  /** The declaration's scheme is used when the claim was started from one (its image, never re-drawn). */
  scheme: object({ fromDeclaration: v.boolean(), comment: str(TEXT_LIMITS.comment) }),
  witnesses: v.pipe(v.array(ClaimWitnessSchema), v.maxLength(TEXT_LIMITS.witnesses)),
  payment: ClaimPaymentSchema,
});
export type ClaimData = v.InferOutput<typeof ClaimDataSchema>;

export interface ClaimDocument {
  readonly fileId: string;
  readonly kind: ClaimDocumentKind;
  readonly fileName: string;
  readonly mimeType: string;
  readonly size: number;
  readonly addedAt: number;
}

/** A stored claim: its owner, where it came from, its state and its form. */
export interface Claim {
  readonly id: string;
  readonly accountId: string;
  /** The declaration it was started from, and the victim's party in it; null for a typed claim. */
  readonly declarationId: string | null;
  readonly party: 'A' | 'B' | null;
  readonly state: ClaimState;
  readonly data: ClaimData;
  readonly documents: readonly ClaimDocument[];
  /** The bureau's number of the claim (given at submission), e.g. "Z-20261124-4F7Q". */
  readonly number: string | null;
  /** The chat the bureau's messages about the claim go to (made at the first change of state). */
  readonly chatId: string | null;
  readonly version: number;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly submittedAt: number | null;
}

/** The blank form (declaration-flow §4 cleanup): competence id 0, insurer -1, bank country Lithuania, phones empty. */
export function blankClaimData(): ClaimData {
  const person = { firstName: '', lastName: '', phone: '', email: '' };
  return {
    competence: { id: 0, insurerCountry: '', insurerName: '', representativeName: '', inquiryDate: '', caseNo: '' },
    victim: { kind: 'PERSON', ...person, personalCode: '', companyName: '', companyCode: '', address: '' },
    representative: { present: false, ...person },
    culprit: { firstName: '', lastName: '', phone: '', plate: '', vehicleCountry: DEFAULT_COUNTRY, make: '', model: '', insured: true, insurerId: INSURER_ID_DEFAULT, policyNo: '', vehiclePhone: '' },
    location: { country: DEFAULT_COUNTRY, date: '', time: '', address: '' },
    damage: { vehicleRepair: '', vehicleValue: '', vehicleDescription: '', personInjured: false, personDescription: '', otherDescription: '', otherSum: '' },
    police: { informed: false, comment: '' },
    scheme: { fromDeclaration: false, comment: '' },
    witnesses: [],
    payment: { bankCountry: DEFAULT_COUNTRY, bankName: '', bankCode: '', accountNo: '', type: 'PERSON', name: '', surname: '' },
  };
}

/** The claim's id in paths: the server's random tokens only. */
export const ClaimIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/));

/** The blob folder of a claim's documents (never a declaration's id: those are UUIDs). */
export const CLAIM_FILES_PREFIX = 'claim-';
export const claimFilesFolder = (claimId: string): string => `${CLAIM_FILES_PREFIX}${claimId}`;

/** UE4: the bureau's number of a claim: the submission's date and four characters of its id. */
export function claimNumber(submittedOn: string, claimId: string): string {
  return `Z-${submittedOn.replace(/-/g, '')}-${claimId.replace(/[^A-Za-z0-9]/g, '').slice(0, 4).toUpperCase()}`;
}
