/**
 * CP2 at the hub: the abuse-prone instructions ask a proof of work of their own action, before
 * anything is done — no SMS goes out, no submit is queued, no declaration is looked up.
 */
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '@eid/domain/protocol';
import { ask, Device, makeHarness, plates, VILNIUS } from './testing/hub-harness.js';
import { WorkCaptcha } from './testing/work-captcha.js';

const call = (op: string, p?: unknown) => (p === undefined ? { t: 'call', op } : { t: 'call', op, p });

async function seated(mode: 'live' | 'practice' = 'live') {
  const captcha = new WorkCaptcha();
  const sent: string[] = [];
  const queued: string[] = [];
  const h = makeHarness(
    { captcha, phoneCodes: { sendCode: async (to) => void sent.push(to) }, queue: { enqueue: async (id) => void queued.push(id) } },
    { maxTimeAdjustHours: 6, mode },
  );
  const a = new Device();
  const token = async (action: string) => captcha.tokenOf(await captcha.challenge(action));
  const connected = await ask(h, a, { t: 'connect', protocol: PROTOCOL_VERSION, mode, plates: { A: plates('KLM123'), B: plates('HBN512') }, location: VILNIUS, fillLang: 'lt', captcha: await token('connect') });
  expect(connected).toMatchObject({ ok: true });
  return { h, a, sent, queued, token, captcha };
}

describe('the captcha of the abuse-prone instructions (CP2)', () => {
  it('[CP2] send-phone-code without a token is CAPTCHA_REQUIRED, with a used, forged or other-action one CAPTCHA_INVALID, and no SMS goes out; its own token sends one', async () => {
    const { h, a, sent, token } = await seated();
    const tel = '+37061234567';
    expect(await ask(h, a, call('send-phone-code', { tel }))).toMatchObject({ ok: false, code: 'CAPTCHA_REQUIRED' });
    expect(await ask(h, a, call('send-phone-code', { tel, captcha: 'challenge-forged' }))).toMatchObject({ ok: false, code: 'CAPTCHA_INVALID' });
    expect(await ask(h, a, call('send-phone-code', { tel, captcha: await token('submit') }))).toMatchObject({ ok: false, code: 'CAPTCHA_INVALID' });
    expect(sent).toEqual([]);
    const good = await token('phone-code');
    expect(await ask(h, a, call('send-phone-code', { tel, captcha: good }))).toMatchObject({ ok: true });
    expect(sent).toEqual([tel]);
    // Used once: the same token again is refused, and nothing more is sent.
    expect(await ask(h, a, call('send-phone-code', { tel, captcha: good }))).toMatchObject({ ok: false, code: 'CAPTCHA_INVALID' });
    expect(sent).toEqual([tel]);
  });

  it('[CP2] submit-eid without a token is CAPTCHA_REQUIRED, with another action\'s CAPTCHA_INVALID, and nothing is queued', async () => {
    const { h, a, queued, token } = await seated();
    expect(await ask(h, a, call('submit-eid'))).toMatchObject({ ok: false, code: 'CAPTCHA_REQUIRED' });
    expect(await ask(h, a, call('submit-eid', { captcha: await token('phone-code') }))).toMatchObject({ ok: false, code: 'CAPTCHA_INVALID' });
    expect(queued).toEqual([]);
  });

  it('[CP2] the practice mode asks no token: its phone code is shown, not sent', async () => {
    const { h, a, sent } = await seated('practice');
    expect(await ask(h, a, call('send-phone-code', { tel: '+37061234567' }))).toMatchObject({ ok: true, r: { practiceCode: expect.stringMatching(/^\d{6}$/) } });
    expect(sent).toEqual([]);
  });
});
