import { describe, expect, it } from 'vitest';
import { addressError, isInLithuania } from '@eid/domain';
import { FixtureAddresses } from './address-fixture.adapter.js';

describe('fixture address registry', () => {
  const registry = new FixtureAddresses();

  it('[AD4] suggests complete, picked addresses in Lithuania; typing without accents finds the Lithuanian spelling', async () => {
    const hits = await registry.suggest('zalgirio 12', 8);
    expect(hits.map((h) => h.value)).toEqual(['Žalgirio g. 12, Vilnius']);
    const h = hits[0]!;
    expect(addressError({ value: h.value, aob: h.aob, pat: null, needPat: h.needPat })).toBeNull();
    expect(isInLithuania(h)).toBe(true);
    const many = await registry.suggest('Savanorių', 8);
    expect(many).toHaveLength(8);
    expect(new Set(many.map((m) => m.aob)).size).toBe(8);
  });

  it('[AD4] an apartment building needs the apartment number', async () => {
    const [flat] = await registry.suggest('Gedimino pr 9 Vilnius', 1);
    expect(flat?.needPat).toBe(true);
    expect(addressError({ value: flat!.value, aob: flat!.aob, pat: null, needPat: true })).toBe('ADDRESS_NO_APARTMENT');
  });

  it('[AD4] the nearest addresses to a GPS position come first', async () => {
    const [near] = await registry.nearest({ latitude: 54.89741, longitude: 23.91358 }, 3);
    expect(near?.value).toBe('Laisvės al. 1, Kaunas');
    expect(registry.size).toBeGreaterThan(2000);
    for (const a of await registry.nearest({ latitude: 55.7, longitude: 21.14 }, 50)) expect(isInLithuania(a)).toBe(true);
  });
});
