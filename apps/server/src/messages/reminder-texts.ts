/** The expiry reminders' e-mail and SMS (SPEC BR4), in the account's language, through the installation's mail and SMS senders. */
import type { ReminderSenderPort } from '@eid/accounts';
import type { EmailSenderPort, InsuranceDocument, SmsSenderPort, Locale } from '@eid/domain';
import { translate, type ServerMessage } from '@eid/adapter-texts-catalog';

const M = {
  subject: /*i18n*/ { id: 'reminder.expiry.subject', message: 'Your motor insurance ends on {date}' },
  hello: /*i18n*/ { id: 'mail.hello', message: 'Hello,' },
  body: /*i18n*/ { id: 'reminder.expiry.body', message: 'the insurance document {no} of the vehicle {plate} ({make} {model}) ends on {date}, in {days, plural, one {# day} other {# days}}. Renew it in time: driving without insurance is not allowed.' },
  where: /*i18n*/ { id: 'reminder.expiry.where', message: 'Your documents are in your EID account:' },
  settings: /*i18n*/ { id: 'reminder.expiry.settings', message: 'You can change or turn off these reminders in the settings of your account.' },
  automatic: /*i18n*/ { id: 'mail.automatic', message: 'This e-mail was sent automatically.' },
  sms: /*i18n*/ { id: 'reminder.expiry.sms', message: 'EID: the insurance of {plate} ends on {date} ({days} d.). Renew it in time. {link}' },
} satisfies Record<string, ServerMessage>;

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class ReminderSender implements ReminderSenderPort {
  constructor(
    private readonly mailer: EmailSenderPort,
    private readonly texter: SmsSenderPort,
    private readonly publicUrl: string,
  ) {}

  private values(doc: InsuranceDocument, days: number) {
    return { no: doc.no, plate: doc.plate, make: doc.make, model: doc.model, date: doc.validTill, days };
  }

  async email(to: string, lang: Locale, doc: InsuranceDocument, daysLeft: number): Promise<void> {
    const values = this.values(doc, daysLeft);
    const link = `${this.publicUrl}/documents`;
    const lines = [translate(lang, M.hello), translate(lang, M.body, values), translate(lang, M.where), link, translate(lang, M.settings), translate(lang, M.automatic)];
    await this.mailer.sendEmail({
      to: [to],
      subject: translate(lang, M.subject, values),
      text: `${lines.join('\n\n')}\n`,
      html: `<!doctype html><html lang="${lang}"><body style="font-family:DejaVu Sans,Arial,sans-serif">${lines.map((l) => (l === link ? `<p><a href="${html(link)}">${html(link)}</a></p>` : `<p>${html(l)}</p>`)).join('')}</body></html>`,
    });
  }

  async sms(to: string, lang: Locale, doc: InsuranceDocument, daysLeft: number): Promise<void> {
    await this.texter.sendSms({ to, text: translate(lang, M.sms, { ...this.values(doc, daysLeft), link: `${this.publicUrl}/documents` }) });
  }
}
