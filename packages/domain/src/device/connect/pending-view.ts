/**
 * One source of truth on the device (issue 12): the declaration a screen shows is the hub's view
 * with the device's own unacknowledged edits applied on top, in the order they were made — the
 * queued ones (link down) and the sent ones not yet answered. An edit made offline therefore shows
 * when the driver leaves the step and comes back before the hub acknowledged it.
 *
 * The edits are applied with the same rules the hub runs (`applyInstruction`); one the rules refuse
 * is left out (the hub will refuse it too and the screen shows its code). The version stays the
 * hub's: only an acknowledged change makes a new version.
 */
import type { Party } from '../../rules/constants.js';
import { applyInstruction, isWriteInstruction } from '../../declaration/edits/index.js';
import type { DeclarationView } from '../../declaration/view.js';
import type { ConnectionContext } from './connection.machine.js';
import type { OutgoingCall } from './session-storage.js';

/** The view with these edits applied on top, for a device of `party` allowed to fill `allow`. */
export function viewWithEdits(view: DeclarationView, edits: readonly OutgoingCall[], party: Party, allow: Readonly<Record<Party, boolean>>): DeclarationView {
  let shown = view;
  for (const edit of edits) {
    if (!isWriteInstruction(edit.op)) continue;
    // A view is a declaration with the guilt choices it may see; applying an edit keeps that part as it is.
    const outcome = applyInstruction(shown, edit.op, edit.p, { actor: { party, allow }, now: view.updatedAt, isInLithuania: () => true });
    if (outcome.ok) shown = { ...outcome.declaration, guilt: shown.guilt, hiddenCodes: shown.hiddenCodes, version: view.version, updatedAt: view.updatedAt };
  }
  return shown;
}

type Shown = Pick<ConnectionContext, 'declaration' | 'inflight' | 'queued' | 'party' | 'allow'>;

/**
 * The last answer per hub view, by the identity of what it was made from: screens re-render only
 * when one of them changed. Kept per view object (a WeakMap), so two sessions in one page (a test,
 * practice beside a live one) never evict each other's, and a view no longer held is forgotten.
 */
const memo = new WeakMap<DeclarationView, { readonly from: readonly unknown[]; readonly shown: DeclarationView }>();

/** What the screens show: the connection's view with its unacknowledged edits on top (null before a session). */
export function shownDeclaration(context: Shown): DeclarationView | null {
  const view = context.declaration;
  if (!view) return null;
  const from = [context.inflight, context.queued, context.party, context.allow];
  const last = memo.get(view);
  if (last && last.from.every((x, i) => x === from[i])) return last.shown;
  let shown = view;
  if (context.party) {
    const pending = [...context.inflight.map((i) => i.call), ...context.queued];
    if (pending.length > 0) shown = viewWithEdits(view, pending, context.party, context.allow);
  }
  memo.set(view, { from, shown });
  return shown;
}
