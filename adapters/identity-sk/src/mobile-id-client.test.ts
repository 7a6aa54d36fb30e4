import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityFailure, type IdentityContext, type IdentityPoll } from '@eid/domain';
import { FakeMobileId } from './fake-mobile-id.js';
import { MobileIdClient, type MobileIdConfig } from './mobile-id-client.js';

describe('Mobile-ID (MID REST) against the local service', () => {
  let fake: FakeMobileId;
  beforeAll(async () => {
    fake = await FakeMobileId.start({ answerAfterMs: 300 });
  });
  afterAll(async () => {
    await fake.close();
  });

  const client = (changes: Partial<MobileIdConfig> = {}) =>
    new MobileIdClient({ baseUrl: fake.baseUrl, relyingPartyUUID: '00000000-0000-0000-0000-000000000000', relyingPartyName: 'DEMO', trustAnchors: fake.trustAnchors, ...changes });

  async function finish(c: MobileIdClient, sessionId: string, context: IdentityContext): Promise<IdentityPoll[]> {
    const seen: IdentityPoll[] = [];
    for (let i = 0; i < 20; i += 1) {
      const answer = await c.poll(sessionId, context, 1000);
      seen.push(answer);
      if (answer.state !== 'RUNNING') return seen;
    }
    throw new Error('the session never ended');
  }

  it('[ID1] [ID3] [ID8] SK\'s LT demo number +37060000666: a four-digit code below 8192, then the person of the certificate', async () => {
    const c = client();
    const started = await c.start({ phone: '+37060000666', personalCode: '50001018865' }, 'lt');
    expect(started.verificationCode).toMatch(/^\d{4}$/);
    expect(Number(started.verificationCode)).toBeLessThan(8192);
    const seen = await finish(c, started.sessionId, started.context);
    expect(seen.at(-1)).toEqual({ state: 'OK', person: { personalCode: '50001018865', firstName: 'MARY ÄNN', lastName: 'O’CONNEŽ-ŠUSLIK TESTNUMBER', country: 'LT' } });
  });

  it.each([
    ['+37060000266', '50001018832', 'NOT_CLIENT'],
    ['+37061100266', '50001018854', 'USER_REFUSED'],
    ['+37061200266', '50001018876', 'NOT_DELIVERED'],
    ['+37066000266', '50001018908', 'TIMEOUT'],
    ['+37060000666', '30303039914', 'NOT_CLIENT'],
  ])('[ID8] the demo number %s with %s ends %s', async (phone, personalCode, outcome) => {
    const c = client();
    const started = await c.start({ phone, personalCode }, 'en');
    expect((await finish(c, started.sessionId, started.context)).at(-1)).toEqual({ state: 'ENDED', outcome });
  });

  it.each([
    ['untrusted-ca', 'a certificate from a CA that is not configured'],
    ['other-hash', 'a signature over another hash'],
    ['other-person', 'a certificate of another person than the one asked for'],
  ] as const)('[ID8] %s: %s is not believed (NOT_VERIFIED, no person)', async (mischief, _what) => {
    fake.mischief = mischief;
    try {
      const c = client();
      const started = await c.start({ phone: '+37060000666', personalCode: '50001018865' }, 'lt');
      expect((await finish(c, started.sessionId, started.context)).at(-1)).toEqual({ state: 'ENDED', outcome: 'NOT_VERIFIED' });
    } finally {
      fake.mischief = null;
    }
  });

  it('[ID8] another session\'s hash, or a certificate past its validity, is not believed', async () => {
    const c = client();
    const first = await c.start({ phone: '+37060000666', personalCode: '50001018865' }, 'lt');
    const second = await c.start({ phone: '+37060000666', personalCode: '50001018865' }, 'lt');
    expect((await finish(c, first.sessionId, second.context)).at(-1)).toEqual({ state: 'ENDED', outcome: 'NOT_VERIFIED' });
    const later = client({ now: () => Date.now() + 2 * 365 * 24 * 60 * 60_000 });
    const third = await later.start({ phone: '+37060000666', personalCode: '50001018865' }, 'lt');
    expect((await finish(later, third.sessionId, third.context)).at(-1)).toEqual({ state: 'ENDED', outcome: 'NOT_VERIFIED' });
  });

  it('[ID1] a wrong relying party, or no phone, cannot start; an unknown session is FAILED', async () => {
    await expect(client({ relyingPartyName: 'OTHER' }).start({ phone: '+37060000666', personalCode: '50001018865' }, 'lt')).rejects.toEqual(new IdentityFailure('FAILED'));
    await expect(client().start({ personalCode: '50001018865' }, 'lt')).rejects.toEqual(new IdentityFailure('FAILED'));
    expect(await client().poll('00000000-0000-4000-8000-000000000001', { preimage: 'eA==', personalCode: '50001018865' }, 1000)).toEqual({ state: 'ENDED', outcome: 'FAILED' });
  });
});
