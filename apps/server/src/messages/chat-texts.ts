/**
 * CH6: a driver is told that the bureau wrote, by the channels of settings M (e-mail to a confirmed
 * address, SMS to a phone the SMS service serves), in the account's language. The message says
 * only that an answer waits and where: never its text.
 */
import type { ChatNotifierPort } from '@eid/accounts';
import { DEFAULT_NOTIFICATIONS, smsServed, type AccountStorePort, type ChatStorePort, type EmailSenderPort, type SmsSenderPort } from '@eid/domain';
import { translate, type ServerMessage } from '@eid/adapter-texts-catalog';

const M = {
  subject: /*i18n*/ { id: 'chat.answer.subject', message: 'The bureau answered you: {topic}' },
  hello: /*i18n*/ { id: 'mail.hello', message: 'Hello,' },
  body: /*i18n*/ { id: 'chat.answer.body', message: 'there is a new message from the bureau in your conversation "{topic}". Sign in to read it and to answer:' },
  settings: /*i18n*/ { id: 'chat.answer.settings', message: 'You can choose how we tell you of new messages in the settings of your account.' },
  automatic: /*i18n*/ { id: 'mail.automatic', message: 'This e-mail was sent automatically.' },
  sms: /*i18n*/ { id: 'chat.answer.sms', message: 'EID: the bureau answered you. Sign in to read it: {link}' },
} satisfies Record<string, ServerMessage>;

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class ChatNotifier implements ChatNotifierPort {
  constructor(
    private readonly deps: {
      readonly accounts: AccountStorePort;
      readonly chats: ChatStorePort;
      readonly mail: EmailSenderPort;
      readonly sms: SmsSenderPort;
      readonly publicUrl: string;
      readonly smsCallingCodes: readonly string[];
    },
  ) {}

  async bureauWrote(accountId: string, chatId: string): Promise<void> {
    const { accounts, chats, mail, sms, publicUrl, smsCallingCodes } = this.deps;
    const account = await accounts.accountById(accountId);
    const chat = await chats.chat(chatId);
    if (!account || !chat) return;
    const prefs = (await accounts.notificationsOf(accountId)) ?? DEFAULT_NOTIFICATIONS;
    const lang = account.lang;
    const link = `${publicUrl}/messages?view=chat&id=${encodeURIComponent(chatId)}`;
    // Each channel on its own: a mail server that is down does not keep the SMS from going.
    const failures: unknown[] = [];
    if (prefs.email && account.email !== null && account.emailConfirmedAt !== null) {
      const email = account.email;
      const lines = [translate(lang, M.hello), translate(lang, M.body, { topic: chat.topic }), link, translate(lang, M.settings), translate(lang, M.automatic)];
      await mail.sendEmail({
        to: [email],
        subject: translate(lang, M.subject, { topic: chat.topic }),
        text: `${lines.join('\n\n')}\n`,
        html: `<!doctype html><html lang="${lang}"><body style="font-family:DejaVu Sans,Arial,sans-serif">${lines.map((l) => (l === link ? `<p><a href="${html(link)}">${html(link)}</a></p>` : `<p>${html(l)}</p>`)).join('')}</body></html>`,
      }).catch((error: unknown) => failures.push(error));
    }
    const phone = account.person.phone;
    if (prefs.sms && phone && smsServed(phone, smsCallingCodes)) await sms.sendSms({ to: phone, text: translate(lang, M.sms, { link: `${publicUrl}/messages` }) }).catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw failures[0];
  }
}
