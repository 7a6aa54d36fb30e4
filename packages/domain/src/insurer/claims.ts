/**
 * Issue 36 item 5: the loop closed for the driver. An insurer's system registers its claim number
 * (and a contact) for a declaration; the driver of each vehicle it insures is told, in their
 * language, and their statement page shows it; the bureau's console shows it, and shows the
 * declarations an insurer has not answered within two working days.
 */
import * as v from 'valibot';
import type { Declaration } from '../declaration/entities.js';
import { insuranceKind } from '../declaration/insurance.js';
import { isPublicHoliday } from '../chat/office.js';
import { PARTIES, type Party } from '../rules/constants.js';
import { fromVilnius, toVilnius } from '../rules/dates.js';
import { object } from '../rules/schema.js';
import type { StatementClaim } from '../output/statement.js';

/** An insurer's claim for a declaration: one per insurer and declaration (registered again, it is corrected). */
export interface InsurerClaim {
  readonly declarationId: string;
  readonly insurerId: number;
  readonly claimNumber: string;
  readonly contactName: string;
  readonly contactPhone: string;
  readonly contactEmail: string;
  /** The client that registered it (the audit log says more). */
  readonly clientId: string;
  readonly registeredAt: number;
}

/** A claim as a driver's statement page and the console show it. */
export type InsurerClaimView = StatementClaim;

const text = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max)), '');

/** What an insurer's system registers: its claim number and, for the driver, whom to reach. */
export const RegisterClaimSchema = object({
  claimNumber: v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9][A-Za-z0-9 ./_-]{0,39}$/), v.description('The insurer\'s claim number as the driver should quote it (letters, digits, space . / _ -; at most 40).')),
  contactName: v.pipe(text(80), v.description('Who handles the claim (optional).')),
  contactPhone: v.pipe(v.optional(v.pipe(v.string(), v.trim(), v.regex(/^(\+?[0-9 ()-]{5,20})?$/)), ''), v.description('A phone number for the driver (optional).')),
  contactEmail: v.pipe(v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254), v.regex(/^([^\s@]+@[^\s@]+\.[^\s@]+)?$/)), ''), v.description('An e-mail address for the driver (optional).')),
});
export type RegisterClaim = v.InferOutput<typeof RegisterClaimSchema>;

export const ClaimRegisteredSchema = v.object({
  declarationId: v.string(),
  claimNumber: v.string(),
  registeredAt: v.pipe(v.string(), v.description('ISO 8601, UTC.')),
  /** The vehicles this insurer is responsible for, whose drivers are told. */
  vehicles: v.array(v.picklist(PARTIES)),
  /** False when the same number was registered before: nobody is told twice. */
  changed: v.boolean(),
});
export type ClaimRegistered = v.InferOutput<typeof ClaimRegisteredSchema>;

/** The vehicles of a declaration the insurer `insurerId` is responsible for. */
export function partiesInsuredBy(d: Declaration, insurerId: number): Party[] {
  return PARTIES.filter((party) => {
    const ri = d.parties[party].responsibleInsurer;
    return insuranceKind(ri) === 'REGISTRY' && ri.drkId === insurerId;
  });
}

/** Working days an insurer has to register its claim before the bureau's console shows the declaration. */
export const INSURER_ANSWER_WORKING_DAYS = 2;

const isWorkingDay = (y: number, m: number, d: number) => {
  const day = new Date(Date.UTC(y, m - 1, d));
  const weekday = day.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isPublicHoliday(day.toISOString().slice(0, 10));
};

/**
 * When an insurer's answer is overdue: the end (Vilnius midnight) of the second working day after
 * the day the declaration was finished — finished on a Friday, due at the end of Tuesday; weekends
 * and Lithuania's public holidays do not count.
 */
export function insurerAnswerDue(finishedAt: number): number {
  const t = toVilnius(finishedAt);
  let day = new Date(Date.UTC(t.year, t.month - 1, t.day));
  let counted = 0;
  while (counted < INSURER_ANSWER_WORKING_DAYS) {
    day = new Date(day.getTime() + 86_400_000);
    if (isWorkingDay(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate())) counted += 1;
  }
  const next = new Date(day.getTime() + 86_400_000);
  return fromVilnius({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0, second: 0 }) ?? next.getTime();
}

/** A declaration an insurer has not answered in time, as the console lists it. */
export interface OverdueAnswer {
  readonly declarationId: string;
  readonly insurerId: number;
  readonly insurerName: string;
  readonly finishedAt: number;
  readonly dueAt: number;
}
export interface OverdueAnswersAnswer {
  readonly overdue: OverdueAnswer[];
}
