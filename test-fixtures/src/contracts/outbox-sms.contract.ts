import { describe, expect, it } from 'vitest';
import type { SmsMessage } from '@eid/domain';

type SmsState = 'SENDING' | 'SENT' | 'DELIVERED' | 'FAILED' | 'UNCERTAIN' | 'UNSENT';

/** What an outbox keeps of the SMS it hands to a gateway (SMPP). */
export interface OutboxSmsUnderTest {
  recordSms(message: SmsMessage): Promise<string>;
  setSmsState(id: string, state: SmsState, smscIds?: readonly string[]): Promise<void>;
  smsReceipt(smscId: string, state: 'DELIVERED' | 'FAILED'): Promise<boolean>;
  sendSms(message: SmsMessage): Promise<{ readonly id: string }>;
  list(query?: { readonly channel?: 'sms' | 'email' }): Promise<ReadonlyArray<{ readonly id: string; readonly smsState: SmsState | null; readonly smscIds: readonly string[] }>> | ReadonlyArray<{ readonly id: string; readonly smsState: SmsState | null; readonly smscIds: readonly string[] }>;
}

/** The contract of the SMS states every outbox passes (SQLite and PostgreSQL). */
export function registerOutboxSmsContract(name: string, withOutbox: (run: (outbox: OutboxSmsUnderTest) => Promise<void>) => Promise<void>): void {
  describe(`outbox SMS states: ${name}`, () => {
    const stateOf = async (outbox: OutboxSmsUnderTest, id: string) => (await outbox.list({ channel: 'sms' })).find((m) => m.id === id);

    it('[SMS3] an SMS for the gateway is SENDING, then SENT with its parts\' ids; one only kept here has no state', () =>
      withOutbox(async (outbox) => {
        const local = await outbox.sendSms({ to: '+37061234567', text: 'Kodas 1' });
        const id = await outbox.recordSms({ to: '+37061234567', text: 'Kodas 2' });
        expect(await stateOf(outbox, id)).toMatchObject({ smsState: 'SENDING', smscIds: [] });
        await outbox.setSmsState(id, 'SENT', ['M1', 'M2']);
        expect(await stateOf(outbox, id)).toMatchObject({ smsState: 'SENT', smscIds: ['M1', 'M2'] });
        expect(await stateOf(outbox, local.id)).toMatchObject({ smsState: null, smscIds: [] });
      }));

    it('[SMS4] a receipt of any part marks it DELIVERED; FAILED stays; an unknown id (or a pattern) changes nothing', () =>
      withOutbox(async (outbox) => {
        const a = await outbox.recordSms({ to: '+37061234567', text: 'a' });
        const b = await outbox.recordSms({ to: '+37061234568', text: 'b' });
        await outbox.setSmsState(a, 'SENT', ['A1', 'A2']);
        await outbox.setSmsState(b, 'SENT', ['A10']);
        expect(await outbox.smsReceipt('A2', 'DELIVERED')).toBe(true);
        expect(await stateOf(outbox, a)).toMatchObject({ smsState: 'DELIVERED' });
        // "A1" is not "A10"'s prefix match; "%" and "_" match only themselves.
        expect(await stateOf(outbox, b)).toMatchObject({ smsState: 'SENT' });
        expect(await outbox.smsReceipt('%', 'FAILED')).toBe(false);
        expect(await outbox.smsReceipt('A_0', 'FAILED')).toBe(false);
        expect(await outbox.smsReceipt('nope', 'DELIVERED')).toBe(false);
        expect(await outbox.smsReceipt('A10', 'FAILED')).toBe(true);
        expect(await outbox.smsReceipt('A10', 'DELIVERED')).toBe(false);
        expect(await stateOf(outbox, b)).toMatchObject({ smsState: 'FAILED' });
      }));
  });
}
