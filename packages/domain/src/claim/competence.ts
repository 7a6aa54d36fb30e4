/**
 * Issue 17, the victim's claim: which body handles it (SPEC CM1–CM6). The victim's case follows
 * from where the accident happened and from the culprit's vehicle and insurer. The cases are:
 * (a) an accident in Lithuania caused by a vehicle registered abroad; (b) an accident in another
 * country of the European Economic Area; (c) an accident outside it; (d) an accident in Lithuania
 * caused by a vehicle registered here.
 * The deadlines and the total-loss share come from the end screen's guidance (app-shell §4).
 */
import { isPublicHoliday } from '../chat/office.js';
import { DEFAULT_COUNTRY } from '../rules/constants.js';

/** The claims cases of the end screen's guidance (app-shell §4), as above: (a) to (d). */
export type ClaimsCase = 'a' | 'b' | 'c' | 'd';

/** CM1: the European Economic Area: the 27 members of the European Union, Iceland, Liechtenstein and Norway. */
export const EEA_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  'IS', 'LI', 'NO',
] as const;

/** CM4: an uninsured culprit tells the bureau in writing within this many working days. */
export const UNINSURED_NOTICE_WORKING_DAYS = 3;
/** CM5: an insurer (or its representative) that gave no reasoned reply within this many months leaves the claim to the bureau. */
export const REASONED_REPLY_MONTHS = 3;
/** CM6: a repair costing this share of the vehicle's value before the accident, or more, is uneconomic (a total loss). */
export const TOTAL_LOSS_SHARE = 0.75;

export const isEeaCountry = (country: string): boolean => (EEA_COUNTRIES as readonly string[]).includes(country);

/** What the decision needs to know of the accident and of the culprit. */
export interface CompetenceInput {
  /** ISO 3166-1 alpha-2 code of the country where the accident happened. */
  readonly accidentCountry: string;
  /** Where the culprit's vehicle is registered. */
  readonly vehicleCountry: string;
  readonly culpritInsured: boolean;
  /** Where the culprit's insurer is established (null when uninsured or unknown). */
  readonly insurerCountry: string | null;
  /** The foreign insurer has a correspondent (case a) or a claims representative (case b) in Lithuania. */
  readonly lithuanianRepresentative: boolean;
}

/**
 * Who handles the claim:
 * - `INSURER`: the culprit's insurer.
 * - `CORRESPONDENT`: its correspondent in Lithuania, for a vehicle from abroad.
 * - `REPRESENTATIVE`: its claims representative in Lithuania, for an accident in another EEA country.
 * - `BUREAU`: the Lithuanian bureau, as guarantee fund or compensation body.
 * - `FOREIGN_BODY`: that country's insurer or bureau, outside the EEA.
 */
export type CompetentBody = 'INSURER' | 'CORRESPONDENT' | 'REPRESENTATIVE' | 'BUREAU' | 'FOREIGN_BODY';

export interface Competence {
  readonly case: ClaimsCase;
  readonly body: CompetentBody;
  /** The culprit must tell the bureau within UNINSURED_NOTICE_WORKING_DAYS working days (CM4). */
  readonly uninsuredNotice: boolean;
}

/** CM2, CM3: the case and the competent body. */
export function decideCompetence(i: CompetenceInput): Competence {
  const uninsuredNotice = !i.culpritInsured;
  if (i.accidentCountry === DEFAULT_COUNTRY) {
    if (i.vehicleCountry === DEFAULT_COUNTRY) return { case: 'd', body: i.culpritInsured ? 'INSURER' : 'BUREAU', uninsuredNotice };
    // A vehicle from abroad: its insurer's correspondent here, else the bureau (it settles for the foreign insurer).
    return { case: 'a', body: i.culpritInsured && i.lithuanianRepresentative ? 'CORRESPONDENT' : 'BUREAU', uninsuredNotice };
  }
  if (isEeaCountry(i.accidentCountry)) {
    // The insurer's claims representative in Lithuania, else the bureau as compensation body.
    return { case: 'b', body: i.culpritInsured && i.lithuanianRepresentative ? 'REPRESENTATIVE' : 'BUREAU', uninsuredNotice };
  }
  return { case: 'c', body: 'FOREIGN_BODY', uninsuredNotice };
}

/** CM5: with no reasoned reply by this date (3 months after the claim was made), the victim may claim from the bureau. */
export function reasonedReplyDue(claimedOn: string): string {
  const [y, m, d] = claimedOn.split('-').map(Number) as [number, number, number];
  const month = m - 1 + REASONED_REPLY_MONTHS;
  const year = y + Math.floor(month / 12);
  const mm = (month % 12) + 1;
  // The same day of the month, or the month's last day when it has none (30 November + 3 months is 28 or 29 February).
  const last = new Date(Date.UTC(year, mm, 0)).getUTCDate();
  return `${year}-${String(mm).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** CM4: the last day an uninsured culprit may tell the bureau: 3 working days after the accident (weekends and Lithuanian public holidays not counted). */
export function uninsuredNoticeDue(accidentDate: string): string {
  const day = new Date(`${accidentDate}T00:00:00Z`);
  let left = UNINSURED_NOTICE_WORKING_DAYS;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    const iso = day.toISOString().slice(0, 10);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !isPublicHoliday(iso)) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}

/** CM6: a repair is uneconomic when it costs 75 % of the vehicle's value before the accident, or more (sums in cents). */
export function isTotalLoss(repairCents: number, valueBeforeCents: number): boolean {
  return valueBeforeCents > 0 && repairCents >= valueBeforeCents * TOTAL_LOSS_SHARE;
}
