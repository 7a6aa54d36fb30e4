/**
 * How the device's connection reacts to a frame from the hub, as a pure function of its context:
 * presence, the other party's deltas, the answers of its own calls (with their deltas), the
 * heartbeat's version and the whole view asked for after a gap. The machine applies the reaction.
 */
import type { ClientFrame, ServerMessage } from '../../protocol/protocol.js';
import { committedIn } from '../../protocol/instructions.js';
import type { Party } from '../../rules/constants.js';
import type { ChangedKind } from '../../declaration/edits/index.js';
import type { DeclarationView } from '../../declaration/view.js';
import { applyViewPatch, type ViewPatch } from '../../declaration/view-patch.js';
import { answerOf, inCallOrder, newer, type ConnectionContext, type ConnectionEmitted } from './connection.context.js';

/** What a frame changes in the context, which events it announces, and what it sends back. */
export interface Reaction {
  readonly changes: Partial<ConnectionContext>;
  readonly emits: readonly ConnectionEmitted[];
  readonly sends: readonly ClientFrame[];
  /** The hub asked this device to slow down (FU1): send the queue again after this many ms. */
  readonly backoffMs?: number;
}

export function reactToServerMessage(initial: ConnectionContext, m: ServerMessage): Reaction {
  let context = initial;
  let changes: Partial<ConnectionContext> = {};
  const emits: ConnectionEmitted[] = [];
  const sends: ClientFrame[] = [];
  const update = (change: Partial<ConnectionContext>) => {
    context = { ...context, ...change };
    changes = { ...changes, ...change };
  };
  /** Asks for the whole view with get-view; once, while none is on its way. */
  const askForView = (): void => {
    if (context.resyncId !== null) return;
    const id = context.nextWireId;
    sends.push({ t: 'call', id, op: 'get-view' });
    update({ resyncId: id, nextWireId: id + 1 });
  };
  /** A delta of this device's view: applied to its version, or the whole view asked for once. */
  const applyPatch = (patch: ViewPatch, kind: ChangedKind | 'OWN', by: Party | null): void => {
    if (!context.declaration) return;
    const outcome = applyViewPatch(context.declaration, patch);
    if (outcome.kind === 'applied') {
      update({ declaration: outcome.view });
      emits.push({ type: 'declaration.changed', kind, by, declaration: outcome.view });
    } else if (outcome.kind === 'gap') askForView();
  };
  let backoffMs: number | undefined;
  const done = (): Reaction => (backoffMs === undefined ? { changes, emits, sends } : { changes, emits, sends, backoffMs });

  if (m.t === 'presence') update({ presence: { A: m.A, B: m.B } });
  if (m.t === 'changed') applyPatch(m.patch, m.kind, m.by);
  if (m.t !== 'result') return done();
  if (m.id === context.heartbeatId) {
    update({ heartbeatId: null });
    // The heartbeat answers the declaration's version: a device whose last push was lost asks for the view.
    const version = m.ok ? (m.r as { version?: unknown } | undefined)?.version : undefined;
    if (typeof version === 'number' && context.declaration && version > context.declaration.version) askForView();
    return done();
  }
  if (m.id === context.resyncId) {
    update({ resyncId: null });
    const view = m.ok ? (m.r as DeclarationView) : null;
    if (view && newer(context.declaration, view)) {
      update({ declaration: view });
      emits.push({ type: 'declaration.changed', kind: 'SYNC', by: null, declaration: view });
    }
    return done();
  }
  const call = context.inflight.find((i) => i.wireId === m.id);
  if (!call) return done();
  update({ inflight: context.inflight.filter((i) => i !== call) });
  if (!m.ok && (m.code === 'TOO_MANY_CALLS' || m.code === 'STORAGE_FULL') && m.retryAfterMs !== undefined) {
    // Too fast (FU1), or the server's disk full (OP3): the hub refused this call and every later one
    // until the wait is over: queued again in the order they were made (refs grow with each call),
    // ahead of any edit made while they were refused, and sent after the wait.
    update({ queued: inCallOrder([...context.queued, call.call]) });
    backoffMs = m.retryAfterMs;
    return done();
  }
  if (m.ok) {
    const committed = committedIn(m.r);
    if (committed?.patch) applyPatch(committed.patch, 'OWN', context.party);
    if (call.call.op === 'one-device' || call.call.op === 'two-devices') {
      const allow = (m.r as { allow?: { A: boolean; B: boolean } }).allow;
      if (allow) update({ allow });
    }
  }
  emits.push({ type: 'call.answered', ref: call.call.ref, answer: answerOf(m) });
  return done();
}
