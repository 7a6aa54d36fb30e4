/**
 * The 21 accident-scheme templates (declaration-flow §9) and the "empty scheme" rule (§5). Ids are
 * stable strings (they are stored with scheme objects); the index is the spec's listing order.
 */
import type { ErrorCode } from './errors.js';

export const SCHEME_TEMPLATE_IDS = [
  'blank',
  'parking-back-i',
  'parking-back-t',
  'parking-side',
  'parking-door',
  'back',
  'back-reverse',
  'from-roadside',
  'to-roadside',
  'ring-enter',
  'ring',
  'overtake',
  'overtake-start',
  'overtake-middle',
  'overtake-end',
  'overtake-head-on',
  't-right',
  't-left',
  'x-right',
  'x-left',
  'x-cross',
] as const;
export type SchemeTemplateId = (typeof SCHEME_TEMPLATE_IDS)[number];

export interface SchemeTemplate {
  readonly id: SchemeTemplateId;
  /** Position in the spec's list, 0 = blank. */
  readonly index: number;
  /** The spec's name, for logs and tests (the UI uses translation keys). */
  readonly name: string;
}

const NAMES: Readonly<Record<SchemeTemplateId, string>> = {
  blank: 'blank',
  'parking-back-i': 'parking back I',
  'parking-back-t': 'parking back T',
  'parking-side': 'parking side',
  'parking-door': 'parking door',
  back: 'back',
  'back-reverse': 'back reverse',
  'from-roadside': 'from roadside',
  'to-roadside': 'to roadside',
  'ring-enter': 'ring enter',
  ring: 'ring',
  overtake: 'overtake',
  'overtake-start': 'overtake start',
  'overtake-middle': 'overtake middle',
  'overtake-end': 'overtake end',
  'overtake-head-on': 'overtake head-on',
  't-right': 'T right',
  't-left': 'T left',
  'x-right': 'X right',
  'x-left': 'X left',
  'x-cross': 'X cross',
};

export const SCHEME_TEMPLATES: readonly SchemeTemplate[] = SCHEME_TEMPLATE_IDS.map((id, index) => ({
  id,
  index,
  name: NAMES[id],
}));

export function isSchemeTemplateId(value: unknown): value is SchemeTemplateId {
  return typeof value === 'string' && (SCHEME_TEMPLATE_IDS as readonly string[]).includes(value);
}

/** What the scheme step would submit: drawn objects and/or an uploaded photo of a scheme. */
export interface SchemeContent {
  /** Objects on the canvas (vehicles, arrows, free drawing); the template's road is not one. */
  readonly objectCount: number;
  readonly hasPhoto: boolean;
}

/** An empty scheme or photo cannot be submitted: SCHEME_EMPTY unless there is one or the other. */
export function schemeError(content: SchemeContent): ErrorCode | null {
  return content.objectCount > 0 || content.hasPhoto ? null : 'SCHEME_EMPTY';
}
