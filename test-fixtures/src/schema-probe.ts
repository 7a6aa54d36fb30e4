/**
 * Probes of the valibot schemas every payload is checked against (issue 30 item 2), read from the
 * schemas themselves so that a new field is probed the day it is added:
 * - `weaknesses`: where a schema takes more than any real input — a number without a finite range,
 *   a string or a list without a largest length, an object that takes a list, an unknown value;
 * - `validArbitrary`: fast-check values the schema accepts;
 * - `hostileCases`: for each field, values a hostile client sends (absurd numbers, huge strings, a
 *   list for an object, the wrong type, just past a bound) that the field refuses.
 */
import fc from 'fast-check';
import * as v from 'valibot';

/** A schema as read here: valibot's public shape (type, pipe, entries, options, wrapped, item). */
interface Node {
  readonly kind: string;
  readonly type: string;
  readonly pipe?: readonly Node[];
  readonly entries?: Readonly<Record<string, Node>>;
  readonly options?: readonly (Node | string | number)[];
  readonly wrapped?: Node;
  readonly item?: Node;
  readonly items?: readonly Node[];
  readonly literal?: unknown;
  readonly requirement?: unknown;
  readonly default?: unknown;
  readonly key?: Node;
  readonly value?: Node;
}

export interface Weakness {
  readonly path: string;
  readonly what: string;
}

/** The largest magnitude a sane number field may allow (anything larger is not a real input). */
export const SANE_NUMBER = Number.MAX_SAFE_INTEGER;

/** A pipe's actions, those of a pipe it starts from too (`v.pipe(text, v.minLength(1))` keeps text's bounds). */
function actions(node: Node): Node[] {
  return (node.pipe ?? []).flatMap((a) => (a.kind !== 'schema' ? [a] : a === node ? [] : actions(a)));
}

/** The schema a pipe's values are of (the last schema in it, itself read the same way; the node itself without a pipe). */
function base(node: Node): Node {
  const last = (node.pipe ?? []).filter((a) => a.kind === 'schema').at(-1);
  return last && last !== node ? base(last) : node;
}

function requirement(node: Node, type: string): number | undefined {
  const found = actions(node).filter((a) => a.type === type);
  const values = found.map((a) => a.requirement).filter((r): r is number => typeof r === 'number');
  if (values.length === 0) return undefined;
  return type.startsWith('min') ? Math.max(...values) : Math.min(...values);
}

function regexes(node: Node): RegExp[] {
  return actions(node)
    .filter((a) => a.type === 'regex')
    .map((a) => a.requirement as RegExp);
}

/** Does a regex bound the length of what it matches (anchored, no unbounded repetition)? */
function boundedRegex(r: RegExp): boolean {
  const s = r.source;
  return s.startsWith('^') && s.endsWith('$') && !/(^|[^\\])[*+]|\{\d+,\}/.test(s);
}

function stringMax(node: Node): number | undefined {
  const max = requirement(node, 'max_length') ?? requirement(node, 'length');
  if (max !== undefined) return max;
  const bounded = regexes(node).find(boundedRegex);
  return bounded ? 1_000 : undefined;
}

const unwrap = (node: Node): Node => (['optional', 'nullable', 'nullish', 'exact_optional'].includes(node.type) && node.wrapped ? unwrap(node.wrapped) : node);

/** Where `schema` takes more than a sane input. */
export function weaknesses(schema: v.GenericSchema, path = '$'): Weakness[] {
  const node = schema as unknown as Node;
  const b = base(node);
  const out: Weakness[] = [];
  switch (b.type) {
    case 'string':
      if (stringMax(node) === undefined) out.push({ path, what: 'a string without a largest length' });
      break;
    case 'number': {
      const min = requirement(node, 'min_value');
      const max = requirement(node, 'max_value');
      if (min === undefined || max === undefined) out.push({ path, what: `a number without ${min === undefined ? 'a least' : 'a largest'} value` });
      else if (Math.abs(min) > SANE_NUMBER || Math.abs(max) > SANE_NUMBER) out.push({ path, what: `a number allowed up to ${Math.max(Math.abs(min), Math.abs(max))}` });
      break;
    }
    case 'array':
      if (requirement(node, 'max_length') === undefined && requirement(node, 'length') === undefined) out.push({ path, what: 'a list without a largest length' });
      if (b.item) out.push(...weaknesses(b.item as unknown as v.GenericSchema, `${path}[]`));
      break;
    case 'object':
    case 'strict_object':
    case 'loose_object':
      // valibot's own object takes a list where all its entries are optional: `[]` read as `{}`.
      if (v.safeParse(b as unknown as v.GenericSchema, []).success) out.push({ path, what: 'an object that takes a list' });
      for (const [k, e] of Object.entries(b.entries ?? {})) out.push(...weaknesses(e as unknown as v.GenericSchema, `${path}.${k}`));
      break;
    case 'optional':
    case 'nullable':
    case 'nullish':
    case 'exact_optional':
      if (b.wrapped) out.push(...weaknesses(b.wrapped as unknown as v.GenericSchema, path));
      break;
    case 'union':
    case 'variant':
      for (const o of (b.options ?? []) as Node[]) out.push(...weaknesses(o as unknown as v.GenericSchema, path));
      break;
    case 'tuple':
      for (const [i, item] of (b.items ?? []).entries()) out.push(...weaknesses(item as unknown as v.GenericSchema, `${path}[${i}]`));
      break;
    case 'picklist':
    case 'literal':
    case 'boolean':
    case 'null':
    case 'undefined':
      break;
    default:
      out.push({ path, what: `a value of kind "${b.type}" that is not checked here` });
  }
  return out;
}

/**
 * Values the schema accepts (bounded in size, so runs stay fast). Drawn from the schema's shape and
 * kept when the schema accepts them: for a schema whose checks a random value seldom passes (a
 * password rule, a personal code's control digit), use `validSamples` with examples instead.
 */
export function validArbitrary(schema: v.GenericSchema): fc.Arbitrary<unknown> {
  return raw(schema as unknown as Node).filter((value) => v.safeParse(schema, value).success);
}

/**
 * Up to `count` values the schema accepts, out of `tries` drawn from its shape (fixed seed: the same
 * each run), the `examples` it accepts first. Empty when neither gives one.
 */
export function validSamples(schema: v.GenericSchema, examples: readonly unknown[] = [], count = 8, tries = 400): unknown[] {
  const accepted = (x: unknown) => v.safeParse(schema, x).success;
  const drawn = fc.sample(raw(schema as unknown as Node), { numRuns: tries, seed: 20261126 }).filter(accepted);
  return [...examples.filter(accepted), ...drawn].slice(0, count);
}

function raw(node: Node): fc.Arbitrary<unknown> {
  const b = base(node);
  switch (b.type) {
    case 'string': {
      const max = Math.min(stringMax(node) ?? 40, 40);
      const min = requirement(node, 'min_length') ?? 0;
      const pattern = regexes(node)[0];
      return pattern ? fc.stringMatching(pattern) : fc.string({ minLength: Math.min(min, max), maxLength: Math.max(min, max) });
    }
    case 'number': {
      const min = requirement(node, 'min_value') ?? -1e6;
      const max = requirement(node, 'max_value') ?? 1e6;
      return actions(node).some((a) => a.type === 'integer') ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constant(b.literal);
    case 'picklist':
      return fc.constantFrom(...((b.options ?? []) as (string | number)[]));
    case 'array':
      return fc.array(raw(b.item as Node), { minLength: requirement(node, 'min_length') ?? 0, maxLength: Math.min(requirement(node, 'max_length') ?? 3, 3) });
    case 'object':
    case 'strict_object':
    case 'loose_object': {
      const entries = Object.entries(b.entries ?? {});
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const [k, e] of entries) {
        model[k] = raw(unwrapOptional(e));
        if (!isOptional(e)) required.push(k);
      }
      return fc.record(model, { requiredKeys: required });
    }
    case 'optional':
    case 'exact_optional':
      return fc.option(raw(b.wrapped as Node), { nil: undefined });
    case 'nullable':
      return fc.option(raw(b.wrapped as Node), { nil: null });
    case 'nullish':
      return fc.oneof(fc.constant(null), fc.constant(undefined), raw(b.wrapped as Node));
    case 'union':
    case 'variant':
      return fc.oneof(...((b.options ?? []) as Node[]).map(raw));
    default:
      return fc.anything();
  }
}

const isOptional = (node: Node): boolean => ['optional', 'exact_optional', 'nullish'].includes(base(node).type);
const unwrapOptional = (node: Node): Node => (['optional', 'exact_optional'].includes(base(node).type) ? (base(node).wrapped as Node) : node);

/** A field of a schema, with the path to it, for `hostileCases`. */
interface Field {
  readonly path: readonly string[];
  readonly node: Node;
}

/** Every field of an object schema, nested objects' fields too (not inside lists or alternatives). */
function fields(node: Node, path: readonly string[] = []): Field[] {
  const b = base(unwrap(node));
  const own: Field[] = [{ path, node }];
  if (!['object', 'strict_object', 'loose_object'].includes(b.type)) return own;
  return [...own, ...Object.entries(b.entries ?? {}).flatMap(([k, e]) => fields(e, [...path, k]))];
}

const HUGE = 'x'.repeat(100_000);

/** What a hostile client puts in a field: absurd for any field, and just past this field's bounds. */
function hostileFor(node: Node): unknown[] {
  const b = base(unwrap(node));
  const universal: unknown[] = [1e308, -1e308, 2 ** 60, HUGE, [], [1, 2, 3], {}, { nested: { deeper: [HUGE] } }, true, 'x', 0, -1];
  const near: unknown[] = [];
  const inner = unwrap(node);
  if (b.type === 'number') {
    const min = requirement(inner, 'min_value');
    const max = requirement(inner, 'max_value');
    if (min !== undefined) near.push(min - 1);
    if (max !== undefined) near.push(max + 1);
    if (actions(inner).some((a) => a.type === 'integer')) near.push(0.5);
  }
  if (b.type === 'string') {
    const max = stringMax(inner);
    if (max !== undefined) near.push('7'.repeat(max + 1));
  }
  if (b.type === 'array') {
    const max = requirement(inner, 'max_length');
    if (max !== undefined) near.push(Array.from({ length: max + 1 }, () => 'x'));
  }
  if (b.type === 'picklist') near.push('NOT_ONE_OF_THEM');
  return [...universal, ...near];
}

export interface HostileCase {
  /** Where the value goes ([] for the whole payload). */
  readonly path: readonly string[];
  readonly value: unknown;
}

/** For each field of the payload schema, the hostile values that field refuses. */
export function hostileCases(schema: v.GenericSchema): HostileCase[] {
  return fields(schema as unknown as Node).flatMap(({ path, node }) =>
    hostileFor(node)
      .filter((value) => !v.safeParse(node as unknown as v.GenericSchema, value).success)
      .map((value) => ({ path, value })),
  );
}

/** `payload` with `value` put at `path` (a copy; a missing object on the way is made). */
export function withValueAt(payload: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const here = typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as Record<string, unknown>) : {};
  return { ...here, [head]: withValueAt(here[head], rest, value) };
}
