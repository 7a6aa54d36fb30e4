import type { AccountMail, AccountMailPort } from '@eid/accounts';
import type { EmailSenderPort } from '@eid/domain';
import { translate, type ServerMessage } from '@eid/adapter-texts-catalog';

const M = {
  hello: /*i18n*/ { id: 'mail.hello', message: 'Hello,' },
  automatic: /*i18n*/ { id: 'mail.automatic', message: 'This e-mail was sent automatically.' },
  confirmSubject: /*i18n*/ { id: 'mail.account.confirm.subject', message: 'Confirm the e-mail address of your EID account' },
  confirmBody: /*i18n*/ { id: 'mail.account.confirm.body', message: 'an EID account was registered with this address. Confirm it within 24 hours:' },
  confirmIgnore: /*i18n*/ { id: 'mail.account.confirm.ignore', message: 'If you did not register, do nothing: the account is deleted after 7 days.' },
  registeredSubject: /*i18n*/ { id: 'mail.account.registered.subject', message: 'You already have an EID account' },
  registeredBody: /*i18n*/ {
    id: 'mail.account.registered.body',
    message: 'someone tried to register an EID account with this address, which already has one. Sign in with your password, or set a new one with "Forgot your password?":',
  },
  resetSubject: /*i18n*/ { id: 'mail.account.reset.subject', message: 'A new password for your EID account' },
  resetBody: /*i18n*/ { id: 'mail.account.reset.body', message: 'set a new password for your EID account within an hour with this link (it works once):' },
  resetIgnore: /*i18n*/ { id: 'mail.account.reset.ignore', message: 'If you did not ask for it, do nothing: your password stays as it is.' },
  noAccountSubject: /*i18n*/ { id: 'mail.account.none.subject', message: 'EID: no account with this address' },
  noAccountBody: /*i18n*/ {
    id: 'mail.account.none.body',
    message: 'someone asked for a new password of an EID account with this address, but there is none. You can register one here:',
  },
} satisfies Record<string, ServerMessage>;

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The account e-mails (issue 15), in the account's language, through the installation's mail sender (SMTP or the local outbox). */
export class AccountMailer implements AccountMailPort {
  constructor(
    private readonly mail: EmailSenderPort,
    private readonly publicUrl: string,
  ) {}

  /** The link of each e-mail: the token in the query, which the page reads and removes from the address. */
  private link(m: AccountMail): string {
    const token = encodeURIComponent(m.token ?? '');
    switch (m.kind) {
      case 'confirm':
        return `${this.publicUrl}/confirm?account=${token}`;
      case 'reset':
        return `${this.publicUrl}/?reset=${token}`;
      default:
        return `${this.publicUrl}/?signIn=1`;
    }
  }

  async send(m: AccountMail): Promise<void> {
    const t = (x: ServerMessage) => translate(m.lang, x);
    const [subject, body, after] =
      m.kind === 'confirm'
        ? [M.confirmSubject, M.confirmBody, M.confirmIgnore]
        : m.kind === 'already-registered'
          ? [M.registeredSubject, M.registeredBody, null]
          : m.kind === 'reset'
            ? [M.resetSubject, M.resetBody, M.resetIgnore]
            : [M.noAccountSubject, M.noAccountBody, null];
    const link = this.link(m);
    const lines = [t(M.hello), t(body), link, ...(after ? [t(after)] : []), t(M.automatic)];
    await this.mail.sendEmail({
      to: [m.to],
      subject: t(subject),
      text: `${lines.join('\n\n')}\n`,
      html:
        `<!doctype html><html lang="${m.lang}"><body style="font-family:DejaVu Sans,Arial,sans-serif">` +
        lines.map((l) => (l === link ? `<p><a href="${html(link)}">${html(link)}</a></p>` : `<p>${html(l)}</p>`)).join('') +
        '</body></html>',
    });
  }
}
