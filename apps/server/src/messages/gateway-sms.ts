/**
 * SMS through the SMPP gateway (issue 16; SPEC SMS3-SMS5), each one kept in the outbox with its
 * way: SENDING while the SMSC is asked, SENT with its part ids, then DELIVERED or FAILED as the
 * receipts come. A message whose answer was lost with the connection is UNCERTAIN and counts as
 * sent (the caller must not send it again: a delivery retried would reach the phone twice); one
 * that could not be handed over is UNSENT and the send rejects, so the caller may try again.
 */
import { SmsNotSent, type SmsReceiptState } from '@eid/adapter-sms-smpp';
import type { SentMessage, SmsMessage, SmsSenderPort } from '@eid/domain';

/** What the outbox keeps of a gateway's SMS (SQLite and PostgreSQL). */
export interface SmsStates {
  recordSms(message: SmsMessage): Promise<string>;
  setSmsState(id: string, state: 'SENT' | 'UNCERTAIN' | 'UNSENT', smscIds?: readonly string[]): Promise<void>;
  smsReceipt(smscId: string, state: 'DELIVERED' | 'FAILED'): Promise<boolean>;
}

export class GatewaySms implements SmsSenderPort {
  constructor(
    private readonly outbox: SmsStates,
    private readonly gateway: SmsSenderPort,
    private readonly log: (message: string, data: Record<string, unknown>) => void,
  ) {}

  async sendSms(message: SmsMessage): Promise<SentMessage> {
    const id = await this.outbox.recordSms(message);
    let sent: SentMessage;
    try {
      sent = await this.gateway.sendSms(message);
    } catch (e) {
      if (e instanceof SmsNotSent && e.reason === 'UNCERTAIN') {
        await this.keep(id, 'UNCERTAIN', e.acceptedParts);
        this.log('an SMS may or may not have reached the SMSC; it is not sent again', { id });
        return { id };
      }
      await this.keep(id, 'UNSENT');
      throw e;
    }
    // Sent: a state that could not be written must not make the caller send it again.
    await this.keep(id, 'SENT', sent.id.split(' '));
    return { id };
  }

  /** Writes a state; a failure is logged (the message stays SENDING in the outbox), never thrown. */
  private async keep(id: string, state: 'SENT' | 'UNCERTAIN' | 'UNSENT', smscIds?: readonly string[]): Promise<void> {
    try {
      await this.outbox.setSmsState(id, state, smscIds);
    } catch (error) {
      this.log('an SMS state was not recorded', { id, state, error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** A delivery receipt from the SMSC (SMS4): delivered, or failed (expired counts as failed). */
  async receipt(smscId: string, state: SmsReceiptState): Promise<void> {
    if (state === 'UNKNOWN') return;
    const known = await this.outbox.smsReceipt(smscId, state === 'DELIVERED' ? 'DELIVERED' : 'FAILED');
    if (!known) this.log('a delivery receipt for an SMS this outbox does not know', { smscId });
  }
}
