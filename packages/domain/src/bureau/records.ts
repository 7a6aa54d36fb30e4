/**
 * The bureau's records about a person (app-shell §2-§3; issue 15): insurance documents (Insurance,
 * Document), accidents (Accident list item) and debts to the bureau, kept by the bureau and read
 * through BureauRecordsPort for a verified personal code. The rules of what is shown — active or
 * expired, the days left, the last 7 years — and when an expiry reminder is due are here
 * (SPEC.md BR).
 */
import * as v from 'valibot';
import { object } from '../rules/schema.js';
import { HISTORY_YEARS, LOCALE_TAGS, type Locale } from '../rules/constants.js';

/** A document's type: a motor third-party liability policy, or a green card (the claim side's POL and ZK). */
export const DOCUMENT_TYPES = ['POL', 'ZK'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** An insurance document with its vehicle (Insurance and Document of app-shell §3; dates YYYY-MM-DD, Vilnius). */
export interface InsuranceDocument {
  readonly no: string;
  readonly type: DocumentType;
  readonly contractNo: string;
  /** The insurer's registry id (its name from the registry). */
  readonly insurerId: number;
  readonly plate: string;
  /** The vehicle type letter of the registry (A passenger car, …). */
  readonly vehicleType: string;
  readonly make: string;
  readonly model: string;
  readonly validFrom: string;
  readonly validTill: string;
}

/** An accident in the bureau's records (Accident list item of app-shell §3). */
export interface BureauAccident {
  readonly id: string;
  /** registered, investigating, settled, closed. */
  readonly state: 'REGISTERED' | 'INVESTIGATING' | 'SETTLED' | 'CLOSED';
  readonly stateDate: string;
  /** True: this person was at fault; false: the victim. */
  readonly guilty: boolean;
  readonly tpPlate: string;
  readonly tpMake: string;
  readonly tpModel: string;
  readonly date: string;
  readonly address: string;
  /** The damages in words, as the bureau recorded them. */
  readonly damagesStr: string;
  /** The insurer's registry id. */
  readonly insurerId: number;
  /** Declared through EID. */
  readonly isEID: boolean;
}

/** A debt to the bureau (a recourse claim, or the fee for driving uninsured). */
export interface BureauDebt {
  readonly id: string;
  readonly kind: 'RECOURSE' | 'UNINSURED_FEE';
  /** In euro cents. */
  readonly amountCents: number;
  readonly paidCents: number;
  readonly caseNo: string;
  readonly issuedOn: string;
  readonly dueOn: string;
}


const DAY_MS = 24 * 60 * 60_000;
const dayNumber = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;

/** Whole days from `today` to `date` (both YYYY-MM-DD): 0 on the day, negative after it. */
export function daysBetween(today: string, date: string): number {
  return Math.round(dayNumber(date) - dayNumber(today));
}

/** The date `days` after `date` (both YYYY-MM-DD; calendar days, summer time changes nothing). */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** BR1: the first day still in the history (the same day HISTORY_YEARS = 7 years back). */
export function historyStart(today: string): string {
  return `${String(Number(today.slice(0, 4)) - HISTORY_YEARS).padStart(4, '0')}${today.slice(4)}`;
}

/**
 * BR2: a document is active from its first day to its last day inclusive; remainingDays counts
 * the days left after today (0 on its last day); expired documents are listed for the last 7
 * years only, newest first; active ones by the soonest end first.
 */
export function remainingDays(doc: Pick<InsuranceDocument, 'validTill'>, today: string): number {
  return Math.max(0, daysBetween(today, doc.validTill));
}

/** BR2: the documents in force today, those bought ahead (not begun yet), and those ended in the last 7 years. */
export function splitDocuments(docs: readonly InsuranceDocument[], today: string): { readonly active: InsuranceDocument[]; readonly upcoming: InsuranceDocument[]; readonly expired: InsuranceDocument[] } {
  const active = docs.filter((d) => d.validFrom <= today && today <= d.validTill).sort((a, b) => a.validTill.localeCompare(b.validTill));
  const upcoming = docs.filter((d) => d.validFrom > today && d.validFrom <= d.validTill).sort((a, b) => a.validFrom.localeCompare(b.validFrom));
  const since = historyStart(today);
  const expired = docs.filter((d) => d.validTill < today && d.validTill >= since).sort((a, b) => b.validTill.localeCompare(a.validTill));
  return { active, upcoming, expired };
}

/** BR1: the accidents of the last 7 years, newest first. */
export function recentAccidents<T extends { readonly date: string }>(accidents: readonly T[], today: string): T[] {
  const since = historyStart(today);
  return accidents.filter((a) => a.date >= since).sort((a, b) => b.date.localeCompare(a.date));
}

/** BR3: what is still owed of a debt (never below 0), and the total owed. */
export function owedCents(debt: Pick<BureauDebt, 'amountCents' | 'paidCents'>): number {
  return Math.max(0, debt.amountCents - debt.paidCents);
}

/** BR3: an amount in cents as the person reads it: "1 234,50 €" in Lithuanian, "€1,234.50" in English. */
export function formatEuro(cents: number, lang: Locale): string {
  return new Intl.NumberFormat(LOCALE_TAGS[lang], { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** BR4: how many days before a document ends its reminder is sent (the person chooses in settings M). */
export const REMINDER_DAYS = [7, 14, 30] as const;
export type ReminderDays = (typeof REMINDER_DAYS)[number];

/** Settings M: how the person is told of new messages and reminders. */
export interface NotificationPreferences {
  readonly email: boolean;
  readonly sms: boolean;
  readonly expiryReminders: boolean;
  readonly reminderDays: ReminderDays;
}

/** BR4: until the person chooses, e-mail on, SMS off, reminders on 14 days before. */
export const DEFAULT_NOTIFICATIONS: NotificationPreferences = { email: true, sms: false, expiryReminders: true, reminderDays: 14 };

export const NotificationPreferencesSchema = object({
  email: v.boolean(),
  sms: v.boolean(),
  expiryReminders: v.boolean(),
  reminderDays: v.picklist(REMINDER_DAYS),
});

/**
 * BR4: a reminder of the document is due today when reminders are on, the document is active and
 * ends exactly `reminderDays` days from today — or, when the day was missed (the job did not run,
 * the choice changed), any later day before its end (the sender keeps a record so each document is
 * reminded once).
 */
export function reminderDue(doc: InsuranceDocument, prefs: NotificationPreferences, today: string): boolean {
  if (!prefs.expiryReminders || (!prefs.email && !prefs.sms)) return false;
  if (doc.validFrom > today || doc.validTill < today) return false;
  const left = daysBetween(today, doc.validTill);
  return left <= prefs.reminderDays;
}

/**
 * BR4: a document already followed by the next one (the same type for the same vehicle, beginning
 * by the day after it ends: the renewal is bought) needs no reminder.
 */
export function renewed(doc: InsuranceDocument, all: readonly InsuranceDocument[]): boolean {
  const dayAfter = addDays(doc.validTill, 1);
  // Without a plate two documents cannot be told to be the same vehicle's.
  if (doc.plate.trim() === '') return false;
  return all.some((d) => d.type === doc.type && d.plate === doc.plate && d.validFrom > doc.validFrom && d.validFrom <= dayAfter && d.validTill > doc.validTill);
}

/** The bureau's records of a person. API Boundary: SQLite, PostgreSQL and memory adapters pass one contract. */
export interface BureauRecordsPort {
  documentsOf(personalCode: string): Promise<InsuranceDocument[]>;
  accidentsOf(personalCode: string): Promise<BureauAccident[]>;
  debtsOf(personalCode: string): Promise<BureauDebt[]>;
  /** The persons (their codes) with a document ending from `from` to `to` inclusive, each with those documents. */
  documentsEnding(from: string, to: string): Promise<Array<{ readonly personalCode: string; readonly document: InsuranceDocument }>>;
  /** Replaces a person's records (the bureau's feed, the local installation's fixture). */
  replacePerson(personalCode: string, records: { readonly documents: readonly InsuranceDocument[]; readonly accidents: readonly BureauAccident[]; readonly debts: readonly BureauDebt[] }): Promise<void>;
  /** How many records (documents, accidents and debts) there are in all. */
  countRecords(): Promise<number>;
}

/** BR2: a document as the person sees it: with its insurer's name and the days left. */
export interface DocumentView extends InsuranceDocument {
  readonly insurerName: string;
  readonly remainingDays: number;
  /** Days until a document bought ahead begins (0 for one in force or ended). */
  readonly startsInDays: number;
}

/** BR3: a debt as the person sees it: what is still owed. */
export interface DebtView extends BureauDebt {
  readonly owedCents: number;
}

/** An accident as the person sees it: the bureau's record, or a declaration they took part in (its statement opens from the list). */
export interface AccidentView extends BureauAccident {
  readonly insurerName: string;
  /** The person's own statement of an EID declaration (opened without the preview password, the session proves who it is). */
  readonly statementId: string | null;
}

/** What /documents, /liabilities and /ei show; `verified: false` when the account has no verified personal code. */
export type RecordsAnswer<T> = { readonly verified: false } | ({ readonly verified: true } & T);
/** BR2: the person's insurance documents, by whether they are in force. */
export type DocumentsAnswer = RecordsAnswer<{ readonly active: DocumentView[]; readonly upcoming: DocumentView[]; readonly expired: DocumentView[] }>;
/** BR3: the person's debts to the bureau. */
export type DebtsAnswer = RecordsAnswer<{ readonly debts: DebtView[]; readonly totalOwedCents: number }>;
/** BR1, BR5: the accidents; the account's own declarations are listed without a verified code too. */
export type AccidentsAnswer = { readonly verified: boolean; readonly accidents: AccidentView[] };

export function documentsView(docs: readonly InsuranceDocument[], today: string, insurerName: (id: number) => string): { readonly active: DocumentView[]; readonly upcoming: DocumentView[]; readonly expired: DocumentView[] } {
  const view = (d: InsuranceDocument): DocumentView => ({ ...d, insurerName: insurerName(d.insurerId), remainingDays: remainingDays(d, today), startsInDays: Math.max(0, daysBetween(today, d.validFrom)) });
  const { active, upcoming, expired } = splitDocuments(docs, today);
  return { active: active.map(view), upcoming: upcoming.map(view), expired: expired.map(view) };
}

export function debtsView(debts: readonly BureauDebt[]): { readonly debts: DebtView[]; readonly totalOwedCents: number } {
  const views = debts.map((d) => ({ ...d, owedCents: owedCents(d) })).sort((a, b) => a.dueOn.localeCompare(b.dueOn));
  return { debts: views, totalOwedCents: views.reduce((n, d) => n + d.owedCents, 0) };
}
