import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { ClientFrame, ServerMessage } from '../../protocol/protocol.js';
import { type Declaration } from '../../declaration/entities.js';
import { blankDeclaration, blankPlates } from '../../declaration/blank.js';
import { declarationViewFor, type DeclarationView } from '../../declaration/view.js';
import { diffViews } from '../../declaration/view-patch.js';
import { PROTOCOL_VERSION } from '../../protocol/protocol.js';
import { END_REACTION_MS, RECONNECT_LIMIT, STORAGE_KEYS } from '../../rules/constants.js';
import { HEARTBEAT_INTERVAL_MS } from '../../declaration/connect.js';
import { JOIN_CONFIRM_TIMEOUT_MS } from '../../declaration/join.js';
import type { KeyValuePort } from '../../ports/key-value.port.js';
import type { TransportLink, TransportListener, TransportPort } from '../../protocol/transport.port.js';
import {
  HANDSHAKE_TIMEOUT_MS,
  HEARTBEAT_ANSWER_TIMEOUT_MS,
  RECONNECT_DELAYS_MS,
  type PlatesConnectRequest,
  type ConnectionEmitted,
} from './connection.machine.js';
import { provideConnectionPorts } from './connection.ports.js';
import { HubClient } from './hub-client.js';
import { loadRecovery, loadSession } from './session-storage.js';

/** One link as the test sees it: what the device sent, and buttons to play the hub. */
class ScriptedLink implements TransportLink {
  readonly sent: ClientFrame[] = [];
  closedByDevice = false;
  constructor(private readonly listener: TransportListener) {}
  send(frame: ClientFrame): void {
    this.sent.push(frame);
  }
  close(): void {
    this.closedByDevice = true;
  }
  open(): void {
    this.listener.opened();
  }
  push(message: ServerMessage): void {
    this.listener.message(message);
  }
  answer(id: number, r: unknown): void {
    this.push({ t: 'result', id, ok: true, r });
  }
  refuse(id: number, code: string, retryAfterMs?: number): void {
    this.push(retryAfterMs === undefined ? { t: 'result', id, ok: false, code } : { t: 'result', id, ok: false, code, retryAfterMs });
  }
  drop(): void {
    this.listener.closed();
  }
  last(): ClientFrame {
    const f = this.sent.at(-1);
    if (!f) throw new Error('nothing sent');
    return f;
  }
  calls(op?: string): Array<Extract<ClientFrame, { t: 'call' }>> {
    return this.sent.filter((f): f is Extract<ClientFrame, { t: 'call' }> => f.t === 'call' && (op === undefined || f.op === op));
  }
}

class ScriptedTransport implements TransportPort {
  readonly links: ScriptedLink[] = [];
  open(listener: TransportListener): TransportLink {
    const link = new ScriptedLink(listener);
    this.links.push(link);
    return link;
  }
  get link(): ScriptedLink {
    const l = this.links.at(-1);
    if (!l) throw new Error('no link opened');
    return l;
  }
}

class MapStorage implements KeyValuePort {
  readonly map = new Map<string, string>();
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
}

const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const DECL_ID = 'decl_0123456789abcdef';

function view(version = 1, patch: Partial<Declaration> = {}): DeclarationView {
  const d = blankDeclaration({ id: DECL_ID, mode: 'live', now: T0, maxTimeAdjust: 2, fillLang: 'lt', location: null });
  return declarationViewFor({ ...d, version, ...patch }, 'A', false);
}

/** A write's answer as the hub gives it: the new version and the delta from `from`. */
const committed = (from: DeclarationView, to: DeclarationView) => ({ version: to.version, patch: diffViews(from, to) });

const request: PlatesConnectRequest = {
  mode: 'live',
  plates: { A: { ...blankPlates(), plate: 'KLM123' }, B: { ...blankPlates(), plate: 'HBN512' } },
  location: { latitude: 54.69, longitude: 25.28, accuracy: 10 },
  fillLang: 'lt',
  oneDevice: false,
};

const session = (declaration = view()) => ({
  declarationId: DECL_ID,
  party: 'A',
  token: TOKEN,
  inversed: false,
  allow: { A: true, B: false },
  declaration,
});

function setup() {
  const clock = new SimulatedClock();
  const transport = new ScriptedTransport();
  const storage = new MapStorage();
  const actor = createActor(provideConnectionPorts({ transport, storage }), { clock });
  const emitted: ConnectionEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const client = new HubClient(actor);
  return { clock, transport, storage, actor, emitted, client };
}

/** Connects by plates and accepts the session; returns the harness. */
function connected() {
  const h = setup();
  h.actor.send({ type: 'user.connect', request });
  h.transport.link.open();
  const hello = h.transport.link.last();
  h.transport.link.answer(hello.id, session());
  return h;
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('connection machine', () => {
  it('[CX1] connects by plates: the connect frame carries the plates, mode, position and language; the seat is stored', () => {
    const h = setup();
    h.actor.send({ type: 'user.connect', request });
    expect(h.actor.getSnapshot().matches({ link: 'opening' })).toBe(true);
    h.transport.link.open();
    const hello = h.transport.link.last();
    expect(hello).toMatchObject({ t: 'connect', mode: 'live', plates: request.plates, location: request.location, fillLang: 'lt', oneDevice: false });
    h.transport.link.answer(hello.id, session());
    const snap = h.actor.getSnapshot();
    expect(snap.hasTag('online')).toBe(true);
    expect(snap.context.party).toBe('A');
    expect(snap.context.declaration?.id).toBe(DECL_ID);
    expect(h.storage.getItem(STORAGE_KEYS.nodeId)).toBe(DECL_ID);
    expect(h.storage.getItem(STORAGE_KEYS.token)).toBe(TOKEN);
    expect(loadSession(h.storage)?.credentials).toEqual({ declarationId: DECL_ID, party: 'A', token: TOKEN, mode: 'live' });
    expect(loadRecovery(h.storage)?.nodeId).toBe(DECL_ID);
    expect(h.emitted).toContainEqual(expect.objectContaining({ type: 'declaration.changed', kind: 'SESSION' }));
  });

  it('[CX2] sends custom-heartbeat every interval while connected; an unanswered one drops the link and resumes', () => {
    const h = connected();
    const link = h.transport.link;
    h.clock.increment(HEARTBEAT_INTERVAL_MS - 1);
    expect(link.calls('custom-heartbeat')).toHaveLength(0);
    h.clock.increment(1);
    const beat = link.calls('custom-heartbeat');
    expect(beat).toHaveLength(1);
    link.answer(beat[0]!.id, { ok: true });
    h.clock.increment(HEARTBEAT_INTERVAL_MS);
    const beats = link.calls('custom-heartbeat');
    expect(beats).toHaveLength(2);
    // This one is never answered: the link is dead even though the socket said nothing.
    h.clock.increment(HEARTBEAT_ANSWER_TIMEOUT_MS);
    expect(link.closedByDevice).toBe(true);
    expect(h.actor.getSnapshot().hasTag('reconnecting')).toBe(true);
    h.clock.increment(RECONNECT_DELAYS_MS[0]);
    expect(h.transport.links).toHaveLength(2);
    h.transport.link.open();
    expect(h.transport.link.last()).toMatchObject({ t: 'resume', declarationId: DECL_ID, party: 'A', token: TOKEN });
  });

  it('[CX3] an edit made while the link is down is queued, kept in storage, and sent after the resume; an unanswered one is sent again', async () => {
    const h = connected();
    const first = h.client.call('eid-comment', { text: 'one' });
    const sentFirst = h.transport.link.calls('eid-comment');
    expect(sentFirst).toHaveLength(1);
    h.transport.link.drop();
    expect(h.actor.getSnapshot().hasTag('reconnecting')).toBe(true);
    const second = h.client.call('eid-comment', { text: 'two' });
    expect(loadSession(h.storage)?.pending.map((c) => c.p)).toEqual([{ text: 'one' }, { text: 'two' }]);

    h.clock.increment(RECONNECT_DELAYS_MS[0]);
    const link2 = h.transport.link;
    link2.open();
    link2.answer(link2.last().id, session());
    const resent = link2.calls('eid-comment');
    expect(resent.map((c) => c.p)).toEqual([{ text: 'one' }, { text: 'two' }]);
    link2.answer(resent[0]!.id, committed(view(1), view(2)));
    link2.answer(resent[1]!.id, committed(view(2), view(3)));
    await expect(first).resolves.toEqual({ ok: true, r: committed(view(1), view(2)) });
    await expect(second).resolves.toMatchObject({ ok: true });
    expect(h.actor.getSnapshot().context.declaration?.version).toBe(3);
    expect(loadSession(h.storage)?.pending).toEqual([]);
  });

  it(`[CX4] reconnects at most ${RECONNECT_LIMIT} times in a row, then reports CONNECTION_LOST; a retry starts again`, () => {
    const h = connected();
    h.transport.link.drop();
    for (let attempt = 1; attempt <= RECONNECT_LIMIT; attempt++) {
      expect(h.actor.getSnapshot().hasTag('reconnecting')).toBe(true);
      h.clock.increment(RECONNECT_DELAYS_MS[attempt - 1]!);
      expect(h.transport.links).toHaveLength(1 + attempt);
      h.transport.link.drop();
    }
    const snap = h.actor.getSnapshot();
    expect(snap.value).toBe('lost');
    expect(snap.context.error).toBe('CONNECTION_LOST');
    h.actor.send({ type: 'user.retry' });
    h.transport.link.open();
    expect(h.transport.link.last()).toMatchObject({ t: 'resume', token: TOKEN });
    h.transport.link.answer(h.transport.link.last().id, session());
    expect(h.actor.getSnapshot().hasTag('online')).toBe(true);
    expect(h.actor.getSnapshot().context.attempts).toBe(0);
  });

  it.each(['TTL_TOO_LONG', 'HEARTBEAT', 'REMOVED_INACTIVE'])(
    '[CX5] a resume refused with %s ends the seat: rejected with the code, storage cleared, waiting calls answered',
    async (code) => {
      const h = connected();
      h.transport.link.drop();
      const waiting = h.client.call('eid-comment', { text: 'x' });
      h.clock.increment(RECONNECT_DELAYS_MS[0]);
      h.transport.link.open();
      h.transport.link.refuse(h.transport.link.last().id, code);
      const snap = h.actor.getSnapshot();
      expect(snap.value).toBe('rejected');
      expect(snap.context.error).toBe(code);
      expect(h.storage.getItem(STORAGE_KEYS.token)).toBeNull();
      expect(h.storage.getItem(STORAGE_KEYS.stateConnection)).toBeNull();
      await expect(waiting).resolves.toEqual({ ok: false, code: 'NOT_CONNECTED' });
    },
  );

  it('[CX5] a resume refused for a passing reason (SYSTEM_UPDATE) waits the time the hub gave and tries again', () => {
    const h = connected();
    h.transport.link.drop();
    h.clock.increment(RECONNECT_DELAYS_MS[0]);
    h.transport.link.open();
    h.transport.link.refuse(h.transport.link.last().id, 'SYSTEM_UPDATE', 60_000);
    expect(h.actor.getSnapshot().hasTag('reconnecting')).toBe(true);
    h.clock.increment(59_999);
    expect(h.transport.links).toHaveLength(2);
    h.clock.increment(1);
    expect(h.transport.links).toHaveLength(3);
  });

  it('[CX6] a connect refused by the hub is rejected with its code; an unreachable hub on the first connect is SERVER_UNREACHABLE', () => {
    const h = setup();
    h.actor.send({ type: 'user.connect', request });
    h.transport.link.open();
    h.transport.link.refuse(h.transport.link.last().id, 'PLATE_A_IN_USE');
    expect(h.actor.getSnapshot().value).toBe('rejected');
    expect(h.actor.getSnapshot().context.error).toBe('PLATE_A_IN_USE');
    expect(h.storage.getItem(STORAGE_KEYS.token)).toBeNull();

    h.actor.send({ type: 'user.connect', request });
    h.transport.link.drop();
    expect(h.actor.getSnapshot().value).toBe('failed');
    expect(h.actor.getSnapshot().context.error).toBe('SERVER_UNREACHABLE');
    h.actor.send({ type: 'user.retry' });
    expect(h.actor.getSnapshot().matches({ link: 'opening' })).toBe(true);
  });

  it('[JN1] a connect the hub asks the other driver to confirm shows the code and waits (nothing of the declaration); admitted, it is online', () => {
    const h = setup();
    h.actor.send({ type: 'user.connect', request });
    h.transport.link.open();
    const hello = h.transport.link.last();
    h.transport.link.push({ t: 'admission', code: '4821', timeoutMs: JOIN_CONFIRM_TIMEOUT_MS });
    let snap = h.actor.getSnapshot();
    expect(snap.hasTag('admitting')).toBe(true);
    expect(snap.context).toMatchObject({ admission: { code: '4821' }, declaration: null });
    // Waiting longer than a handshake is fine: the other driver is reading the code.
    h.clock.increment(JOIN_CONFIRM_TIMEOUT_MS - 1);
    expect(h.actor.getSnapshot().hasTag('admitting')).toBe(true);
    h.transport.link.push({ t: 'presence', A: true, B: true });
    h.transport.link.answer(hello.id, { ...session(), party: 'B', inversed: true });
    snap = h.actor.getSnapshot();
    expect(snap.hasTag('online')).toBe(true);
    expect(snap.context).toMatchObject({ admission: null, party: 'B', presence: { A: true, B: true } });
  });

  it.each(['JOIN_REFUSED', 'JOIN_NOT_CONFIRMED'])('[JN2] a join the other driver refuses or leaves unanswered is rejected with %s and the code is gone', (code) => {
    const h = setup();
    h.actor.send({ type: 'user.connect', request });
    h.transport.link.open();
    const hello = h.transport.link.last();
    h.transport.link.push({ t: 'admission', code: '4821', timeoutMs: JOIN_CONFIRM_TIMEOUT_MS });
    h.transport.link.refuse(hello.id, code);
    expect(h.actor.getSnapshot().matches('rejected')).toBe(true);
    expect(h.actor.getSnapshot().context).toMatchObject({ error: code, admission: null });
  });

  it('[JN3] a hub that never answers the join: the device gives up after the confirmation time with JOIN_NOT_CONFIRMED and closes the link', () => {
    const h = setup();
    h.actor.send({ type: 'user.connect', request });
    h.transport.link.open();
    h.transport.link.push({ t: 'admission', code: '4821', timeoutMs: JOIN_CONFIRM_TIMEOUT_MS });
    h.clock.increment(JOIN_CONFIRM_TIMEOUT_MS + HANDSHAKE_TIMEOUT_MS);
    expect(h.actor.getSnapshot().matches('rejected')).toBe(true);
    expect(h.actor.getSnapshot().context).toMatchObject({ error: 'JOIN_NOT_CONFIRMED', admission: null });
    expect(h.transport.link.closedByDevice).toBe(true);
  });

  it('[FU1] calls the hub refused as too many (TOO_MANY_CALLS) are not answered: they wait the time it gave, then go again in their order, with the calls made meanwhile behind them', async () => {
    const h = connected();
    const link = h.transport.link;
    const one = h.client.call('eid-comment', { text: 'one' });
    const two = h.client.call('eid-comment', { text: 'two' });
    const [c1, c2] = link.calls('eid-comment');
    link.refuse(c1!.id, 'TOO_MANY_CALLS', 500);
    link.refuse(c2!.id, 'TOO_MANY_CALLS', 480);
    const three = h.client.call('eid-comment', { text: 'three' });
    // Nothing new goes out while the others wait.
    expect(link.calls('eid-comment')).toHaveLength(2);
    expect(loadSession(h.storage)?.pending.map((c) => c.p)).toEqual([{ text: 'one' }, { text: 'two' }, { text: 'three' }]);
    h.clock.increment(479);
    expect(link.calls('eid-comment')).toHaveLength(2);
    h.clock.increment(1);
    const again = link.calls('eid-comment').slice(2);
    expect(again.map((c) => c.p)).toEqual([{ text: 'one' }, { text: 'two' }, { text: 'three' }]);
    let version = view(1);
    for (const c of again) {
      const next = view(version.version + 1);
      link.answer(c.id, committed(version, next));
      version = next;
    }
    expect(await Promise.all([one, two, three])).toEqual([expect.objectContaining({ ok: true }), expect.objectContaining({ ok: true }), expect.objectContaining({ ok: true })]);
  });

  it('[FU1] [OP3] an edit made between two refusals (STORAGE_FULL) still goes after both refused calls: the order the driver made them in', () => {
    const h = connected();
    const link = h.transport.link;
    void h.client.call('eid-comment', { text: 'one' });
    void h.client.call('eid-comment', { text: 'two' });
    const [c1, c2] = link.calls('eid-comment');
    link.refuse(c1!.id, 'STORAGE_FULL', 5_000);
    void h.client.call('eid-comment', { text: 'three' });
    link.refuse(c2!.id, 'STORAGE_FULL', 5_000);
    h.clock.increment(5_000);
    expect(link.calls('eid-comment').slice(2).map((c) => c.p)).toEqual([{ text: 'one' }, { text: 'two' }, { text: 'three' }]);
  });

  it('[CX7] [RT5] the hub asking to end the declaration leaves END_REACTION_MS, then the device cleans up to blank: nothing of it stays in storage', () => {
    const h = connected();
    h.storage.setItem(STORAGE_KEYS.eidPlates, JSON.stringify({ own: { plate: 'KLM123' }, other: { plate: 'HBN512' } }));
    h.storage.setItem(STORAGE_KEYS.schemeObjects, '[]');
    h.transport.link.push({ t: 'end', reason: 'FINISHED' });
    expect(h.actor.getSnapshot().matches({ link: 'ending' })).toBe(true);
    expect(h.storage.getItem(STORAGE_KEYS.token)).toBe(TOKEN);
    h.clock.increment(END_REACTION_MS - 1);
    expect(h.actor.getSnapshot().matches({ link: 'ending' })).toBe(true);
    h.clock.increment(1);
    expect(h.actor.getSnapshot().value).toBe('ended');
    expect(h.actor.getSnapshot().context.endReason).toBe('FINISHED');
    expect(h.storage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect([...h.storage.map.keys()]).toEqual([]);
    expect(h.emitted).toContainEqual({ type: 'declaration.ended', reason: 'FINISHED' });
  });

  it("[CX8] [HB20] the other party's pushed delta updates the declaration and is announced with its kind; an older one is ignored", () => {
    const h = connected();
    const five = view(5, { parties: { ...view(1).parties, B: { ...view(1).parties.B, comment: 'slidu' } } });
    h.transport.link.push({ t: 'changed', kind: 'PHOTO', by: 'B', patch: diffViews(view(1), view(2)) });
    h.transport.link.push({ t: 'changed', kind: 'DATA', by: 'B', patch: { ...diffViews(view(2), five), from: 2 } });
    expect(h.actor.getSnapshot().context.declaration).toEqual(five);
    expect(h.emitted).toContainEqual(expect.objectContaining({ type: 'declaration.changed', kind: 'PHOTO', by: 'B' }));
    h.transport.link.push({ t: 'changed', kind: 'DATA', by: 'B', patch: diffViews(view(3), view(4)) });
    expect(h.actor.getSnapshot().context.declaration?.version).toBe(5);
    expect(h.transport.link.calls('get-view')).toHaveLength(0);
    h.transport.link.push({ t: 'presence', A: true, B: true });
    expect(h.actor.getSnapshot().context.presence).toEqual({ A: true, B: true });
  });

  it('[HB20] a delta from a version the device does not have asks for the whole view once, and the view replaces the declaration', () => {
    const h = connected();
    h.transport.link.push({ t: 'changed', kind: 'DATA', by: 'B', patch: diffViews(view(3), view(4)) });
    h.transport.link.push({ t: 'changed', kind: 'DATA', by: 'B', patch: diffViews(view(4), view(5)) });
    const asked = h.transport.link.calls('get-view');
    expect(asked).toHaveLength(1);
    expect(h.actor.getSnapshot().context.declaration?.version).toBe(1);
    h.transport.link.answer(asked[0]!.id, view(5, { updatedAt: T0 + 5 }));
    expect(h.actor.getSnapshot().context.declaration).toEqual(view(5, { updatedAt: T0 + 5 }));
    expect(h.emitted).toContainEqual(expect.objectContaining({ type: 'declaration.changed', kind: 'SYNC' }));
    // The next delta fits again.
    h.transport.link.push({ t: 'changed', kind: 'DATA', by: 'B', patch: diffViews(view(5, { updatedAt: T0 + 5 }), view(6)) });
    expect(h.actor.getSnapshot().context.declaration).toEqual(view(6));
  });

  it('[HB20] a heartbeat that answers a newer version than the view (its push was lost) asks for the whole view', () => {
    const h = connected();
    h.clock.increment(HEARTBEAT_INTERVAL_MS);
    const [beat] = h.transport.link.calls('custom-heartbeat');
    h.transport.link.answer(beat!.id, { ok: true, version: 1 });
    expect(h.transport.link.calls('get-view')).toHaveLength(0);
    h.clock.increment(HEARTBEAT_INTERVAL_MS);
    const beats = h.transport.link.calls('custom-heartbeat');
    h.transport.link.answer(beats[1]!.id, { ok: true, version: 3 });
    expect(h.transport.link.calls('get-view')).toHaveLength(1);
  });

  it('[HB19] connect and resume carry the protocol version', () => {
    const h = connected();
    expect(h.transport.links[0]!.sent[0]).toMatchObject({ t: 'connect', protocol: PROTOCOL_VERSION });
    h.transport.link.drop();
    h.clock.increment(RECONNECT_DELAYS_MS[0]);
    h.transport.link.open();
    expect(h.transport.link.last()).toMatchObject({ t: 'resume', protocol: PROTOCOL_VERSION });
  });

  it('[CX9] after a closed browser the stored seat and unacknowledged edits resume the declaration', async () => {
    const h = connected();
    h.transport.link.drop();
    void h.client.call('set-impact-text', { text: 'dent' });
    const stored = loadSession(h.storage);
    expect(stored?.pending).toHaveLength(1);
    h.actor.stop();

    // A new page: a fresh machine on the same storage.
    const page2 = setup();
    for (const [k, v] of h.storage.map) page2.storage.setItem(k, v);
    const again = loadSession(page2.storage);
    expect(again).not.toBeNull();
    page2.actor.send({ type: 'user.resume', credentials: again!.credentials, pending: again!.pending });
    page2.transport.link.open();
    expect(page2.transport.link.last()).toMatchObject({ t: 'resume', declarationId: DECL_ID, token: TOKEN });
    page2.transport.link.answer(page2.transport.link.last().id, session());
    expect(page2.transport.link.calls('set-impact-text').map((c) => c.p)).toEqual([{ text: 'dent' }]);
    await flush();
  });

  it('[CX10] calls without a declaration are answered NOT_CONNECTED at once', async () => {
    const h = setup();
    await expect(h.client.call('eid-comment', { text: 'x' })).resolves.toEqual({ ok: false, code: 'NOT_CONNECTED' });
  });
});
