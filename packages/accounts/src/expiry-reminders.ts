/**
 * Expiry reminders of insurance documents (SPEC BR4): a job that finds the documents ending within
 * the longest reminder window, and for each whose owner has an account that wants a reminder now,
 * sends it by the channels chosen — each document's end once per account (a record kept until
 * well after the document ends). It runs at most once an hour, however often it is called.
 */
import {
  addDays,
  daysBetween,
  DEFAULT_NOTIFICATIONS,
  formatDate,
  REMINDER_DAYS,
  reminderDue,
  renewed,
  type Account,
  type AccountStorePort,
  type BureauRecordsPort,
  type ClockPort,
  type ExpiringStorePort,
  type HashPort,
  type InsuranceDocument,
  type Locale,
} from '@eid/domain';

/** How long a reminder being sent is held by one run (longer than any send takes). */
export const REMINDER_SEND_LEASE_MS = 15 * 60_000;
/** The job looks again after this long. */
export const REMINDER_RUN_EVERY_MS = 60 * 60_000;

/** How a reminder reaches the person (the server words it in the account's language). */
export interface ReminderSenderPort {
  email(to: string, lang: Locale, doc: InsuranceDocument, daysLeft: number): Promise<void>;
  sms(to: string, lang: Locale, doc: InsuranceDocument, daysLeft: number): Promise<void>;
}

export interface ReminderPorts {
  readonly bureau: BureauRecordsPort;
  readonly store: AccountStorePort;
  readonly expiring: ExpiringStorePort;
  readonly clock: ClockPort;
  readonly hash: HashPort;
  readonly send: ReminderSenderPort;
  /** Whether the SMS service reaches a number (FU11: the configured calling codes). */
  readonly smsServed: (e164: string) => boolean;
}

export class ExpiryReminders {
  constructor(private readonly ports: ReminderPorts) {}

  /** Runs when an hour has passed since the last run (any node); resolves how many reminders went. */
  async runDue(): Promise<number> {
    const { expiring, clock } = this.ports;
    // One node's turn an hour (the claim is one step every node sees).
    if (!(await expiring.claim('expiry-reminders:ran', clock.now(), clock.now() + REMINDER_RUN_EVERY_MS))) return 0;
    return this.run();
  }

  /**
   * One pass over the documents ending within the longest window; resolves how many messages went.
   * Each channel of each document's end is sent once (its own record); one that fails is tried at
   * the next run and does not stop the others.
   */
  async run(): Promise<number> {
    const { bureau, store, expiring, clock, hash } = this.ports;
    const now = clock.now();
    const today = formatDate(now);
    const until = addDays(today, Math.max(...REMINDER_DAYS));
    let sent = 0;
    const documentsOf = new Map<string, Promise<InsuranceDocument[]>>();
    for (const { personalCode, document } of await bureau.documentsEnding(today, until)) {
      const account = await store.accountByPersonalCode(personalCode);
      if (!account) continue;
      const prefs = (await store.notificationsOf(account.id)) ?? DEFAULT_NOTIFICATIONS;
      if (!reminderDue(document, prefs, today)) continue;
      if (!documentsOf.has(personalCode)) documentsOf.set(personalCode, bureau.documentsOf(personalCode));
      if (renewed(document, (await documentsOf.get(personalCode)) ?? [])) continue;
      const left = Math.max(0, daysBetween(today, document.validTill));
      for (const channel of this.channels(account, prefs)) {
        const key = `expiry-reminder:${await hash.sha256Hex(`${account.id}|${document.type}|${document.no}|${document.validTill}|${channel.kind}`)}`;
        // A short lease first, so two runs at once (on two nodes) send it once; kept for good only once sent. A failed
        // send gives the lease back; a crash mid-send leaves it to lapse, and the next run after that sends it.
        if (!(await expiring.claim(key, 'sending', now + REMINDER_SEND_LEASE_MS))) continue;
        try {
          await channel.send(account.lang, document, left);
        } catch {
          await expiring.delete(key).catch(() => undefined);
          continue;
        }
        await expiring.set(key, now, Date.parse(`${addDays(document.validTill, 60)}T00:00:00Z`));
        sent += 1;
      }
    }
    return sent;
  }

  /** The channels that can reach the person: e-mail to a confirmed address, SMS to a phone the SMS service serves. */
  private channels(account: Account, prefs: { readonly email: boolean; readonly sms: boolean }): Array<{ readonly kind: 'email' | 'sms'; send(lang: Locale, doc: InsuranceDocument, left: number): Promise<void> }> {
    const { send, smsServed } = this.ports;
    const out: Array<{ readonly kind: 'email' | 'sms'; send(lang: Locale, doc: InsuranceDocument, left: number): Promise<void> }> = [];
    const email = account.email;
    if (prefs.email && email !== null && account.emailConfirmedAt !== null) out.push({ kind: 'email', send: (lang, doc, left) => send.email(email, lang, doc, left) });
    const phone = account.person.phone;
    if (prefs.sms && phone && smsServed(phone)) out.push({ kind: 'sms', send: (lang, doc, left) => send.sms(phone, lang, doc, left) });
    return out;
  }
}
