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
  emailSubject: /*i18n*/ { id: 'mail.account.email.subject', message: 'Confirm the address for your EID messages' },
  emailBody: /*i18n*/ {
    id: 'mail.account.email.body',
    message: 'this address was given for the messages and reminders of an EID account. Confirm it within 24 hours with this link, opened where you are signed in to that account (it works once):',
  },
  emailIgnore: /*i18n*/ { id: 'mail.account.email.ignore', message: 'If it was not you, do nothing: the address is not added.' },
  takenSubject: /*i18n*/ { id: 'mail.account.taken.subject', message: 'This address already has an EID account' },
  takenBody: /*i18n*/ {
    id: 'mail.account.taken.body',
    message: 'someone asked to receive the messages of another EID account at this address, which already belongs to an account: nothing was changed. Sign in to your account here:',
  },
  noPasswordSubject: /*i18n*/ { id: 'mail.account.nopassword.subject', message: 'Your EID account has no password' },
  noPasswordBody: /*i18n*/ {
    id: 'mail.account.nopassword.body',
    message: 'someone asked for a new password of the EID account with this address. That account signs in with Smart-ID, Mobile-ID or a social account and has no password: sign in that way here:',
  },
} satisfies Record<string, ServerMessage>;

/** Each e-mail's subject, body and closing line (null: none). */
const TEXTS: Readonly<Record<AccountMail['kind'], readonly [ServerMessage, ServerMessage, ServerMessage | null]>> = {
  confirm: [M.confirmSubject, M.confirmBody, M.confirmIgnore],
  'already-registered': [M.registeredSubject, M.registeredBody, null],
  reset: [M.resetSubject, M.resetBody, M.resetIgnore],
  'reset-no-account': [M.noAccountSubject, M.noAccountBody, null],
  'confirm-email': [M.emailSubject, M.emailBody, M.emailIgnore],
  'email-taken': [M.takenSubject, M.takenBody, null],
  'reset-no-password': [M.noPasswordSubject, M.noPasswordBody, null],
};

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
      case 'confirm-email':
        return `${this.publicUrl}/confirm?email=${token}`;
      default:
        return `${this.publicUrl}/?signIn=1`;
    }
  }

  async send(m: AccountMail): Promise<void> {
    const t = (x: ServerMessage) => translate(m.lang, x);
    const [subject, body, after] = TEXTS[m.kind];
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
