import { describe, expect, it } from 'vitest';
import { complete } from '../declaration/declaration.fixture.js';
import type { Declaration, GuiltyChoice } from '../declaration/entities.js';
import { DELIVERY_RETRY, deliveryPlan, deliveryRetryDelayMs, partiesAtFault } from './delivery.js';

const INSURERS = [
  { id: 1, name: 'Lietuvos draudimas', www: '', damageWww: '', claimsEmail: 'zalos@ld.insurers.example' },
  { id: 2, name: 'ERGO', www: '', damageWww: '', claimsEmail: 'claims@ergo.insurers.example' },
];

function withGuilt(d: Declaration, g: GuiltyChoice): Declaration {
  return { ...d, guilt: { status: 'RESOLVED', achoice: g, bchoice: g, resolved: g } };
}

function byEmail(d: Declaration, party: 'A' | 'B', email: string, lang: 'lt' | 'en' = 'lt'): Declaration {
  const p = d.parties[party];
  return { ...d, parties: { ...d.parties, [party]: { ...p, fillLang: lang, driver: { ...p.driver, informMethod: 'email', email } } } };
}

describe('delivery plan', () => {
  it('[DL1] drivers by their inform method (SMS or e-mail, in their language); the insurer of the party at fault by e-mail in Lithuanian', () => {
    const d = byEmail(complete(), 'B', ' ona@example.lt ', 'en');
    const plan = deliveryPlan(d, INSURERS);
    expect(plan.gaps).toEqual([]);
    expect(plan.messages).toEqual([
      { key: 'driver-A-sms', channel: 'sms', audience: 'driver', party: 'A', to: '+37061234567', lang: 'lt' },
      { key: 'driver-B-email', channel: 'email', audience: 'driver', party: 'B', to: 'ona@example.lt', lang: 'en' },
      { key: 'insurer-A-email', channel: 'email', audience: 'insurer', party: 'A', to: 'zalos@ld.insurers.example', lang: 'lt', insurerName: 'Lietuvos draudimas' },
    ]);
  });

  it.each([
    ['A', ['A'], ['insurer-A-email']],
    ['B', ['B'], ['insurer-B-email']],
    ['BOTH', ['A', 'B'], ['insurer-A-email', 'insurer-B-email']],
  ] as const)('[DL1] guilt %s: at fault %j, insurers mailed %j', (g, fault, keys) => {
    const d = withGuilt(complete(), g);
    expect(partiesAtFault(d)).toEqual(fault);
    expect(deliveryPlan(d, INSURERS).messages.filter((m) => m.audience === 'insurer').map((m) => m.key)).toEqual(keys);
  });

  it('[DL1] a gap is reported, never silently skipped: no contact, an insurer without an address', () => {
    const d = complete();
    const noContact = { ...d, parties: { ...d.parties, A: { ...d.parties.A, driver: { ...d.parties.A.driver, informMethod: null } } } };
    const plan = deliveryPlan(noContact, [{ id: 1, name: 'LD', www: '', damageWww: '', claimsEmail: '' }]);
    expect(plan.messages.map((m) => m.key)).toEqual(['driver-B-sms']);
    expect(plan.gaps).toEqual(['driver A has no contact to send to', 'no e-mail address for the insurer 1 of party A at fault']);
  });

  it('[DL1] the same declaration always gives the same message keys (a rerun makes no new messages)', () => {
    const d = byEmail(complete(), 'B', 'ona@example.lt');
    expect(deliveryPlan(d, INSURERS)).toEqual(deliveryPlan(d, INSURERS));
  });

  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [10, 512_000],
    [11, 600_000],
    [40, 600_000],
  ])('[DL2] after %i refused attempts the next is %i ms later', (attempts, ms) => {
    expect(deliveryRetryDelayMs(attempts)).toBe(ms);
    expect(DELIVERY_RETRY.giveUpMs).toBe(48 * 3_600_000);
  });
});
