import type { Locale, PhoneCodeSenderPort, SmsSenderPort } from '@eid/domain';
import { translate, type ServerMessage } from '@eid/adapter-texts-catalog';

/** The SMS with the confirmation code, in the driver's language (short: one SMS segment). */
const PHONE_CODE: ServerMessage = /*i18n*/ { id: 'sms.phoneCode', message: 'EID confirmation code: {code}. Do not share it with anyone.' };

/** The hub's phone-code port over an SMS sender (the local outbox, or a gateway). */
export class SmsPhoneCodeSender implements PhoneCodeSenderPort {
  constructor(private readonly sms: SmsSenderPort) {}

  async sendCode(toE164: string, code: string, lang: Locale): Promise<void> {
    await this.sms.sendSms({ to: toE164, text: translate(lang, PHONE_CODE, { code }) });
  }
}
