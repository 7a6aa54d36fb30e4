import { describe, expect, it } from 'vitest';
import { NO_PERSON, type InsuranceDocument } from '@eid/domain';
import { MemoryAccountStore, MemoryBureauRecords, MemoryExpiringStore } from '@eid/adapter-storage-memory';
import { WebCryptoHash } from '@eid/adapter-system';
import { accountFixture, FixedClock } from '@eid/test-fixtures';
import { ExpiryReminders, REMINDER_SEND_LEASE_MS } from './expiry-reminders.js';

const DAY = 24 * 60 * 60_000;
/** 09:00 in Vilnius on 24 November 2026. */
const T0 = Date.UTC(2026, 10, 24, 7);
const doc = (no: string, validTill: string): InsuranceDocument => ({ no, type: 'POL', contractNo: `C-${no}`, insurerId: 1, plate: 'KLM123', vehicleType: 'A', make: 'Toyota', model: 'Corolla', validFrom: '2026-01-01', validTill });

async function setup() {
  const clock = new FixedClock(T0);
  const store = new MemoryAccountStore();
  const bureau = new MemoryBureauRecords();
  const expiring = new MemoryExpiringStore(clock);
  const sent: Array<{ channel: 'email' | 'sms'; to: string; lang: string; no: string; daysLeft: number }> = [];
  const reminders = new ExpiryReminders({
    bureau,
    store,
    clock,
    expiring,
    hash: new WebCryptoHash(),
    send: {
      email: async (to, lang, d, daysLeft) => void sent.push({ channel: 'email', to, lang, no: d.no, daysLeft }),
      sms: async (to, lang, d, daysLeft) => void sent.push({ channel: 'sms', to, lang, no: d.no, daysLeft }),
    },
    smsServed: (e164) => e164.startsWith('+370'),
  });
  await store.createAccount(accountFixture('ona', 'ona@example.lt', { emailConfirmedAt: T0 - DAY, personalCode: '30303039914', lang: 'en' }));
  await bureau.replacePerson('30303039914', { documents: [doc('D1', '2026-12-14')], accidents: [], debts: [] });
  return { clock, store, bureau, expiring, sent, reminders };
}

describe('expiry reminders (a job on a fake clock)', () => {
  it('[BR4] by default an e-mail 14 days before the end, once; nothing before, nothing again', async () => {
    const { clock, sent, reminders } = await setup();
    // 20 days before: not yet.
    expect(await reminders.run()).toBe(0);
    clock.set(T0 + 6 * DAY);
    expect(await reminders.run()).toBe(1);
    expect(sent).toEqual([{ channel: 'email', to: 'ona@example.lt', lang: 'en', no: 'D1', daysLeft: 14 }]);
    expect(await reminders.run()).toBe(0);
    clock.set(T0 + 10 * DAY);
    expect(await reminders.run()).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it('[BR4] a document whose renewal is bought (the next one for the same car begins the day after) is not reminded; a gap of a day is', async () => {
    const { clock, bureau, sent, reminders } = await setup();
    const next = (no: string, validFrom: string): InsuranceDocument => ({ ...doc(no, '2027-12-14'), validFrom });
    await bureau.replacePerson('30303039914', { documents: [doc('D1', '2026-12-14'), next('D2', '2026-12-15')], accidents: [], debts: [] });
    clock.set(T0 + 6 * DAY);
    expect(await reminders.run()).toBe(0);
    // The renewal of another car, or a green card, does not count; a policy beginning two days after leaves a day uninsured.
    await bureau.replacePerson('30303039914', { documents: [doc('D1', '2026-12-14'), { ...next('D2', '2026-12-15'), plate: 'HBN442' }, { ...next('D3', '2026-12-15'), type: 'ZK' }, next('D4', '2026-12-16')], accidents: [], debts: [] });
    expect(await reminders.run()).toBe(1);
    expect(sent.map((m) => m.no)).toEqual(['D1']);
  });

  it('[BR4] a missed day is caught up before the end; after the end nothing', async () => {
    const { clock, sent, reminders } = await setup();
    clock.set(T0 + 18 * DAY);
    expect(await reminders.run()).toBe(1);
    expect(sent[0]?.daysLeft).toBe(2);
    const late = await setup();
    late.clock.set(T0 + 21 * DAY);
    expect(await late.reminders.run()).toBe(0);
  });

  it('[BR4] the person\'s choices: SMS to the phone, 30 days before; reminders off; no channel that can reach them', async () => {
    const { store, sent, reminders } = await setup();
    await store.updateAccount('ona', { person: { ...NO_PERSON, phone: '+37061234567' } });
    await store.setNotifications('ona', { email: false, sms: true, expiryReminders: true, reminderDays: 30 });
    expect(await reminders.run()).toBe(1);
    expect(sent).toEqual([{ channel: 'sms', to: '+37061234567', lang: 'en', no: 'D1', daysLeft: 20 }]);
    const off = await setup();
    await off.store.setNotifications('ona', { email: true, sms: true, expiryReminders: false, reminderDays: 30 });
    off.clock.set(T0 + 10 * DAY);
    expect(await off.reminders.run()).toBe(0);
    // An address never confirmed and no phone: no reminder, and none is recorded as sent.
    const unreachable = await setup();
    await unreachable.store.createAccount(accountFixture('jonas', 'jonas@example.lt', { personalCode: '50001018865' }));
    await unreachable.bureau.replacePerson('50001018865', { documents: [doc('D2', '2026-12-01')], accidents: [], debts: [] });
    expect(await unreachable.reminders.run()).toBe(0);
    expect(unreachable.sent).toEqual([]);
  });

  it('[BR4] each channel goes once: an SMS that failed is tried at the next run without the e-mail again; a number the SMS service does not serve gets none', async () => {
    const clock = new FixedClock(T0 + 6 * DAY);
    const store = new MemoryAccountStore();
    const bureau = new MemoryBureauRecords();
    const sent: string[] = [];
    let smsDown = true;
    const reminders = new ExpiryReminders({
      bureau,
      store,
      clock,
      expiring: new MemoryExpiringStore(clock),
      hash: new WebCryptoHash(),
      send: {
        email: async (to) => void sent.push(`email ${to}`),
        sms: async (to) => {
          if (smsDown) throw new Error('the SMS service is down');
          sent.push(`sms ${to}`);
        },
      },
      smsServed: (e164) => e164.startsWith('+370'),
    });
    await store.createAccount(accountFixture('ona', 'ona@example.lt', { emailConfirmedAt: T0, personalCode: '30303039914', person: { ...NO_PERSON, phone: '+37061234567' } }));
    await store.createAccount(accountFixture('tom', null, { personalCode: '50001018865', person: { ...NO_PERSON, phone: '+447700900123' } }));
    for (const [id, code] of [['ona', '30303039914'], ['tom', '50001018865']] as const) {
      await store.setNotifications(id, { email: true, sms: true, expiryReminders: true, reminderDays: 14 });
      await bureau.replacePerson(code, { documents: [doc(`D-${id}`, '2026-12-14')], accidents: [], debts: [] });
    }
    expect(await reminders.run()).toBe(1);
    smsDown = false;
    expect(await reminders.run()).toBe(1);
    expect(await reminders.run()).toBe(0);
    expect(sent).toEqual(['email ona@example.lt', 'sms +37061234567']);
  });

  it('[BR4] two nodes running at once (one shared store) send each reminder once, and the hourly turn is one node\'s', async () => {
    const { clock, store, bureau, expiring, sent } = await setup();
    let scans = 0;
    const scanning: typeof bureau = Object.assign(Object.create(bureau) as typeof bureau, {
      documentsEnding: (from: string, to: string) => {
        scans += 1;
        return bureau.documentsEnding(from, to);
      },
    });
    const node = () =>
      new ExpiryReminders({ bureau: scanning, store, clock, expiring, hash: new WebCryptoHash(), send: { email: async (to, lang, d, daysLeft) => void sent.push({ channel: 'email', to, lang, no: d.no, daysLeft }), sms: async () => undefined }, smsServed: () => false });
    const [one, two] = [node(), node()];
    clock.set(T0 + 6 * DAY);
    const counts = await Promise.all([one.run(), two.run(), one.run(), two.run()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(sent.map((m) => m.no)).toEqual(['D1']);
    scans = 0;
    await Promise.all([one.runDue(), two.runDue()]);
    expect(scans).toBe(1);
  });

  it('[BR4] a node that dies while sending holds the reminder only for its lease: after it, another node sends it', async () => {
    const { clock, store, bureau, expiring, sent } = await setup();
    const dying = new ExpiryReminders({ bureau, store, clock, expiring, hash: new WebCryptoHash(), send: { email: () => new Promise<void>(() => undefined), sms: async () => undefined }, smsServed: () => false });
    clock.set(T0 + 6 * DAY);
    void dying.run();
    await expect.poll(() => expiring.size).toBeGreaterThan(0);
    const healthy = new ExpiryReminders({ bureau, store, clock, expiring, hash: new WebCryptoHash(), send: { email: async (to, lang, d, daysLeft) => void sent.push({ channel: 'email', to, lang, no: d.no, daysLeft }), sms: async () => undefined }, smsServed: () => false });
    expect(await healthy.run()).toBe(0);
    clock.advance(REMINDER_SEND_LEASE_MS + 1);
    expect(await healthy.run()).toBe(1);
    expect(sent.map((m) => m.no)).toEqual(['D1']);
    expect(await healthy.run()).toBe(0);
  });

  it('[BR4] a code without an account gets nothing; the job runs at most once an hour however often it is called', async () => {
    const { clock, bureau, sent, reminders } = await setup();
    await bureau.replacePerson('38703181745', { documents: [doc('D9', '2026-11-30')], accidents: [], debts: [] });
    clock.set(T0 + 6 * DAY);
    expect(await reminders.runDue()).toBe(1);
    await bureau.replacePerson('30303039914', { documents: [doc('D1', '2026-12-14'), doc('D3', '2026-12-13')], accidents: [], debts: [] });
    expect(await reminders.runDue()).toBe(0);
    clock.advance(60 * 60_000 + 1);
    expect(await reminders.runDue()).toBe(1);
    expect(sent.map((s) => s.no)).toEqual(['D1', 'D3']);
  });
});
