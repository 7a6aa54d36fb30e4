/**
 * Would a receiver that validates with the published schema refuse what the current one allows?
 * Insurers' systems validate what the service sends them, so a change breaks them when a document
 * valid under the new schema can be invalid under the old: a field the old one requires is no
 * longer required or is gone, a type or a pattern changed, an enumeration grew, an optional field
 * was removed (its name could come back with another meaning). Adding an optional or a required
 * field does not break them (objects are loose). Such a change needs a new major version.
 */
type Schema = Record<string, unknown>;

const types = (s: Schema): string[] => (Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : []);
const asSchema = (x: unknown): Schema | null => (x && typeof x === 'object' && !Array.isArray(x) ? (x as Schema) : null);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The keywords compared below, and those that only annotate; any other that changed counts as breaking. */
const KNOWN = new Set(['type', 'properties', 'required', 'items', 'anyOf', 'enum', 'const', 'pattern', 'format', 'maxLength', 'minLength', 'maximum', 'minimum', 'maxItems', 'minItems', 'additionalProperties']);
const ANNOTATIONS = new Set(['title', 'description', 'examples', '$schema', '$id', '$comment', 'x-eid-version']);

/** The places where `current` allows what `published` refused (empty: compatible). */
export function breakingChanges(published: Schema, current: Schema, at = '$'): string[] {
  const out: string[] = [];
  for (const key of new Set([...Object.keys(published), ...Object.keys(current)])) {
    if (!KNOWN.has(key) && !ANNOTATIONS.has(key) && !same(published[key], current[key])) out.push(`${at}: ${key} changed (not compared)`);
  }
  const oldTypes = types(published);
  const newTypes = types(current);
  if (oldTypes.length > 0 && newTypes.some((t) => !oldTypes.includes(t) && !(t === 'integer' && oldTypes.includes('number')))) out.push(`${at}: type ${newTypes.join('|')} was ${oldTypes.join('|')}`);
  if (oldTypes.length > 0 && newTypes.length === 0 && !current.anyOf && current.const === undefined && !current.enum) out.push(`${at}: no longer typed (was ${oldTypes.join('|')})`);
  for (const key of ['pattern', 'format', 'const'] as const) {
    if (published[key] !== undefined && !same(published[key], current[key])) out.push(`${at}: ${key} changed`);
  }
  for (const key of ['maxLength', 'maximum', 'maxItems'] as const) {
    const was = published[key];
    if (typeof was === 'number' && !(typeof current[key] === 'number' && (current[key] as number) <= was)) out.push(`${at}: ${key} widened`);
  }
  for (const key of ['minLength', 'minimum', 'minItems'] as const) {
    const was = published[key];
    if (typeof was === 'number' && !(typeof current[key] === 'number' && (current[key] as number) >= was)) out.push(`${at}: ${key} widened`);
  }
  if (Array.isArray(published.enum)) {
    const allowed = published.enum as unknown[];
    const grown = Array.isArray(current.enum) ? (current.enum as unknown[]).filter((e) => !allowed.some((a) => same(a, e))) : ['(any)'];
    if (grown.length > 0) out.push(`${at}: enum grew by ${grown.map((g) => JSON.stringify(g)).join(', ')}`);
  }
  // Object members.
  const oldProps = asSchema(published.properties) ?? {};
  const newProps = asSchema(current.properties) ?? {};
  const newRequired = (current.required as string[] | undefined) ?? [];
  for (const name of (published.required as string[] | undefined) ?? []) if (!newRequired.includes(name)) out.push(`${at}.${name}: no longer required`);
  for (const [name, was] of Object.entries(oldProps)) {
    const now = asSchema(newProps[name]);
    if (!now) out.push(`${at}.${name}: removed`);
    else out.push(...breakingChanges(was as Schema, now, `${at}.${name}`));
  }
  if (published.additionalProperties !== undefined && !same(published.additionalProperties, current.additionalProperties)) out.push(`${at}: additionalProperties changed`);
  // Array items and alternatives (nullable members are anyOf [x, null]).
  const oldItems = asSchema(published.items);
  const newItems = asSchema(current.items);
  if (oldItems && newItems) out.push(...breakingChanges(oldItems, newItems, `${at}[]`));
  else if (oldItems && !newItems) out.push(`${at}[]: items no longer described`);
  if (!Array.isArray(published.anyOf) && Array.isArray(current.anyOf)) {
    // Alternatives where there was one kind: each must fit what was allowed (null does not fit a string).
    (current.anyOf as Schema[]).forEach((alt, i) => out.push(...breakingChanges(published, alt, `${at}|${i}`)));
  } else if (Array.isArray(published.anyOf)) {
    const oldAlts = published.anyOf as Schema[];
    const newAlts = Array.isArray(current.anyOf) ? (current.anyOf as Schema[]) : [current];
    newAlts.forEach((alt, i) => {
      // Each alternative now allowed must fit one allowed before (checked against the one of its kind).
      const match = oldAlts.find((o) => same(types(o), types(alt))) ?? oldAlts[i];
      if (!match) out.push(`${at}: alternative ${i} is new`);
      else out.push(...breakingChanges(match, alt, `${at}|${i}`));
    });
  }
  return out;
}
