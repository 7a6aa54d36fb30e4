import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CIRCUMSTANCE_KEYS,
  CIRCUMSTANCE_MEANINGS,
  COMPATIBILITY_TABLE,
  INCOMPATIBILITY_GROUPS,
  SUGGESTED_TEMPLATES,
  canSelect,
  circumstanceOptions,
  compatible,
  disabledCircumstances,
  isCircumstanceKey,
  suggestedTemplates,
  type CircumstanceKey,
} from './circumstances.js';
import { CIRCUMSTANCE_COUNT } from './constants.js';
import { SCHEME_TEMPLATE_IDS } from './scheme-templates.js';

/** The designed table, row = selected, column = other, 1 = allowed together (SPEC.md, family CI). */
const DESIGNED_TABLE = [
  '1001000000000000000',
  '0101000000000000000',
  '0010010111110111011',
  '1101000000000000000',
  '0000101111110111111',
  '0010010000000111001',
  '0000101000000111001',
  '0010100101110000001',
  '0010100011110000001',
  '0010100111010110001',
  '0010100110100110001',
  '0010100111011110101',
  '0000000000011000101',
  '0010111001110101111',
  '0010111001110011111',
  '0010111000000111001',
  '0000100000011110101',
  '0010100000000110011',
  '0010111111111111111',
];

const key = fc.constantFrom(...CIRCUMSTANCE_KEYS);

describe('accident circumstances', () => {
  it('[CI1] nineteen keys "1" to "19" with the meanings of the ordered list', () => {
    expect(CIRCUMSTANCE_KEYS).toHaveLength(CIRCUMSTANCE_COUNT);
    expect(CIRCUMSTANCE_KEYS).toEqual(Array.from({ length: 19 }, (_, i) => String(i + 1)));
    expect(CIRCUMSTANCE_KEYS.map((k) => CIRCUMSTANCE_MEANINGS[k])).toEqual([
      'standing',
      'stopped',
      'beginning to drive',
      'opening doors',
      'stopping',
      'exiting parking/roadside',
      'entering parking/roadside',
      'entering roundabout',
      'driving in roundabout',
      'hitting rear of same-direction vehicle',
      'same direction, other lane',
      'changing lanes',
      'overtaking',
      'turning right',
      'turning left',
      'reversing',
      'entering oncoming lane',
      'hit from right at intersection',
      'not yielding or ignoring red light',
    ]);
    expect(isCircumstanceKey('19')).toBe(true);
    expect(isCircumstanceKey('20')).toBe(false);
    expect(isCircumstanceKey(1)).toBe(false);
  });

  it.each([
    ['1', ['parking-back-i', 'overtake-start', 'parking-door', 'back']],
    ['2', ['back']],
    ['3', ['back', 'overtake-start', 'parking-back-i', 'from-roadside']],
    ['4', ['parking-door', 'overtake-middle']],
    ['5', ['back']],
    ['6', ['parking-back-t', 'parking-back-i', 'overtake-start', 'from-roadside']],
    ['7', ['to-roadside', 'parking-side']],
    ['8', ['ring-enter', 'ring']],
    ['9', ['ring-enter', 'ring']],
    ['10', ['back']],
    ['11', ['overtake', 'overtake-middle']],
    ['12', ['overtake', 'overtake-end']],
    ['13', ['overtake-end', 'overtake-middle', 'overtake-head-on']],
    ['14', ['t-right', 'x-right']],
    ['15', ['t-left', 'x-left']],
    ['16', ['parking-back-i', 'parking-back-t', 'back-reverse']],
    ['17', ['overtake-head-on']],
    ['18', ['x-cross']],
    ['19', ['x-cross', 't-left']],
  ] as const)('[CI2] circumstance %s suggests %j', (k, templates) => {
    expect(SUGGESTED_TEMPLATES[k]).toEqual(templates);
    for (const t of templates) expect(SCHEME_TEMPLATE_IDS).toContain(t);
  });

  it('[CI3] the table is 19 × 19 and symmetric', () => {
    expect(COMPATIBILITY_TABLE).toHaveLength(19);
    for (const row of COMPATIBILITY_TABLE) expect(row).toHaveLength(19);
    fc.assert(
      fc.property(key, key, (a, b) => {
        expect(compatible(a, b)).toBe(compatible(b, a));
      }),
    );
  });

  it.each(CIRCUMSTANCE_KEYS)('[CI4] circumstance %s is compatible with itself', (k) => {
    expect(compatible(k, k)).toBe(true);
    expect(disabledCircumstances([k]).has(k)).toBe(false);
  });

  it.each(CIRCUMSTANCE_KEYS)('[CI5] selecting %s disables exactly the options its row marks false', (k) => {
    const row = COMPATIBILITY_TABLE[Number(k) - 1] ?? [];
    const expected = CIRCUMSTANCE_KEYS.filter((_, i) => row[i] === false);
    expect([...disabledCircumstances([k])].sort()).toEqual([...expected].sort());
    const options = circumstanceOptions([k]);
    expect(options.filter((o) => o.disabled > 0).map((o) => o.key)).toEqual(expected);
  });

  it('[CI5] an option is disabled exactly when some selected circumstance excludes it', () => {
    fc.assert(
      fc.property(fc.uniqueArray(key, { maxLength: 4 }), key, (selected, k) => {
        const disabled = disabledCircumstances(selected).has(k);
        expect(disabled).toBe(selected.some((s) => !compatible(s, k)));
        expect(canSelect(selected, k)).toBe(!disabled);
      }),
    );
  });

  it('[CI6] the table is the designed one', () => {
    expect(COMPATIBILITY_TABLE.map((row) => row.map((c) => (c ? '1' : '0')).join(''))).toEqual(DESIGNED_TABLE);
  });

  it.each([
    ['1', '13', false, 'standing vs overtaking'],
    ['1', '2', false, 'standing vs stopped'],
    ['1', '4', true, 'opening doors of a standing vehicle'],
    ['3', '5', false, 'starting vs stopping'],
    ['6', '7', false, 'leaving vs entering a parking place'],
    ['6', '16', true, 'reversing out of a parking place'],
    ['8', '9', false, 'entering vs driving in a roundabout'],
    ['8', '19', true, 'entering a roundabout without yielding'],
    ['10', '11', false, 'rear-end vs other lane'],
    ['12', '13', true, 'changing lanes to overtake'],
    ['13', '17', true, 'overtaking into the oncoming lane'],
    ['14', '15', false, 'right vs left'],
    ['16', '10', false, 'reversing vs rear-end'],
    ['18', '19', true, 'not yielding to a vehicle from the right'],
    ['17', '18', false, 'oncoming lane vs intersection'],
  ] as const)('[CI6] %s and %s compatible: %s (%s)', (a, b, expected, _reason) => {
    expect(compatible(a, b)).toBe(expected);
  });

  it('[CI6] the table is exactly the union of the named groups; 19 is excluded only by stationary states', () => {
    const pairs = new Set(
      INCOMPATIBILITY_GROUPS.flatMap((g) => g.pairs).map(([a, b]) => [a, b].sort().join('|')),
    );
    for (const a of CIRCUMSTANCE_KEYS) {
      for (const b of CIRCUMSTANCE_KEYS) {
        if (a !== b) expect(compatible(a, b)).toBe(!pairs.has([a, b].sort().join('|')));
      }
    }
    expect([...disabledCircumstances(['19'])].sort()).toEqual(['1', '2', '4']);
  });

  it('[CI7] options start unchecked and enabled; disabled counts the checked excluders', () => {
    const initial = circumstanceOptions();
    expect(initial).toHaveLength(19);
    expect(initial[0]).toEqual({ idx: 0, key: '1', checked: false, disabled: 0 });
    expect(initial.every((o, i) => o.idx === i && !o.checked && o.disabled === 0)).toBe(true);

    const options = circumstanceOptions(['14', '16']);
    const byKey = (k: CircumstanceKey) => options.find((o) => o.key === k);
    expect(byKey('14')?.checked).toBe(true);
    expect(byKey('1')?.disabled).toBe(2);
    expect(byKey('15')?.disabled).toBe(1);
    expect(byKey('13')?.disabled).toBe(2);
    expect(byKey('19')?.disabled).toBe(0);
  });

  it('[CI8] suggestions of a selection are the union in key order, each once', () => {
    expect(suggestedTemplates([])).toEqual([]);
    expect(suggestedTemplates(['9', '8'])).toEqual(['ring-enter', 'ring']);
    expect(suggestedTemplates(['19', '15'])).toEqual(['t-left', 'x-left', 'x-cross']);
    fc.assert(
      fc.property(fc.uniqueArray(key), (selected) => {
        const out = suggestedTemplates(selected);
        expect(new Set(out).size).toBe(out.length);
        expect(new Set(out)).toEqual(new Set(selected.flatMap((k) => SUGGESTED_TEMPLATES[k])));
      }),
    );
  });
});
