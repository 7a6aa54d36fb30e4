import type { Locale, PhoneCodeSenderPort, SmsSenderPort } from '@eid/domain';

/** The SMS with the confirmation code, in the driver's language (short: one SMS segment). */
const TEXTS: Record<Locale, (code: string) => string> = {
  lt: (code) => `EID patvirtinimo kodas: ${code}. Niekam jo nesakykite.`,
  en: (code) => `EID confirmation code: ${code}. Do not share it with anyone.`,
};

/** The hub's phone-code port over an SMS sender (the local outbox, or a gateway). */
export class SmsPhoneCodeSender implements PhoneCodeSenderPort {
  constructor(private readonly sms: SmsSenderPort) {}

  async sendCode(toE164: string, code: string, lang: Locale): Promise<void> {
    await this.sms.sendSms({ to: toE164, text: TEXTS[lang](code) });
  }
}
