import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalSmsc, SmsNotSent } from '@eid/adapter-sms-smpp';
import { createSqliteOutbox } from '@eid/adapter-outbox-sqlite';
import type { SmsMessage } from '@eid/domain';
import { FixedClock, SequenceIds } from '@eid/test-fixtures';
import { buildTestApp } from '../testing/build-test-app.js';
import { smartIdSession } from '../testing/identity.js';
import { GatewaySms } from './gateway-sms.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

describe('SMS through the SMPP gateway, kept in the outbox with their states', () => {
  const open: Array<Ctx | LocalSmsc> = [];
  afterEach(async () => {
    for (const o of open.splice(0).reverse()) await (o instanceof LocalSmsc ? o.stop() : o.close());
  });
  async function withGateway() {
    const smsc = await LocalSmsc.start();
    open.push(smsc);
    const ctx = await buildTestApp({ EID_PUBLIC_URL: 'https://eid.example.lt', EID_SMART_ID_URL: 'local', EID_SMPP_URL: smsc.url });
    open.push(ctx);
    return { smsc, ctx };
  }
  const smsStates = async (ctx: Ctx) => (await ctx.app.outbox.list({ channel: 'sms' })).map((m) => [m.text.slice(0, 12), m.smsState]);

  it('[SMS1] [SMS4] the expiry reminder reaches the SMSC in Lithuanian, intact; the outbox has it SENT, then DELIVERED by the receipt', async () => {
    const { smsc, ctx } = await withGateway();
    smsc.receipts = 'DELIVRD';
    await smartIdSession(ctx, '30303039914');
    const account = await ctx.app.storage.accounts.accountByPersonalCode('30303039914');
    if (!account) throw new Error('no account');
    await ctx.app.storage.accounts.updateAccount(account.id, { person: { ...account.person, phone: '+37061234567' } });
    await ctx.app.storage.accounts.setNotifications(account.id, { email: false, sms: true, expiryReminders: true, reminderDays: 14 });
    expect(await ctx.app.reminders.run()).toBe(1);
    const [received] = smsc.messages();
    expect(received?.to).toBe('37061234567');
    expect(received?.dataCoding).toBe(8);
    expect(received?.text).toMatch(/^EID: transporto priemonės KLM123 draudimas baigiasi \d{4}-\d{2}-\d{2} \(10 d\.\)\. Laiku jį atnaujinkite\. https:\/\/eid\.example\.lt\/documents$/);
    const [kept] = await ctx.app.outbox.list({ channel: 'sms' });
    expect(kept?.text).toBe(received?.text);
    expect(kept?.smscIds).toEqual(received?.ids);
    await expect.poll(async () => (await ctx.app.outbox.list({ channel: 'sms' }))[0]?.smsState).toBe('DELIVERED');
  });

  it('[SMS5] a dropped bind binds again and each SMS goes once; one whose answer was lost is UNCERTAIN and not sent again', async () => {
    const { smsc, ctx } = await withGateway();
    smsc.next = 'answer-then-drop';
    await ctx.app.sms.sendSms({ to: '+37061234567', text: 'EID kodas 111111' });
    // The gateway notices the drop and binds again by itself.
    await expect.poll(() => smsc.binds).toBe(2);
    await ctx.app.sms.sendSms({ to: '+37061234567', text: 'EID kodas 222222' });
    smsc.next = 'drop-before-answer';
    await ctx.app.sms.sendSms({ to: '+37061234567', text: 'EID kodas 333333' });
    await ctx.app.sms.sendSms({ to: '+37061234567', text: 'EID kodas 444444' });
    expect(smsc.binds).toBe(3);
    expect(smsc.submits.map((s) => s.text)).toEqual(['EID kodas 111111', 'EID kodas 222222', 'EID kodas 333333', 'EID kodas 444444']);
    expect(await smsStates(ctx)).toEqual([
      ['EID kodas 44', 'SENT'],
      ['EID kodas 33', 'UNCERTAIN'],
      ['EID kodas 22', 'SENT'],
      ['EID kodas 11', 'SENT'],
    ]);
  });

  it('[SMS5] an SMS the gateway could not take is UNSENT and the send rejects (the caller may try again); a refusal too', async () => {
    const sqlite = new Database(':memory:');
    try {
      const outbox = createSqliteOutbox(sqlite, new FixedClock(Date.UTC(2026, 10, 24, 9)), new SequenceIds());
      const answers: Array<Error | null> = [new SmsNotSent('UNAVAILABLE'), new SmsNotSent('REFUSED', [], 0x58)];
      const gateway = new GatewaySms(
        outbox,
        {
          sendSms: async (_m: SmsMessage) => {
            const answer = answers.shift();
            if (answer) throw answer;
            return { id: 'X1' };
          },
        },
        () => undefined,
      );
      await expect(gateway.sendSms({ to: '+37061234567', text: 'a' })).rejects.toMatchObject({ reason: 'UNAVAILABLE' });
      await expect(gateway.sendSms({ to: '+37061234567', text: 'b' })).rejects.toMatchObject({ reason: 'REFUSED' });
      expect(outbox.list({ channel: 'sms' }).map((m) => [m.text, m.smsState])).toEqual([
        ['b', 'UNSENT'],
        ['a', 'UNSENT'],
      ]);
      // Sent, but the state cannot be written (the database hiccups): the send still counts, so nobody sends it again.
      const logged: string[] = [];
      const flaky = new GatewaySms({ ...outbox, recordSms: (m) => outbox.recordSms(m), smsReceipt: (i, st) => outbox.smsReceipt(i, st), setSmsState: async () => Promise.reject(new Error('database is locked')) }, { sendSms: async () => ({ id: 'X2' }) }, (message) => void logged.push(message));
      await expect(flaky.sendSms({ to: '+37061234567', text: 'c' })).resolves.toMatchObject({ id: expect.any(String) });
      expect(logged).toEqual(['an SMS state was not recorded']);
    } finally {
      sqlite.close();
    }
  });
});
