/**
 * SMS over SMPP 3.4 (issue 16; SPEC.md SMS): the SmsSenderPort for an operator's or an aggregator's
 * SMSC, with the npm `smpp` client. One transceiver bind, kept up: enquire_link every 30 s; a lost
 * connection or a refused bind binds again after a doubling back-off (0.5 s … 60 s). The text goes
 * in GSM-7 or UCS-2 as its letters need, split into concatenated parts (UDH) when long; every part
 * asks for a delivery receipt, and receipts are handed to `onReceipt` with the id they name (an
 * SMSC that writes receipt ids in another base than its answers needs its ids normalised there).
 * A connection whose link check or bind goes unanswered, or that sends what cannot be read, is
 * ended and bound again.
 *
 * Nothing is sent twice: this sender never repeats a submit. A message is either refused before
 * anything was written (UNAVAILABLE: no bind in time; the caller may try again later), refused by
 * the SMSC (REFUSED), or its answer was lost with the connection (UNCERTAIN: the SMSC may have it;
 * the caller must not send it again).
 */
import smpp, { type Pdu, type Session } from 'smpp';
import { smsParts, type SentMessage, type SmsMessage, type SmsSenderPort } from '@eid/domain';

export type SmsReceiptState = 'DELIVERED' | 'FAILED' | 'EXPIRED' | 'UNKNOWN';

export interface SmppOptions {
  /** `smpp://system_id:password@host:port?source=EID` (source: the sender name or number shown). */
  readonly url: string;
  /** A delivery receipt arrived for a part (the SMSC's message id). */
  readonly onReceipt?: (smscId: string, state: SmsReceiptState) => void;
  readonly log?: (message: string, data: Record<string, unknown>) => void;
  /** How long a send waits for a bind before it is UNAVAILABLE. */
  readonly bindWaitMs?: number;
  /** How long a part waits for the SMSC's answer. */
  readonly submitTimeoutMs?: number;
  readonly backoff?: { readonly startMs: number; readonly capMs: number };
  /** How often the link is checked (enquire_link); one unanswered within `answerWaitMs` ends the connection. */
  readonly enquireLinkMs?: number;
  /** How long a connect and bind, or an enquire_link's answer, may take before the connection is given up. */
  readonly answerWaitMs?: number;
}

export class SmsNotSent extends Error {
  override name = 'SmsNotSent';
  constructor(
    readonly reason: 'UNAVAILABLE' | 'REFUSED' | 'UNCERTAIN',
    /** The SMSC ids of the parts accepted before it failed. */
    readonly acceptedParts: readonly string[] = [],
    readonly status?: number,
  ) {
    super(`the SMS was not sent: ${reason}${status === undefined ? '' : ` (status ${status})`}`);
  }
}

interface Settings {
  readonly address: string;
  readonly systemId: string;
  readonly password: string;
  readonly source: string;
}

/** SMS3: the settings in EID_SMPP_URL. */
export function parseSmppUrl(url: string): Settings {
  const u = new URL(url);
  if (u.protocol !== 'smpp:' && u.protocol !== 'ssmpp:') throw new Error('EID_SMPP_URL must be smpp://system_id:password@host:port?source=NAME');
  const source = u.searchParams.get('source') ?? 'EID';
  if (!/^(?:[A-Za-z0-9 ]{1,11}|\+?\d{1,15})$/.test(source)) throw new Error('the SMPP source must be up to 11 letters or digits, or a phone number');
  return { address: `${u.protocol}//${u.hostname}:${u.port || (u.protocol === 'ssmpp:' ? '3550' : '2775')}`, systemId: decodeURIComponent(u.username), password: decodeURIComponent(u.password), source };
}

const RECEIPT_STATES: Readonly<Record<string, SmsReceiptState>> = { DELIVRD: 'DELIVERED', UNDELIV: 'FAILED', REJECTD: 'FAILED', DELETED: 'FAILED', EXPIRED: 'EXPIRED' };

/** The SMSC id and state of a delivery receipt (the TLV when given, else the receipt's text). */
export function parseReceipt(pdu: { readonly receipted_message_id?: unknown; readonly short_message?: unknown }): { readonly smscId: string; readonly state: SmsReceiptState } | null {
  const message = (pdu.short_message as { message?: unknown } | undefined)?.message;
  const text = typeof message === 'string' ? message : '';
  const smscId = typeof pdu.receipted_message_id === 'string' && pdu.receipted_message_id !== '' ? pdu.receipted_message_id : (/\bid:(\S+)/.exec(text)?.[1] ?? '');
  if (smscId === '') return null;
  return { smscId, state: RECEIPT_STATES[/\bstat:(\w+)/.exec(text)?.[1] ?? ''] ?? 'UNKNOWN' };
}

export class SmppSmsSender implements SmsSenderPort {
  private readonly settings: Settings;
  private session: Session | null = null;
  private bound = false;
  private closed = false;
  private delay: number;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private keepAlive: ReturnType<typeof setInterval> | null = null;
  private waiters: Array<{ readonly bound: () => void; readonly fail: () => void }> = [];
  /** Parts written and not answered: rejected when the connection goes. */
  private readonly inFlight = new Set<(error: SmsNotSent) => void>();
  private reference = Math.floor(Math.random() * 256);

  constructor(private readonly options: SmppOptions) {
    this.settings = parseSmppUrl(options.url);
    this.delay = options.backoff?.startMs ?? 500;
    this.connect();
  }

  /** Whether a bind is up now. */
  get isBound(): boolean {
    return this.bound;
  }

  async sendSms(message: SmsMessage): Promise<SentMessage> {
    if (this.closed) throw new SmsNotSent('UNAVAILABLE');
    if (!/^\+\d{6,15}$/.test(message.to)) throw new SmsNotSent('REFUSED');
    const { encoding, parts } = smsParts(message.text);
    const session = await this.boundSession();
    const reference = (this.reference = (this.reference + 1) % 256);
    const accepted: string[] = [];
    for (const [i, part] of parts.entries()) {
      const shortMessage = parts.length === 1 ? part : { udh: Buffer.from([0x05, 0x00, 0x03, reference, parts.length, i + 1]), message: part };
      try {
        accepted.push(await this.submit(session, { destination: message.to.slice(1), shortMessage, dataCoding: encoding === 'GSM7' ? 0 : 8 }));
      } catch (e) {
        const error = e instanceof SmsNotSent ? e : new SmsNotSent('UNCERTAIN');
        // A later part's failure leaves the earlier ones sent: never "not sent at all".
        throw new SmsNotSent(accepted.length > 0 && error.reason !== 'UNCERTAIN' ? 'UNCERTAIN' : error.reason, accepted, error.status);
      }
    }
    return { id: accepted.join(' ') };
  }

  /** Unbinds and stops binding again; what waits for a bind is UNAVAILABLE. Resolves within 2 s whatever the SMSC does. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.stopKeepAlive();
    for (const w of this.waiters.splice(0)) w.fail();
    const session = this.session;
    if (!session) return;
    await new Promise<void>((resolve) => {
      const hard = setTimeout(() => {
        session.destroy();
        resolve();
      }, 2000);
      session.once('close', () => {
        clearTimeout(hard);
        resolve();
      });
      if (!(this.bound && session.unbind({}, () => session.close()))) session.destroy();
    });
    this.bound = false;
    this.session = null;
    for (const reject of [...this.inFlight]) reject(new SmsNotSent('UNCERTAIN'));
  }

  private submit(session: Session, p: { readonly destination: string; readonly shortMessage: unknown; readonly dataCoding: number }): Promise<string> {
    const source = this.settings.source;
    // An alphanumeric name (TON 5), an international number (TON 1), or a short code (TON 0).
    const ton = /^\+\d+$/.test(source) ? 1 : /^\d+$/.test(source) ? 0 : 5;
    return new Promise<string>((resolve, reject) => {
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.inFlight.delete(lost);
        fn();
      };
      const lost = (error: SmsNotSent) => settle(() => reject(error));
      const timer = setTimeout(() => lost(new SmsNotSent('UNCERTAIN')), this.options.submitTimeoutMs ?? 10_000);
      this.inFlight.add(lost);
      const written = session.submit_sm(
        {
          source_addr_ton: ton,
          source_addr_npi: ton === 5 ? 0 : 1,
          source_addr: source.replace(/^\+/, ''),
          dest_addr_ton: 1,
          dest_addr_npi: 1,
          destination_addr: p.destination,
          registered_delivery: 1,
          data_coding: p.dataCoding,
          short_message: p.shortMessage,
        },
        (resp) =>
          settle(() => {
            if (resp.command_status === 0 && typeof resp.message_id === 'string') resolve(resp.message_id);
            else reject(new SmsNotSent('REFUSED', [], resp.command_status));
          }),
      );
      // Not written at all (the socket is gone): nothing reached the SMSC.
      if (!written) settle(() => reject(new SmsNotSent('UNAVAILABLE')));
    });
  }

  private boundSession(): Promise<Session> {
    if (this.bound && this.session) return Promise.resolve(this.session);
    return new Promise<Session>((resolve, reject) => {
      const fail = () => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new SmsNotSent('UNAVAILABLE'));
      };
      const timer = setTimeout(fail, this.options.bindWaitMs ?? 10_000);
      const waiter = {
        bound: () => {
          clearTimeout(timer);
          if (this.session) resolve(this.session);
          else reject(new SmsNotSent('UNAVAILABLE'));
        },
        fail,
      };
      this.waiters.push(waiter);
    });
  }

  private connect(): void {
    if (this.closed) return;
    this.retry = null;
    const answerWait = this.options.answerWaitMs ?? 15_000;
    const session = smpp.connect({ url: this.settings.address });
    this.session = session;
    // Connected and bound within the wait, or given up (an SMSC that takes the connection and never answers).
    const deadline = setTimeout(() => session.destroy(), answerWait);
    session.on('connect', () => {
      session.bind_transceiver({ system_id: this.settings.systemId, password: this.settings.password, interface_version: 0x34 }, (resp) => {
        clearTimeout(deadline);
        if (resp.command_status !== 0) {
          this.options.log?.('smpp bind refused', { status: resp.command_status });
          session.destroy();
          return;
        }
        this.bound = true;
        this.delay = this.options.backoff?.startMs ?? 500;
        this.options.log?.('smpp bound', {});
        this.startKeepAlive(session, answerWait);
        for (const w of this.waiters.splice(0)) w.bound();
      });
    });
    session.on('deliver_sm', (pdu: Pdu) => {
      session.send(pdu.response());
      if (((pdu.esm_class as number) & 0x04) === 0) return;
      const receipt = parseReceipt({ receipted_message_id: pdu.receipted_message_id, short_message: pdu.short_message });
      if (receipt) this.options.onReceipt?.(receipt.smscId, receipt.state);
    });
    session.on('enquire_link', (pdu: Pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu: Pdu) => {
      session.send(pdu.response());
      session.close();
    });
    // A PDU that cannot be read leaves the library reading nothing more: the connection is ended and bound again.
    session.on('error', (error: Error) => {
      this.options.log?.('smpp connection error', { error: error.message });
      session.destroy();
    });
    session.on('close', () => {
      clearTimeout(deadline);
      this.lost(session);
    });
  }

  /** enquire_link every period; one not answered within the wait ends the connection (a link a firewall dropped silently). */
  private startKeepAlive(session: Session, answerWait: number): void {
    this.stopKeepAlive();
    this.keepAlive = setInterval(() => {
      const silent = setTimeout(() => session.destroy(), answerWait);
      if (!session.enquire_link({}, () => clearTimeout(silent))) clearTimeout(silent);
    }, this.options.enquireLinkMs ?? 30_000);
  }

  private stopKeepAlive(): void {
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.keepAlive = null;
  }

  private lost(session: Session): void {
    if (this.session !== session) return;
    this.bound = false;
    this.session = null;
    this.stopKeepAlive();
    for (const reject of [...this.inFlight]) reject(new SmsNotSent('UNCERTAIN'));
    if (this.closed) return;
    const cap = this.options.backoff?.capMs ?? 60_000;
    this.options.log?.('smpp connection lost; binding again', { inMs: this.delay });
    this.retry = setTimeout(() => this.connect(), this.delay);
    this.delay = Math.min(cap, this.delay * 2);
  }
}
