/**
 * Contact verification (declaration-flow §5): a 6-digit code sent by SMS to the phone a driver
 * gave, and a link e-mailed to the address. Their state — the pending code (as a hash) with its
 * wrong tries, when a link was last sent — is kept with an expiry behind ExpiringStorePort.
 */
import * as v from 'valibot';
import {
  applyInstruction,
  compactPhone,
  PHONE_CODE_RESEND_MS,
  DAY_MS,
  DEFAULT_SMS_CALLING_CODES,
  confirmEmail,
  confirmPhone,
  isEmail,
  phoneError,
  PHONE_CODE_LENGTH,
  PHONE_CODES_PER_DECLARATION_PER_DAY,
  PHONE_CODES_PER_NUMBER_PER_DAY,
  smsServed,
  toE164,
  type EditContext,
  type EmailConfirmation,
  type Party,
  type Locale,
} from '@eid/domain';
import type { Handlers } from './handler.js';
import type { HubOptions, HubPorts } from './ports.js';
import type { Captcha } from './captcha.js';
import { countWithin } from './limits.js';
import { Refusal, refuse } from './refusal.js';
import { allowedIn, type UnitOfWork } from './unit-of-work.js';

/** A phone confirmation code lives 10 minutes, allows 5 wrong tries, and is sent again after 30 s at the earliest. */
export const PHONE_CODE_TTL_MS = 10 * 60_000;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
/** One e-mail confirmation link per party and address per minute (not in the spec). */
export const EMAIL_LINK_RESEND_MS = 60_000;

const PendingCode = v.object({ hash: v.string(), tel: v.string(), expires: v.number(), sentAt: v.number(), attempts: v.number() });
type PendingCode = v.InferOutput<typeof PendingCode>;

export class ContactService {
  constructor(
    private readonly ports: Pick<HubPorts, 'expiring' | 'clock' | 'ids' | 'hash' | 'phoneCodes' | 'emailConfirmation' | 'isInLithuania' | 'log'>,
    private readonly options: HubOptions,
    private readonly uow: UnitOfWork,
    private readonly captcha: Captcha,
  ) {}

  /** A driver opened the e-mail confirmation link: the address is confirmed if it is still the one the link was sent to. */
  async confirmEmailLink(declarationId: string, party: Party, email: string): Promise<EmailConfirmation | 'UNKNOWN'> {
    try {
      const { result } = await this.uow.change(declarationId, { writer: null, kind: 'DATA', when: 'any' }, (record, now) => {
        const { outcome, declaration } = confirmEmail(record.declaration, party, email, now);
        return { after: declaration === record.declaration ? record : { ...record, declaration }, result: outcome };
      });
      return result;
    } catch (error) {
      if (error instanceof Refusal && error.code === 'REMOVED_INACTIVE') return 'UNKNOWN';
      throw error;
    }
  }

  handlers(): Handlers<'send-phone-code' | 'confirm-phone-code' | 'confirm-email-a'> {
    return {
      // The phone is saved as the driver's contact, unconfirmed, until confirm-phone-code gives the code back.
      'send-phone-code': async ({ party: named, tel: typed, captcha }, { conn, seat, contract }) => {
        const party = named ?? seat.party;
        const tel = compactPhone(typed.trim());
        const invalid = phoneError(tel);
        if (invalid) refuse(invalid);
        const e164 = toE164(tel) ?? refuse('PHONE_INVALID');
        if (!smsServed(e164, this.options.smsCallingCodes ?? DEFAULT_SMS_CALLING_CODES)) refuse('PHONE_COUNTRY_NOT_SERVED');
        await this.captcha.check(captcha, 'phone-code');
        const key = `phone-code:${seat.declarationId}:${party}`;
        const { result: sent, committed } = await this.uow.change(seat.declarationId, { writer: { conn, seat }, kind: 'DATA', when: contract.when }, async (record, now) => {
          const previous = await this.pending(key);
          if (previous && previous.tel === e164 && now - previous.sentAt < PHONE_CODE_RESEND_MS) refuse('RATE_LIMITED', previous.sentAt + PHONE_CODE_RESEND_MS - now);
          const ctx: EditContext = { actor: { party: seat.party, allow: seat.allow }, now, isInLithuania: this.ports.isInLithuania };
          const withTel = applyInstruction(record.declaration, 'set-partial-driver-data', { party, name: 'tel', value: e164 }, ctx);
          if (!withTel.ok) refuse(withTel.code);
          const withMethod = applyInstruction(withTel.declaration, 'set-partial-driver-data', { party, name: 'informMethod', value: 'tel' }, ctx);
          if (!withMethod.ok) refuse(withMethod.code);
          // Daily caps per declaration and per number (FU11): a gateway is not a free SMS pump.
          await countWithin(
            this.ports.expiring,
            [
              [`sms-day:declaration:${seat.declarationId}`, PHONE_CODES_PER_DECLARATION_PER_DAY],
              [`sms-day:number:${e164}`, PHONE_CODES_PER_NUMBER_PER_DAY],
            ],
            DAY_MS,
            now,
            'RATE_LIMITED',
          );
          const code = String(Math.floor(this.ports.ids.random() * 1_000_000)).padStart(PHONE_CODE_LENGTH, '0');
          if (this.options.mode !== 'practice') await this.send(e164, code, record.declaration.parties[party].fillLang);
          const pending: PendingCode = { hash: await this.ports.hash.sha256Hex(`${key}:${code}`), tel: e164, expires: now + PHONE_CODE_TTL_MS, sentAt: now, attempts: 0 };
          // Two field changes, one version: the driver made one request.
          return { after: { ...record, declaration: { ...withMethod.declaration, version: record.declaration.version + 1 }, lastActivity: now }, result: { code, pending } };
        });
        // The code is kept only once the phone it was sent to is committed as the driver's.
        await this.ports.expiring.set(key, sent.pending, sent.pending.expires);
        // The practice mode sends nothing: the device shows the code itself.
        return this.options.mode === 'practice' ? { ...committed, sent: true, practiceCode: sent.code } : { ...committed, sent: true };
      },
      'confirm-phone-code': async ({ party: named, code: typed }, { conn, seat, contract }) => {
        const party = named ?? seat.party;
        const code = typed.trim();
        if (!new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(code)) refuse('PHONE_CODE_INVALID');
        const key = `phone-code:${seat.declarationId}:${party}`;
        const { committed } = await this.uow.change(seat.declarationId, { writer: { conn, seat }, kind: 'DATA', when: contract.when }, async (record, now) => {
          const pending = await this.pending(key);
          if (!pending || pending.expires < now || pending.attempts >= PHONE_CODE_MAX_ATTEMPTS) {
            await this.ports.expiring.delete(key);
            refuse('WRONG_CONFIRMATION_CODE');
          }
          if (pending.hash !== (await this.ports.hash.sha256Hex(`${key}:${code}`))) {
            await this.ports.expiring.set(key, { ...pending, attempts: pending.attempts + 1 }, pending.expires);
            refuse('WRONG_CONFIRMATION_CODE');
          }
          if (toE164(record.declaration.parties[party].driver.tel) !== pending.tel) refuse('WRONG_CONFIRMATION_CODE');
          return { after: { ...record, declaration: confirmPhone(record.declaration, party, now), lastActivity: now }, result: null };
        });
        // Used up once the confirmation is committed (a failed commit leaves the code to try again).
        await this.ports.expiring.delete(key);
        return committed;
      },
      'confirm-email-a': async ({ party: named }, { seat, contract }) => {
        const party = named ?? seat.party;
        const record = await this.uow.load(seat.declarationId);
        if (!allowedIn(record, contract.when)) refuse('DECLARATION_FINISHED');
        const d = record.declaration;
        const driver = d.parties[party].driver;
        if (!isEmail(driver.email)) refuse('EMAIL_INVALID');
        if (driver.emailConfirmed) return { sent: false, confirmed: true };
        if (this.options.mode === 'practice' || d.mode === 'practice' || !this.ports.emailConfirmation) return { sent: false, confirmed: false };
        const key = `email-link:${seat.declarationId}:${party}:${driver.email}`;
        const now = this.ports.clock.now();
        const last = v.safeParse(v.number(), await this.ports.expiring.get(key));
        if (last.success && now - last.output < EMAIL_LINK_RESEND_MS) refuse('RATE_LIMITED', last.output + EMAIL_LINK_RESEND_MS - now);
        try {
          await this.ports.emailConfirmation.sendLink({ declarationId: d.id, party, email: driver.email, lang: d.parties[party].fillLang });
        } catch (error) {
          this.ports.log?.('warn', 'e-mail confirmation link not sent', { error: String(error) });
          refuse('CONTACT_SYSTEM_ERROR');
        }
        await this.ports.expiring.set(key, now, now + EMAIL_LINK_RESEND_MS);
        return { sent: true, confirmed: false };
      },
    };
  }

  private async pending(key: string): Promise<PendingCode | null> {
    const parsed = v.safeParse(PendingCode, await this.ports.expiring.get(key));
    return parsed.success ? parsed.output : null;
  }

  private async send(e164: string, code: string, lang: Locale): Promise<void> {
    if (!this.ports.phoneCodes) refuse('CONTACT_SYSTEM_ERROR');
    try {
      await this.ports.phoneCodes.sendCode(e164, code, lang);
    } catch (error) {
      this.ports.log?.('warn', 'phone code not sent', { error: String(error) });
      refuse('CONTACT_SYSTEM_ERROR');
    }
  }
}
