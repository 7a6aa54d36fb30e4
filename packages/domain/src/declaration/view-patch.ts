/**
 * Deltas of a declaration view (issue 12): what changed between two views of the same declaration
 * for the same device, as a JSON Patch (RFC 6902) with the version it applies to. A text edit on a
 * full declaration is a few hundred bytes instead of the whole view (scheme drawing included).
 *
 * A device applies a patch only to the version it was made from; a device that sees a gap (a patch
 * from another version) asks for the whole view once. fast-json-patch makes and applies the
 * patches; it refuses a patch that would touch `__proto__` or `constructor/prototype`.
 */
import jsonpatch, { type Operation } from 'fast-json-patch';
import type { DeclarationView } from './view.js';

/** One RFC 6902 operation as the hub sends it (only the kinds `compare` produces). */
export type PatchOperation =
  | { readonly op: 'add' | 'replace'; readonly path: string; readonly value: unknown }
  | { readonly op: 'remove'; readonly path: string };

/** A change of a device's view: from version `from` to version `version`. */
export interface ViewPatch {
  readonly from: number;
  readonly version: number;
  readonly ops: readonly PatchOperation[];
}

/** The patch that turns `before` into `after` (both views for the same device). */
export function diffViews(before: DeclarationView, after: DeclarationView): ViewPatch {
  return { from: before.version, version: after.version, ops: jsonpatch.compare(before, after) as PatchOperation[] };
}

export type PatchOutcome =
  | { readonly kind: 'applied'; readonly view: DeclarationView }
  /** The device already has this version or a newer one: nothing to do. */
  | { readonly kind: 'stale' }
  /** The patch is not for the device's version (a push was lost), or does not apply: fetch the whole view. */
  | { readonly kind: 'gap' };

/** Applies a patch to a device's view without changing it; the result is a new view. */
export function applyViewPatch(view: DeclarationView, patch: ViewPatch): PatchOutcome {
  if (patch.version <= view.version) return { kind: 'stale' };
  if (patch.from !== view.version) return { kind: 'gap' };
  try {
    const next = jsonpatch.applyPatch(view, jsonpatch.deepClone(patch.ops) as Operation[], true, false).newDocument;
    return next.version === patch.version ? { kind: 'applied', view: next } : { kind: 'gap' };
  } catch {
    return { kind: 'gap' };
  }
}

/** Two successive patches of one view as one (either may be null: nothing changed in that step). */
export function concatPatches(first: ViewPatch | null, second: ViewPatch | null): ViewPatch | null {
  if (!first) return second;
  if (!second) return first;
  return { from: first.from, version: second.version, ops: [...first.ops, ...second.ops] };
}
