import { describe, expect, it } from 'vitest';
import { complete } from '../declaration/declaration.fixture.js';
import type { Declaration, GuiltyChoice } from '../declaration/entities.js';
import { DELIVERY_RETRY, deliveryPlan, deliveryRetryDelayMs, partiesAtFault } from './delivery.js';

const INSURERS = [
  { id: 1, name: 'Lietuvos draudimas', www: '', damageWww: '', claimsEmail: 'zalos@ld.insurers.example' },
  { id: 2, name: 'ERGO', www: '', damageWww: '', claimsEmail: 'claims@ergo.insurers.example' },
];

const BUREAU = { email: 'zalos@bureau.example', name: 'Biuras' };
const CARD = { country: 'PL', insurerName: 'PZU SA', number: 'PL/001/123456', validUntil: '2027-03-31' };

function insuredAs(d: Declaration, party: 'A' | 'B', ri: Declaration['parties']['A']['responsibleInsurer'], country = 'PL'): Declaration {
  const p = d.parties[party];
  return { ...d, parties: { ...d.parties, [party]: { ...p, responsibleInsurer: ri, vehicle: { ...p.vehicle, country, insurerId: -1, insurerName: '' } } } };
}

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
    const plan = deliveryPlan(d, INSURERS, BUREAU);
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
    expect(deliveryPlan(d, INSURERS, BUREAU).messages.filter((m) => m.audience === 'insurer').map((m) => m.key)).toEqual(keys);
  });

  it('[DL1] a gap is reported, never silently skipped: no contact, an insurer without an address', () => {
    const d = complete();
    const noContact = { ...d, parties: { ...d.parties, A: { ...d.parties.A, driver: { ...d.parties.A.driver, informMethod: null } } } };
    const plan = deliveryPlan(noContact, [{ id: 1, name: 'LD', www: '', damageWww: '', claimsEmail: '' }], BUREAU);
    expect(plan.messages.map((m) => m.key)).toEqual(['driver-B-sms']);
    expect(plan.gaps).toEqual(['driver A has no contact to send to', 'no e-mail address for the insurer 1 of party A at fault']);
  });

  it.each([
    ['insured abroad', { drkId: -1, name: 'PZU SA', www: '', damageWww: '', special: 'OTHER' as const, greenCard: CARD }, 'PL', { kind: 'ABROAD', greenCard: CARD }],
    ['not insured (a Lithuanian vehicle)', { drkId: -1, name: '', www: '', damageWww: '', special: 'NOT_INSURED' as const }, 'LT', { kind: 'NONE' }],
    ['not insured (a vehicle from abroad)', { drkId: -1, name: '', www: '', damageWww: '', special: 'NOT_INSURED' as const }, 'LV', { kind: 'NONE' }],
  ] as const)('[IN5] the party at fault %s: its copy goes to the bureau (CM2), in Lithuanian, saying why', (_name, ri, country, forBureau) => {
    const d = insuredAs(withGuilt(complete(), 'A'), 'A', ri, country);
    const toInsurers = deliveryPlan(d, INSURERS, BUREAU).messages.filter((m) => m.audience === 'insurer');
    expect(toInsurers).toEqual([{ key: 'insurer-A-email', channel: 'email', audience: 'insurer', party: 'A', to: 'zalos@bureau.example', lang: 'lt', insurerName: 'Biuras', forBureau }]);
  });

  it('[IN5] the victim insured abroad changes nothing: the insurer of the party at fault is mailed; without the bureau\'s address a culprit insured abroad is a gap', () => {
    const victimAbroad = insuredAs(withGuilt(complete(), 'A'), 'B', { drkId: -1, name: 'PZU SA', www: '', damageWww: '', special: 'OTHER', greenCard: CARD });
    expect(deliveryPlan(victimAbroad, INSURERS, BUREAU).messages.filter((m) => m.audience === 'insurer').map((m) => m.to)).toEqual(['zalos@ld.insurers.example']);
    const culpritAbroad = insuredAs(withGuilt(complete(), 'B'), 'B', { drkId: -1, name: 'PZU SA', www: '', damageWww: '', special: 'OTHER', greenCard: CARD });
    const plan = deliveryPlan(culpritAbroad, INSURERS, { email: '', name: 'Biuras' });
    expect(plan.messages.filter((m) => m.audience === 'insurer')).toEqual([]);
    expect(plan.gaps).toEqual(['no recipient for party B at fault, insured abroad']);
  });

  it('[DL1] the same declaration always gives the same message keys (a rerun makes no new messages)', () => {
    const d = byEmail(complete(), 'B', 'ona@example.lt');
    expect(deliveryPlan(d, INSURERS, BUREAU)).toEqual(deliveryPlan(d, INSURERS, BUREAU));
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
