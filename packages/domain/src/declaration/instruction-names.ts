/**
 * The names of the write instructions (declaration-flow §7), apart from their payload rules: the
 * device's connection needs only to know which instructions are edits to keep, not how the hub
 * checks them (that pulls the phone, e-mail and circumstance rules).
 */
export const WRITE_INSTRUCTION_NAMES = [
  'set-driver-data',
  'set-driver-email',
  'set-partial-driver-data',
  'submit-disclaimers',
  'corrected-time',
  'corrected-location',
  'corrected-location-address',
  'witnesses',
  'add-foto',
  'remove-foto',
  'set-impact-image',
  'set-impact-meta',
  'set-impact-text',
  'eid-comment',
  'conditions',
  'scheme',
  'set-vehicle-data',
  'add-audio',
  'remove-audio',
  'guilty',
  'signature',
  'responsible-insurer',
  'progress',
  'fill-lang',
] as const;

const NAMES: ReadonlySet<string> = new Set(WRITE_INSTRUCTION_NAMES);

export function isWriteInstructionName(name: string): boolean {
  return NAMES.has(name);
}
