import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { acspV2Message, IdentityFailure, smartIdVerificationCode, type IdentityContext, type IdentityPoll } from '@eid/domain';
import { FakeSmartId } from './fake-smart-id.js';
import { SmartIdClient, type SmartIdConfig } from './smart-id-client.js';

describe('Smart-ID: SK\'s published examples', () => {
  it('[ID2] [ID4] the example challenge\'s code is 7180 and the example message\'s SHA-512 is the published one', () => {
    const rpChallenge = 'GYS+yoah6emAcVDNIajwSs6UB/M95XrDxMzXBUkwQJ9YFDipXXzGpPc7raWcuc2+TEoRc7WvIZ/7dU/iRXenYg==';
    expect(smartIdVerificationCode(createHash('sha256').update(Buffer.from(rpChallenge, 'base64')).digest())).toBe('7180');
    const message = acspV2Message({
      schemeName: 'smart-id',
      serverRandom: 'MTlop6EXCrQ6FOErcKjxUhbV',
      rpChallenge,
      userChallenge: 'GnsWXXEjTCKR89fj9uo5u5ReBZ9JR7_pezLAI5jMS00',
      relyingPartyName: 'DEMO',
      brokeredRpName: 'Example RP',
      interactionsSha256: 'RW2HOCLDvRFNWmAOmpWE+3rt7a8q4JGQD3n75d6xJHM=',
      interactionTypeUsed: 'confirmationMessage',
      initialCallbackUrl: 'https://rp.example.com/callback-url?value=RrKjjT4aggzu27YBddX1bQ',
      flowType: 'Web2App',
    });
    expect(createHash('sha512').update(message, 'utf8').digest('base64')).toBe('pKOjbNl/5Fy8NfrFqsj6pSn8W8O+Ik8rM33QSsbyD3J9qDJvEm90SboUciuY4wHGWa0Pnq8BgT3NJKmJiUDfKg==');
  });
});

describe('Smart-ID (RP API v3) against the local service', () => {
  let fake: FakeSmartId;
  beforeAll(async () => {
    fake = await FakeSmartId.start({ answerAfterMs: 300 });
  });
  afterAll(async () => {
    await fake.close();
  });

  const client = (changes: Partial<SmartIdConfig> = {}) =>
    new SmartIdClient({ baseUrl: fake.baseUrl, relyingPartyUUID: '00000000-0000-4000-8000-000000000000', relyingPartyName: 'DEMO', schemeName: 'smart-id-demo', trustAnchors: fake.trustAnchors, ...changes });

  /** Polls as a browser's page would, until the session ends; every answer is kept. */
  async function finish(c: SmartIdClient, sessionId: string, context: IdentityContext): Promise<IdentityPoll[]> {
    const seen: IdentityPoll[] = [];
    for (let i = 0; i < 20; i += 1) {
      const answer = await c.poll(sessionId, context, 1000);
      seen.push(answer);
      if (answer.state !== 'RUNNING') return seen;
    }
    throw new Error('the session never ended');
  }

  it('[ID1] [ID2] [ID6] the demo account 30303039914: a four-digit code from the challenge, the session runs, then the person of the certificate', async () => {
    const c = client();
    const started = await c.start({ personalCode: '30303039914' }, 'lt');
    expect(started.verificationCode).toMatch(/^\d{4}$/);
    const seen = await finish(c, started.sessionId, started.context);
    expect(seen.at(-1)).toEqual({ state: 'OK', person: { personalCode: '30303039914', firstName: 'OK', lastName: 'TESTNUMBER', country: 'LT' } });
  });

  it.each([
    ['30403039917', 'USER_REFUSED'],
    ['30403039928', 'USER_REFUSED'],
    ['30403039972', 'WRONG_VC'],
    ['30403039983', 'TIMEOUT'],
  ])('[ID5] the demo account %s ends %s', async (personalCode, outcome) => {
    const c = client();
    const started = await c.start({ personalCode }, 'en');
    expect((await finish(c, started.sessionId, started.context)).at(-1)).toEqual({ state: 'ENDED', outcome });
  });

  it('[ID5] a personal code without a Smart-ID account cannot start: NOT_CLIENT', async () => {
    await expect(client().start({ personalCode: '39001010000' }, 'lt')).rejects.toEqual(new IdentityFailure('NOT_CLIENT'));
  });

  it.each([
    ['untrusted-ca', 'a certificate from a CA that is not configured'],
    ['other-challenge', 'a signature over another challenge'],
    ['other-person', 'a certificate of another person than the one asked for'],
  ] as const)('[ID6] %s: %s is not believed (NOT_VERIFIED, no person)', async (mischief, _what) => {
    fake.mischief = mischief;
    try {
      const c = client();
      const started = await c.start({ personalCode: '30303039914' }, 'lt');
      expect((await finish(c, started.sessionId, started.context)).at(-1)).toEqual({ state: 'ENDED', outcome: 'NOT_VERIFIED' });
    } finally {
      fake.mischief = null;
    }
  });

  it('[ID4] [ID6] a relying party configured with the production scheme name does not believe the demo service\'s signature; another session\'s challenge neither', async () => {
    const production = client({ schemeName: 'smart-id' });
    const started = await production.start({ personalCode: '30303039914' }, 'lt');
    expect((await finish(production, started.sessionId, started.context)).at(-1)).toEqual({ state: 'ENDED', outcome: 'NOT_VERIFIED' });
    const c = client();
    const first = await c.start({ personalCode: '30303039914' }, 'lt');
    const second = await c.start({ personalCode: '30303039914' }, 'lt');
    expect((await finish(c, first.sessionId, second.context)).at(-1)).toEqual({ state: 'ENDED', outcome: 'NOT_VERIFIED' });
  });

  it('[ID6] a certificate past its validity (the relying party\'s clock two years on) is not believed', async () => {
    const later = client({ now: () => Date.now() + 2 * 365 * 24 * 60 * 60_000 });
    const started = await later.start({ personalCode: '30303039914' }, 'lt');
    expect((await finish(later, started.sessionId, started.context)).at(-1)).toEqual({ state: 'ENDED', outcome: 'NOT_VERIFIED' });
  });

  it('[ID1] an unknown or ended session answers FAILED, not a person', async () => {
    expect(await client().poll('00000000-0000-4000-8000-000000000001', { rpChallenge: 'x', interactions: 'y', personalCode: '30303039914' }, 1000)).toEqual({ state: 'ENDED', outcome: 'FAILED' });
  });
});
