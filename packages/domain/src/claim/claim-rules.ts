/**
 * Issue 17: the claim form's rules (SPEC UE, CC, BK). Each step of the wizard has its fields'
 * errors, keyed by the field's path ("victim.companyCode"); the server refuses a submission while
 * any step has one. The rules are the declaration's where the spec gives them (names NAME_INVALID,
 * personal code PC, phone PH, e-mail, sums NUM2/NUM3, IBAN IB1); the company code and the bank
 * list are Lithuania's.
 */
import { isPersonalCode, personalCodeControlDigit } from '../rules/personal-code.js';
import { isName, parseSumCents } from '../rules/general-rules.js';
import { phoneError } from '../rules/phone.js';
import { isEmail } from '../rules/email.js';
import { isIban, normaliseIban } from '../rules/iban.js';
import { DEFAULT_COUNTRY, INSURER_ID_DEFAULT, SUM_MAX } from '../rules/constants.js';
import { trimFillers } from '../rules/validation.js';
import type { ErrorCode } from '../rules/errors.js';
import { decideCompetence, type Competence, type CompetentBody } from './competence.js';
import type { ClaimData, ClaimDocument, ClaimDocumentKind } from './claim.js';

/** CC1: a Lithuanian company code (JAR) is 9 digits; the last is the control digit of the first 8, weighted as a personal code's. */
export function isCompanyCode(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  // The personal code's weights 1…9,1 then 3…9,1,2,3 over 8 digits are 1…8 then 3…9,1: pad to ten with two zeros at the end.
  return personalCodeControlDigit(`${value.slice(0, 8)}00`) === Number(value[8]);
}

/** BK1: the Lithuanian banks and their codes (an LT IBAN's digits 5 to 9). */
export const LT_BANKS = [
  { code: '73000', name: 'Swedbank, AB' },
  { code: '70440', name: 'AB SEB bankas' },
  { code: '40100', name: 'Luminor Bank AS' },
  { code: '71800', name: 'AB Šiaulių bankas' },
  { code: '72300', name: 'UAB Medicinos bankas' },
  { code: '72900', name: 'AB Citadele bankas' },
  { code: '32500', name: 'Revolut Bank UAB' },
  { code: '35000', name: 'Paysera LT, UAB' },
] as const;

/** BK2: the bank code of a Lithuanian IBAN (LTkk BBBBB AAAAAAAAAAA), or null. */
export function ibanBankCode(iban: string): string | null {
  const n = normaliseIban(iban);
  return /^LT\d{18}$/.test(n) ? n.slice(4, 9) : null;
}

export const bankByCode = (code: string) => LT_BANKS.find((b) => b.code === code) ?? null;

/** The competent body's number kept in the record's `competence.id` (0: not decided). */
export const COMPETENT_BODY_IDS: Readonly<Record<CompetentBody, number>> = { INSURER: 1, CORRESPONDENT: 2, REPRESENTATIVE: 3, BUREAU: 4, FOREIGN_BODY: 5 };

/** UE9: where the claim is e-mailed: a Lithuanian insurer's claims address when it is the body and has one, else the bureau's (which passes it on). */
export function claimRecipient(body: CompetentBody, insurerClaimsEmail: string, bureauEmail: string): string {
  return body === 'INSURER' && insurerClaimsEmail.trim() !== '' ? insurerClaimsEmail.trim() : bureauEmail;
}

/** UE6: the form's competence (CM2, CM3) from where it happened and who caused it. */
export function claimCompetence(d: ClaimData): Competence {
  return decideCompetence({
    accidentCountry: d.location.country,
    vehicleCountry: d.culprit.vehicleCountry,
    culpritInsured: d.culprit.insured,
    insurerCountry: d.competence.insurerCountry === '' ? null : d.competence.insurerCountry,
    lithuanianRepresentative: d.competence.representativeName.trim() !== '',
  });
}

/** The wizard's steps, in order; review shows every step's errors. */
export const CLAIM_STEPS = ['accident', 'victim', 'culprit', 'damage', 'documents', 'payment'] as const;
export type ClaimStep = (typeof CLAIM_STEPS)[number];

export type ClaimErrors = Readonly<Record<string, ErrorCode>>;

const filled = (s: string): boolean => trimFillers(s) !== '';

type Put = (path: string, code: ErrorCode | null) => void;

function name(put: Put, path: string, value: string, required = true): void {
  if (!filled(value)) put(path, required ? 'REQUIRED' : null);
  else put(path, isName(value.trim()) ? null : 'NAME_INVALID');
}

function phone(put: Put, path: string, value: string, required: boolean): void {
  if (!filled(value)) put(path, required ? 'REQUIRED' : null);
  else put(path, phoneError(value));
}

function email(put: Put, path: string, value: string, required: boolean): void {
  if (!filled(value)) put(path, required ? 'REQUIRED' : null);
  else put(path, isEmail(value.trim()) ? null : 'EMAIL_INVALID');
}

function sum(put: Put, path: string, value: string): void {
  if (!filled(value)) return;
  const cents = parseSumCents(value.trim());
  put(path, cents === null ? 'SUM_FORMAT' : cents > SUM_MAX * 100 ? 'SUM_TOO_LARGE' : null);
}

function required(put: Put, path: string, value: string): void {
  put(path, filled(value) ? null : 'REQUIRED');
}

const STEP_RULES: Readonly<Record<ClaimStep, (d: ClaimData, put: Put, documents: readonly ClaimDocument[]) => void>> = {
  accident: (d, put) => {
    required(put, 'location.country', d.location.country);
    required(put, 'location.date', d.location.date);
    required(put, 'location.address', d.location.address);
    if (d.police.informed) required(put, 'police.comment', d.police.comment);
  },
  victim: (d, put) => {
    const p = d.victim;
    if (p.kind === 'PERSON') {
      name(put, 'victim.firstName', p.firstName);
      name(put, 'victim.lastName', p.lastName);
      if (filled(p.personalCode)) put('victim.personalCode', isPersonalCode(p.personalCode.trim()) ? null : 'PERSONAL_CODE_INVALID');
    } else {
      required(put, 'victim.companyName', p.companyName);
      if (!filled(p.companyCode)) put('victim.companyCode', 'REQUIRED');
      else put('victim.companyCode', isCompanyCode(p.companyCode.trim()) ? null : 'COMPANY_CODE_INVALID');
    }
    phone(put, 'victim.phone', p.phone, true);
    email(put, 'victim.email', p.email, true);
    required(put, 'victim.address', p.address);
    const r = d.representative;
    if (r.present) {
      name(put, 'representative.firstName', r.firstName);
      name(put, 'representative.lastName', r.lastName);
      phone(put, 'representative.phone', r.phone, true);
      email(put, 'representative.email', r.email, false);
    }
  },
  culprit: (d, put) => {
    const c = d.culprit;
    required(put, 'culprit.plate', c.plate);
    name(put, 'culprit.firstName', c.firstName, false);
    name(put, 'culprit.lastName', c.lastName, false);
    phone(put, 'culprit.phone', c.phone, false);
    phone(put, 'culprit.vehiclePhone', c.vehiclePhone, false);
    if (c.insured) {
      // A Lithuanian insurer is picked from the list; a foreign one is named.
      if (c.vehicleCountry === DEFAULT_COUNTRY) put('culprit.insurerId', c.insurerId > INSURER_ID_DEFAULT ? null : 'REQUIRED');
      else required(put, 'competence.insurerName', d.competence.insurerName);
    }
  },
  damage: (d, put) => {
    sum(put, 'damage.vehicleRepair', d.damage.vehicleRepair);
    sum(put, 'damage.vehicleValue', d.damage.vehicleValue);
    sum(put, 'damage.otherSum', d.damage.otherSum);
    if (d.damage.personInjured) required(put, 'damage.personDescription', d.damage.personDescription);
    const any = filled(d.damage.vehicleRepair) || filled(d.damage.vehicleDescription) || d.damage.personInjured || filled(d.damage.otherDescription);
    put('damage.vehicleDescription', any ? null : 'CLAIM_NO_DAMAGE');
    d.witnesses.forEach((w, i) => {
      name(put, `witnesses.${i}.name`, w.name);
      name(put, `witnesses.${i}.surname`, w.surname);
      phone(put, `witnesses.${i}.phone`, w.phone, true);
    });
  },
  documents: (d, put, documents) => {
    // UE7: a representative proves the authorization; an injury is shown by a medical document.
    const has = (kind: ClaimDocumentKind) => documents.some((f) => f.kind === kind);
    put('documents.authorization', !d.representative.present || has('authorization') ? null : 'CLAIM_DOCUMENT_MISSING');
    put('documents.medical', !d.damage.personInjured || has('medical') ? null : 'CLAIM_DOCUMENT_MISSING');
  },
  payment: (d, put) => {
    const p = d.payment;
    required(put, 'payment.bankCountry', p.bankCountry);
    // A company's name is any text (quotes, digits); a person's is a name.
    if (p.type === 'PERSON') {
      name(put, 'payment.name', p.name);
      name(put, 'payment.surname', p.surname);
    } else required(put, 'payment.name', p.name);
    if (!filled(p.accountNo)) return put('payment.accountNo', 'REQUIRED');
    if (!isIban(p.accountNo)) return put('payment.accountNo', 'IBAN_INVALID');
    if (p.bankCountry !== DEFAULT_COUNTRY) return put('payment.accountNo', normaliseIban(p.accountNo).startsWith(p.bankCountry) ? null : 'IBAN_BANK_MISMATCH');
    // BK3: a Lithuanian account's bank follows from its IBAN: a bank of the list must be the IBAN's; another bank (a credit union, a payment institution) is named.
    const code = ibanBankCode(p.accountNo);
    if (code === null) return put('payment.accountNo', 'IBAN_BANK_MISMATCH');
    if (bankByCode(code)) put('payment.accountNo', p.bankCode === '' || p.bankCode === code ? null : 'IBAN_BANK_MISMATCH');
    else required(put, 'payment.bankName', p.bankName);
  },
};

/** UE6: the errors of one step's fields ({} when the step is complete). */
export function claimStepErrors(d: ClaimData, step: ClaimStep, documents: readonly ClaimDocument[] = []): ClaimErrors {
  const out: Record<string, ErrorCode> = {};
  STEP_RULES[step](d, (path, code) => {
    if (code !== null) out[path] = code;
  }, documents);
  return out;
}

/** UE6: every step's errors; a claim is submitted only when this is empty. */
export function claimErrors(d: ClaimData, documents: readonly ClaimDocument[]): ClaimErrors {
  return Object.assign({}, ...CLAIM_STEPS.map((s) => claimStepErrors(d, s, documents))) as ClaimErrors;
}
