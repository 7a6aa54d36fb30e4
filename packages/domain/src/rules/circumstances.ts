/**
 * Accident circumstances 1 to 19 (declaration-flow §5, §9): their meanings, suggested scheme
 * templates, and the 19×19 compatibility table that disables options which cannot be true for the
 * same vehicle as an option already ticked.
 *
 * The spec gives no cells; the table is designed here from the meanings, as named groups of
 * incompatible pairs (the reasoning of each group is in SPEC.md, family CI). Every pair not listed
 * is compatible, and every circumstance is compatible with itself.
 */
import { CIRCUMSTANCE_COUNT } from './constants.js';
import type { SchemeTemplateId } from './scheme-templates.js';

export const CIRCUMSTANCE_KEYS = [
  '1', '2', '3', '4', '5', '6', '7', '8', '9', '10',
  '11', '12', '13', '14', '15', '16', '17', '18', '19',
] as const;
export type CircumstanceKey = (typeof CIRCUMSTANCE_KEYS)[number];

/** Meanings in the spec's ordered list (which governs over the loose table column). */
export const CIRCUMSTANCE_MEANINGS: Readonly<Record<CircumstanceKey, string>> = {
  '1': 'standing',
  '2': 'stopped',
  '3': 'beginning to drive',
  '4': 'opening doors',
  '5': 'stopping',
  '6': 'exiting parking/roadside',
  '7': 'entering parking/roadside',
  '8': 'entering roundabout',
  '9': 'driving in roundabout',
  '10': 'hitting rear of same-direction vehicle',
  '11': 'same direction, other lane',
  '12': 'changing lanes',
  '13': 'overtaking',
  '14': 'turning right',
  '15': 'turning left',
  '16': 'reversing',
  '17': 'entering oncoming lane',
  '18': 'hit from right at intersection',
  '19': 'not yielding or ignoring red light',
};

/** Suggested scheme templates per circumstance (the spec's template column, in its order). */
export const SUGGESTED_TEMPLATES: Readonly<Record<CircumstanceKey, readonly SchemeTemplateId[]>> = {
  '1': ['parking-back-i', 'overtake-start', 'parking-door', 'back'],
  '2': ['back'],
  '3': ['back', 'overtake-start', 'parking-back-i', 'from-roadside'],
  '4': ['parking-door', 'overtake-middle'],
  '5': ['back'],
  '6': ['parking-back-t', 'parking-back-i', 'overtake-start', 'from-roadside'],
  '7': ['to-roadside', 'parking-side'],
  '8': ['ring-enter', 'ring'],
  '9': ['ring-enter', 'ring'],
  '10': ['back'],
  '11': ['overtake', 'overtake-middle'],
  '12': ['overtake', 'overtake-end'],
  '13': ['overtake-end', 'overtake-middle', 'overtake-head-on'],
  '14': ['t-right', 'x-right'],
  '15': ['t-left', 'x-left'],
  '16': ['parking-back-i', 'parking-back-t', 'back-reverse'],
  '17': ['overtake-head-on'],
  '18': ['x-cross'],
  '19': ['x-cross', 't-left'],
};

type K = CircumstanceKey;

/** Every key but the given ones, for groups phrased as "X against all the others". */
function allBut(...excluded: readonly K[]): K[] {
  return CIRCUMSTANCE_KEYS.filter((key) => !excluded.includes(key));
}

function cross(left: readonly K[], right: readonly K[]): [K, K][] {
  return left.flatMap((a) => right.map((b): [K, K] => [a, b]));
}

const STATIONARY: readonly K[] = ['1', '2', '4'];
const MOVING: readonly K[] = allBut(...STATIONARY);

/** A named reason and the pairs it makes incompatible (symmetry is added when the table is built). */
export interface IncompatibilityGroup {
  readonly id: string;
  readonly reason: string;
  readonly pairs: readonly (readonly [K, K])[];
}

export const INCOMPATIBILITY_GROUPS: readonly IncompatibilityGroup[] = [
  {
    id: 'stationary-vs-moving',
    reason: 'A standing, stopped or door-opening vehicle is not moving; every other circumstance is a movement.',
    pairs: cross(STATIONARY, MOVING),
  },
  {
    id: 'standing-vs-stopped',
    reason: 'Standing (parked) and stopped (halted in traffic) are alternative stationary states.',
    pairs: [['1', '2']],
  },
  {
    id: 'starting-vs-stopping',
    reason: 'Beginning to drive and stopping are opposite phases of the same movement.',
    pairs: [['3', '5']],
  },
  {
    id: 'parking',
    reason:
      'Leaving and entering a parking place or the roadside are opposite manoeuvres done off the traffic flow: ' +
      'not in a roundabout, a lane, an overtaking, the oncoming lane or the crossing traffic of an intersection; ' +
      'leaving is not stopping and entering is not beginning to drive.',
    pairs: [
      ['6', '7'],
      ...cross(['6', '7'], ['8', '9', '10', '11', '12', '13', '17', '18']),
      ['6', '5'],
      ['7', '3'],
    ],
  },
  {
    id: 'roundabout',
    reason:
      'Entering a roundabout and driving in it exclude each other; a roundabout is one-way and has no ' +
      'overtaking, right or left turn, reversing, oncoming lane or intersection priority from the right.',
    pairs: [['8', '9'], ...cross(['8', '9'], ['13', '14', '15', '16', '17', '18'])],
  },
  {
    id: 'lanes',
    reason:
      'Hitting the rear of a vehicle ahead happens in the same lane, so not in another lane, not while ' +
      'overtaking; keeping to another lane is not changing lanes nor overtaking; same-direction traffic is not ' +
      'in the oncoming lane; none of these is the crossing traffic of an intersection.',
    pairs: [
      ['10', '11'],
      ['10', '13'],
      ['11', '12'],
      ['11', '13'],
      ['10', '17'],
      ['11', '17'],
      ...cross(['10', '11', '12'], ['18']),
    ],
  },
  {
    id: 'overtaking',
    reason:
      'Overtaking is a sustained forward pass: not beginning to drive, not stopping, not turning, and not at an intersection.',
    pairs: cross(['13'], ['3', '5', '14', '15', '18']),
  },
  {
    id: 'turning',
    reason: 'A vehicle turns either right or left.',
    pairs: [['14', '15']],
  },
  {
    id: 'reversing',
    reason:
      'Reversing excludes the forward traffic manoeuvres: rear-end, other lane, changing lanes, overtaking, ' +
      'oncoming lane and crossing an intersection (roundabouts are in their own group).',
    pairs: cross(['16'], ['10', '11', '12', '13', '17', '18']),
  },
  {
    id: 'oncoming-lane',
    reason:
      'Entering the oncoming lane is done at speed on a road, not when beginning to drive, and is not the ' +
      'crossing traffic of an intersection.',
    pairs: [
      ['17', '3'],
      ['17', '18'],
    ],
  },
];

function index(key: K): number {
  return Number(key) - 1;
}

function buildTable(): boolean[][] {
  const table = Array.from({ length: CIRCUMSTANCE_COUNT }, () =>
    Array.from({ length: CIRCUMSTANCE_COUNT }, () => true),
  );
  for (const group of INCOMPATIBILITY_GROUPS) {
    for (const [a, b] of group.pairs) {
      const rowA = table[index(a)];
      const rowB = table[index(b)];
      if (rowA && rowB && a !== b) {
        rowA[index(b)] = false;
        rowB[index(a)] = false;
      }
    }
  }
  return table;
}

/**
 * The 19×19 table: row = the selected circumstance, column = the other, false = not allowed
 * together. Rows and columns are in key order (row 0 is circumstance "1").
 */
export const COMPATIBILITY_TABLE: readonly (readonly boolean[])[] = buildTable();

export function isCircumstanceKey(value: unknown): value is CircumstanceKey {
  return typeof value === 'string' && (CIRCUMSTANCE_KEYS as readonly string[]).includes(value);
}

/** Whether two circumstances may be ticked together for one vehicle. */
export function compatible(a: CircumstanceKey, b: CircumstanceKey): boolean {
  return COMPATIBILITY_TABLE[index(a)]?.[index(b)] ?? false;
}

/** Every circumstance incompatible with at least one selected circumstance. */
export function disabledCircumstances(selected: Iterable<CircumstanceKey>): Set<CircumstanceKey> {
  const chosen = [...selected];
  return new Set(CIRCUMSTANCE_KEYS.filter((key) => chosen.some((s) => !compatible(s, key))));
}

/** A circumstance checkbox as the conditions step holds it (declaration-flow §3). */
export interface CircumstanceOption {
  readonly idx: number;
  readonly key: CircumstanceKey;
  readonly checked: boolean;
  /** How many checked circumstances exclude this one; 0 = enabled (the initial value). */
  readonly disabled: number;
}

/**
 * The 19 options for a selection. `disabled` counts the checked options that exclude this one, so
 * unticking one of two excluders keeps it disabled until the other is unticked too.
 */
export function circumstanceOptions(selected: Iterable<CircumstanceKey> = []): CircumstanceOption[] {
  const chosen = new Set(selected);
  return CIRCUMSTANCE_KEYS.map((key, idx) => ({
    idx,
    key,
    checked: chosen.has(key),
    disabled: [...chosen].filter((s) => !compatible(s, key)).length,
  }));
}

/** Whether a circumstance can be ticked next to the current selection. */
export function canSelect(selected: Iterable<CircumstanceKey>, key: CircumstanceKey): boolean {
  return !disabledCircumstances(selected).has(key);
}

/** The suggested scheme templates for a selection: each once, in key order then column order. */
export function suggestedTemplates(selected: Iterable<CircumstanceKey>): SchemeTemplateId[] {
  const chosen = new Set(selected);
  const out: SchemeTemplateId[] = [];
  for (const key of CIRCUMSTANCE_KEYS) {
    if (!chosen.has(key)) continue;
    for (const template of SUGGESTED_TEMPLATES[key]) if (!out.includes(template)) out.push(template);
  }
  return out;
}
