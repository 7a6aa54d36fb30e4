/**
 * Who receives the declaration once it is sent (app-shell §4: "sent to participants and to the
 * insurer of the party at fault; by SMS and e-mail, or by e-mail to two addresses"). Each driver by
 * the inform method they chose (step 5): an e-mail with their document and the e-mail link, or an
 * SMS with the short link. The insurer responsible for each party at fault by e-mail, in
 * Lithuanian, with that party's document (encrypted with that driver's password: the insurer's
 * own client); a party at fault insured abroad or not at all, the bureau (IN5). Pure: the server
 * turns the plan into messages.
 */
import { PARTIES, type Locale, type Party } from '../rules/constants.js';
import type { InsurerRecord } from '../ports/registry.port.js';
import type { Declaration, GreenCard } from '../declaration/entities.js';
import { insuranceKind } from '../declaration/insurance.js';
import { decideCompetence } from '../claim/competence.js';

export interface PlannedMessage {
  /** Unique within a declaration: the same plan run twice makes the same keys (never sent twice). */
  readonly key: string;
  readonly channel: 'email' | 'sms';
  readonly audience: 'driver' | 'insurer';
  /** The driver, or the party at fault whose insurer this is. */
  readonly party: Party;
  readonly to: string;
  readonly lang: Locale;
  readonly insurerName?: string;
  /** IN5: the bureau receives a party at fault's copy for this reason: its vehicle is insured abroad (with the card), or not at all. */
  readonly forBureau?: { readonly kind: 'ABROAD'; readonly greenCard: GreenCard } | { readonly kind: 'NONE' };
}

/** The bureau's own name (a proper name: the same in every language of its messages). */
export const BUREAU_NAME = 'Lietuvos Respublikos transporto priemonių draudikų biuras';

/** The bureau, where the claims of vehicles insured abroad or not at all are handled in Lithuania. */
export interface BureauContact {
  readonly email: string;
  readonly name: string;
}

export interface DeliveryPlan {
  readonly messages: readonly PlannedMessage[];
  /** What could not be planned (an insurer without an address ...): logged for the bureau. */
  readonly gaps: readonly string[];
}

/** The insurers' language: Lithuanian insurers of a Lithuanian bureau. */
export const INSURER_LANG: Locale = 'lt';

/** The parties at fault by the agreed guilt. */
export function partiesAtFault(d: Declaration): Party[] {
  const g = d.guilt.resolved;
  return g === 'BOTH' ? ['A', 'B'] : g ? [g] : [];
}

/** How a driver is told about their declaration: the way they chose on step 5 (an e-mail, or an SMS), in their language; null when they gave none. */
export function driverContact(d: Declaration, party: Party): { readonly channel: 'email' | 'sms'; readonly to: string; readonly lang: Locale } | null {
  const p = d.parties[party];
  if (p.driver.informMethod === 'email' && p.driver.email.trim()) return { channel: 'email', to: p.driver.email.trim(), lang: p.fillLang };
  if (p.driver.informMethod === 'tel' && p.driver.tel.trim()) return { channel: 'sms', to: p.driver.tel.replace(/\s+/g, ''), lang: p.fillLang };
  return null;
}

export function deliveryPlan(d: Declaration, insurers: readonly InsurerRecord[], bureau: BureauContact): DeliveryPlan {
  const messages: PlannedMessage[] = [];
  const gaps: string[] = [];
  for (const party of PARTIES) {
    const contact = driverContact(d, party);
    if (contact) messages.push({ key: `driver-${party}-${contact.channel}`, channel: contact.channel, audience: 'driver', party, to: contact.to, lang: contact.lang });
    else gaps.push(`driver ${party} has no contact to send to`);
  }
  for (const party of partiesAtFault(d)) {
    const p = d.parties[party];
    const kind = insuranceKind(p.responsibleInsurer);
    if (kind === 'ABROAD' || kind === 'NONE') {
      // IN5: who handles it in Lithuania (CM2): a foreign insurer's correspondent is not known here, so the bureau.
      const card = p.responsibleInsurer.greenCard;
      const body = decideCompetence({ accidentCountry: 'LT', vehicleCountry: p.vehicle.country || 'LT', culpritInsured: kind === 'ABROAD', insurerCountry: card?.country ?? null, lithuanianRepresentative: false }).body;
      if (body !== 'BUREAU' || !bureau.email) {
        gaps.push(`no recipient for party ${party} at fault, insured ${kind === 'ABROAD' ? 'abroad' : 'nowhere'}`);
        continue;
      }
      const forBureau = kind === 'ABROAD' && card ? { kind, greenCard: card } : { kind: 'NONE' as const };
      messages.push({ key: `insurer-${party}-email`, channel: 'email', audience: 'insurer', party, to: bureau.email, lang: INSURER_LANG, insurerName: bureau.name, forBureau });
      continue;
    }
    const drkId = p.responsibleInsurer.drkId;
    const insurer = insurers.find((i) => i.id === drkId);
    if (!insurer?.claimsEmail) {
      gaps.push(`no e-mail address for the insurer ${drkId} of party ${party} at fault`);
      continue;
    }
    messages.push({ key: `insurer-${party}-email`, channel: 'email', audience: 'insurer', party, to: insurer.claimsEmail, lang: INSURER_LANG, insurerName: insurer.name });
  }
  return { messages, gaps };
}

/**
 * Delivery attempts (not in the spec): a message that the mail server refused is tried again after
 * 1, 2, 4 ... seconds, at most 10 minutes apart, for 48 hours; then it stays FAILED for the bureau
 * to see (never dropped).
 */
export const DELIVERY_RETRY = { firstMs: 1000, maxMs: 10 * 60_000, giveUpMs: 48 * 3_600_000 } as const;

export function deliveryRetryDelayMs(attempts: number): number {
  return Math.min(DELIVERY_RETRY.maxMs, DELIVERY_RETRY.firstMs * 2 ** Math.max(0, attempts - 1));
}
