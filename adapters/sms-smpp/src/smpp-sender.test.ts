import { afterEach, describe, expect, it } from 'vitest';
import { LocalSmsc } from './local-smsc.js';
import { parseReceipt, parseSmppUrl, SmppSmsSender, SmsNotSent, type SmsReceiptState } from './smpp-sender.js';

/** 58 characters: one UCS-2 message. */
const LITHUANIAN = 'EID kodas 482913. Ąžuolų g. 5, Šiauliai: čia ęėįšųūž.';
const fast = { backoff: { startMs: 50, capMs: 400 }, bindWaitMs: 5000, submitTimeoutMs: 5000 };

describe('SMS over SMPP (the local SMSC of the smpp package)', () => {
  const open: Array<{ close(): Promise<void> } | { stop(): Promise<void> }> = [];
  afterEach(async () => {
    for (const o of open.splice(0).reverse()) await ('close' in o ? o.close() : o.stop());
  });
  async function setup(receipts: Array<[string, SmsReceiptState]> = []) {
    const smsc = await LocalSmsc.start();
    open.push(smsc);
    const sender = new SmppSmsSender({ url: smsc.url, onReceipt: (id, state) => receipts.push([id, state]), ...fast });
    open.push(sender);
    return { smsc, sender };
  }

  it('[SMS1] a Lithuanian text arrives intact in UCS-2; a plain one in GSM-7', async () => {
    const { smsc, sender } = await setup();
    const sent = await sender.sendSms({ to: '+37061234567', text: LITHUANIAN });
    await sender.sendSms({ to: '+37061234567', text: 'EID code: 123456. Price {0} €' });
    expect(smsc.messages()).toEqual([
      { to: '37061234567', from: 'EID', dataCoding: 8, text: LITHUANIAN, parts: 1, ids: [sent.id] },
      expect.objectContaining({ dataCoding: 0, text: 'EID code: 123456. Price {0} €', parts: 1 }),
    ]);
  });

  it('[SMS2] a long text goes as concatenated parts that the phone joins back', async () => {
    const { smsc, sender } = await setup();
    const long = `${LITHUANIAN} ${'Žinutė apie jūsų deklaraciją. '.repeat(6)}`.trim();
    const sent = await sender.sendSms({ to: '+37061234567', text: long });
    const [message] = smsc.messages();
    expect(message?.text).toBe(long);
    expect(message?.parts).toBe(Math.ceil(long.length / 67));
    expect(sent.id.split(' ')).toEqual(message?.ids);
  });

  it('[SMS4] a delivery receipt marks the message delivered (or failed)', async () => {
    const receipts: Array<[string, SmsReceiptState]> = [];
    const { smsc, sender } = await setup(receipts);
    smsc.receipts = 'DELIVRD';
    const ok = await sender.sendSms({ to: '+37061234567', text: 'EID: one' });
    smsc.receipts = 'UNDELIV';
    const bad = await sender.sendSms({ to: '+37061234568', text: 'EID: two' });
    await expect.poll(() => receipts.length).toBe(2);
    expect(receipts).toEqual([
      [ok.id, 'DELIVERED'],
      [bad.id, 'FAILED'],
    ]);
  });

  it('[SMS5] a dropped bind binds again and the next messages go, each once', async () => {
    const { smsc, sender } = await setup();
    smsc.next = 'answer-then-drop';
    await sender.sendSms({ to: '+37061234567', text: 'EID: first' });
    await expect.poll(() => sender.isBound).toBe(false);
    // Sent while the connection is down: it waits for the new bind.
    const [second, third] = await Promise.all([sender.sendSms({ to: '+37061234567', text: 'EID: second' }), sender.sendSms({ to: '+37061234567', text: 'EID: third' })]);
    expect(second.id).not.toBe(third.id);
    expect(smsc.binds).toBe(2);
    expect(smsc.messages().map((m) => m.text)).toEqual(['EID: first', 'EID: second', 'EID: third']);
    // The network goes away altogether: a bind comes back after it.
    smsc.dropAll();
    await expect.poll(() => sender.isBound).toBe(false);
    await sender.sendSms({ to: '+37061234567', text: 'EID: fourth' });
    expect(smsc.binds).toBe(3);
    expect(smsc.messages().map((m) => m.text)).toEqual(['EID: first', 'EID: second', 'EID: third', 'EID: fourth']);
  });

  it('[SMS5] a link gone silent (unanswered link checks, an unanswered bind) is ended and bound again once it answers', async () => {
    const smsc = await LocalSmsc.start();
    open.push(smsc);
    const sender = new SmppSmsSender({ url: smsc.url, ...fast, enquireLinkMs: 100, answerWaitMs: 200 });
    open.push(sender);
    await sender.sendSms({ to: '+37061234567', text: 'EID: before' });
    smsc.silent = true;
    await expect.poll(() => sender.isBound).toBe(false);
    // Still silent: the new connection's bind goes unanswered and is given up, again and again.
    await expect.poll(() => smsc.connections).toBeGreaterThan(2);
    expect(smsc.binds).toBe(1);
    smsc.silent = false;
    await sender.sendSms({ to: '+37061234567', text: 'EID: after' });
    expect(smsc.binds).toBe(2);
    expect(smsc.messages().map((m) => m.text)).toEqual(['EID: before', 'EID: after']);
  });

  it('[SMS5] an SMSC that sends what cannot be read: the connection is ended and bound again', async () => {
    const { smsc, sender } = await setup();
    await sender.sendSms({ to: '+37061234567', text: 'EID: one' });
    smsc.garble();
    await expect.poll(() => sender.isBound).toBe(false);
    await sender.sendSms({ to: '+37061234567', text: 'EID: two' });
    expect(smsc.binds).toBe(2);
  });

  it('[SMS5] close ends even when the SMSC no longer answers; a send after it is UNAVAILABLE at once', async () => {
    const { smsc, sender } = await setup();
    await sender.sendSms({ to: '+37061234567', text: 'EID: one' });
    smsc.silent = true;
    await sender.close();
    expect(sender.isBound).toBe(false);
    await expect(sender.sendSms({ to: '+37061234567', text: 'EID: late' })).rejects.toMatchObject({ reason: 'UNAVAILABLE' });
    expect(smsc.submits).toHaveLength(1);
  });

  it('[SMS5] an answer lost with the connection is UNCERTAIN and never sent again; a refusal is REFUSED', async () => {
    const { smsc, sender } = await setup();
    smsc.next = 'drop-before-answer';
    await expect(sender.sendSms({ to: '+37061234567', text: 'EID: lost answer' })).rejects.toMatchObject({ reason: 'UNCERTAIN' });
    smsc.next = 'refuse';
    await expect(sender.sendSms({ to: '+37061234567', text: 'EID: throttled' })).rejects.toMatchObject({ reason: 'REFUSED', status: 0x58 });
    await sender.sendSms({ to: '+37061234567', text: 'EID: after' });
    expect(smsc.submits.map((s) => s.text)).toEqual(['EID: lost answer', 'EID: throttled', 'EID: after']);
  });

  it('[SMS3] a wrong password never binds: a send is UNAVAILABLE (nothing written), and it keeps trying', async () => {
    const smsc = await LocalSmsc.start();
    open.push(smsc);
    const sender = new SmppSmsSender({ url: smsc.url.replace('secret1', 'wrong'), ...fast, bindWaitMs: 300 });
    open.push(sender);
    const error = await sender.sendSms({ to: '+37061234567', text: 'EID: x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsNotSent);
    expect(error).toMatchObject({ reason: 'UNAVAILABLE', acceptedParts: [] });
    expect(smsc.submits).toEqual([]);
    expect(smsc.binds).toBe(0);
    await expect.poll(() => smsc.refusedBinds).toBeGreaterThan(1);
  });

  it('[SMS5] a refused bind binds again after a back-off that doubles each time, up to its cap', async () => {
    const smsc = await LocalSmsc.start();
    open.push(smsc);
    // 40 ms doubling to 160 ms (the service's own: 0.5 s to 60 s).
    const sender = new SmppSmsSender({ url: smsc.url.replace('secret1', 'wrong'), backoff: { startMs: 40, capMs: 160 }, bindWaitMs: 5000, submitTimeoutMs: 5000 });
    open.push(sender);
    void sender.sendSms({ to: '+37061234567', text: 'EID: x' }).catch(() => undefined);
    await expect.poll(() => smsc.refusedBinds, { timeout: 10_000 }).toBeGreaterThanOrEqual(6);
    const at = smsc.refusedBindAt;
    const gaps = at.slice(1, 6).map((t, i) => t - at[i]!);
    // Each wait at least the back-off of its turn (a few ms of timer slack allowed): 40, 80, 160, then the cap.
    const expected = [40, 80, 160, 160, 160];
    gaps.forEach((gap, i) => expect(gap, `wait ${i + 1}: ${gaps.map(Math.round).join(', ')} ms`).toBeGreaterThanOrEqual(expected[i]! - 5));
    // The cap holds: it does not keep doubling.
    expect(Math.max(gaps[3]!, gaps[4]!)).toBeLessThan(640);
  });

  it('[SMS3] the URL names the account, the server and the sender name; a bad one is refused', () => {
    expect(parseSmppUrl('smpp://eid:p%40ss@smsc.example.lt:2775?source=EID')).toEqual({ address: 'smpp://smsc.example.lt:2775', systemId: 'eid', password: 'p@ss', source: 'EID' });
    expect(parseSmppUrl('smpp://eid:x@smsc.example.lt').address).toBe('smpp://smsc.example.lt:2775');
    expect(() => parseSmppUrl('http://smsc.example.lt')).toThrow(/EID_SMPP_URL/);
    expect(() => parseSmppUrl('smpp://eid:x@smsc.example.lt?source=A%20very%20long%20name')).toThrow(/source/);
  });

  it('[SMS4] a receipt is read from its TLV or its text', () => {
    expect(parseReceipt({ receipted_message_id: 'ab12', short_message: { message: '' } })).toEqual({ smscId: 'ab12', state: 'UNKNOWN' });
    expect(parseReceipt({ short_message: { message: 'id:77 sub:001 dlvrd:000 submit date:2611241200 done date:2611241300 stat:EXPIRED err:000 text:' } })).toEqual({ smscId: '77', state: 'EXPIRED' });
    expect(parseReceipt({ short_message: { message: 'no id here' } })).toBeNull();
  });
});
