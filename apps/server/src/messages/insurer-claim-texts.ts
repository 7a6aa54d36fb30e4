/**
 * Issue 36 item 5: a driver told that their insurer registered its claim, in the driver's
 * language, by the way they chose for the declaration (an SMS or an e-mail), through the delivery
 * outbox (retried, never lost). A correction of the number is told again; the same number is not.
 */
import { driverContact, type Declaration, type DeliveryRecord, type OutputStorePort, type Party } from '@eid/domain';
import type { InsurerClaim } from '@eid/domain/insurer';
import type { ClaimNotifierPort } from '@eid/accounts';
import { translate, type ServerMessage } from '@eid/adapter-texts-catalog';
import { declarationNaming } from './delivery-texts.js';

const M = {
  sms: /*i18n*/ { id: 'sms.claim.registered', message: 'EID: {insurer} registered your claim no. {number} for the accident {plates}.' },
  smsContact: /*i18n*/ { id: 'sms.claim.contact', message: 'Contact: {contact}' },
  subject: /*i18n*/ { id: 'mail.claim.subject', message: '{insurer} registered your claim no. {number}' },
  hello: /*i18n*/ { id: 'mail.hello', message: 'Hello,' },
  body: /*i18n*/ { id: 'mail.claim.body', message: '{insurer} registered your claim for the road accident of {when}, {plates}, under no. {number}. Quote this number when you contact the insurer.' },
  contact: /*i18n*/ { id: 'mail.claim.contact', message: 'Your contact at {insurer}: {contact}.' },
  automatic: /*i18n*/ { id: 'mail.automatic', message: 'This e-mail was sent automatically.' },
} satisfies Record<string, ServerMessage>;

const contactOf = (c: InsurerClaim) => [c.contactName, c.contactPhone, c.contactEmail].filter((x) => x !== '').join(', ');

export class ClaimNotifier implements ClaimNotifierPort {
  constructor(private readonly output: Pick<OutputStorePort, 'addMessages'>) {}

  async claimRegistered(d: Declaration, party: Party, claim: InsurerClaim, insurerName: string): Promise<void> {
    const to = driverContact(d, party);
    if (!to) return;
    const t = (m: ServerMessage, values?: Record<string, unknown>) => translate(to.lang, m, values);
    const values = { insurer: insurerName, number: claim.claimNumber, ...declarationNaming(d) };
    const contact = contactOf(claim);
    const key = `claim-${party}-${claim.insurerId}-${claim.registeredAt}`;
    const base = { id: `${d.id}:${key}`, declarationId: d.id, key, channel: to.channel, to: to.to, html: null, attachments: [], state: 'PENDING' as const, attempts: 0, nextAttemptAt: claim.registeredAt, createdAt: claim.registeredAt, sentAt: null, lastError: null };
    const message: DeliveryRecord =
      to.channel === 'sms'
        ? { ...base, subject: null, text: [t(M.sms, values), ...(contact ? [t(M.smsContact, { contact })] : [])].join(' ') }
        : { ...base, subject: t(M.subject, values), text: [t(M.hello), t(M.body, values), ...(contact ? [t(M.contact, { insurer: insurerName, contact })] : []), t(M.automatic)].join('\n\n') + '\n' };
    await this.output.addMessages([message]);
  }
}
