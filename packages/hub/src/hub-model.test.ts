import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { declarationViewFor, type Party } from '@eid/domain';
import { type Session } from '@eid/domain/protocol';
import { ask, connect, Device, makeHarness, meet, resume, resync, T0, type Harness } from './testing/hub-harness.js';

/** What the drivers were told was saved: each party's comment and witnesses, the shared time. */
interface Model {
  comment: Record<Party, string>;
  witnesses: Record<Party, number>;
  correctedTime: number | null;
  acknowledged: number;
  connected: Record<Party, boolean>;
}

interface Real {
  h: Harness;
  devices: Record<Party, Device | null>;
  sessions: Record<Party, Session>;
  /** A push to this device was dropped or delivered out of order since its last session. */
  lossy: Record<Party, boolean>;
}

type Cmd = fc.AsyncCommand<Model, Real>;

const device = (r: Real, p: Party): Device => r.devices[p] ?? (() => { throw new Error('not connected'); })();

class Edit implements Cmd {
  constructor(
    readonly party: Party,
    readonly field: 'comment' | 'witnesses',
    readonly value: number,
  ) {}
  check(m: Readonly<Model>) {
    return m.connected[this.party];
  }
  async run(m: Model, r: Real) {
    const answer =
      this.field === 'comment'
        ? await ask(r.h, device(r, this.party), { t: 'call', op: 'eid-comment', p: { text: `c${this.value}` } })
        : await ask(r.h, device(r, this.party), {
            t: 'call',
            op: 'witnesses',
            p: { witnesses: Array.from({ length: this.value % 4 }, () => ({ name: 'Rasa', surname: 'Kairė', phone: '+37060000001' })) },
          });
    expect(answer.ok).toBe(true);
    if (this.field === 'comment') m.comment[this.party] = `c${this.value}`;
    else m.witnesses[this.party] = this.value % 4;
    m.acknowledged += 1;
  }
  toString() {
    return `Edit(${this.party}, ${this.field}, ${this.value})`;
  }
}

class CorrectTime implements Cmd {
  constructor(
    readonly party: Party,
    readonly minutesBack: number,
  ) {}
  check(m: Readonly<Model>) {
    return m.connected[this.party];
  }
  async run(m: Model, r: Real) {
    const time = T0 - this.minutesBack * 60_000;
    const answer = await ask(r.h, device(r, this.party), { t: 'call', op: 'corrected-time', p: { time: String(time) } });
    // Within the 6-hour roll-back the edit is acknowledged; beyond it, refused and not applied.
    if (this.minutesBack <= 360) {
      expect(answer.ok).toBe(true);
      m.correctedTime = time;
      m.acknowledged += 1;
    } else {
      expect(answer).toMatchObject({ ok: false, code: 'TOO_EARLY' });
    }
  }
  toString() {
    return `CorrectTime(${this.party}, ${this.minutesBack})`;
  }
}

class WrongParty implements Cmd {
  constructor(readonly party: Party) {}
  check(m: Readonly<Model>) {
    return m.connected[this.party];
  }
  async run(_m: Model, r: Real) {
    const other = this.party === 'A' ? 'B' : 'A';
    const answer = await ask(r.h, device(r, this.party), { t: 'call', op: 'eid-comment', p: { party: other, text: 'intrusion' } });
    expect(answer).toMatchObject({ ok: false, code: 'NOT_ALLOWED' });
  }
  toString() {
    return `WrongParty(${this.party})`;
  }
}

/** The network delivers, drops or reorders a push waiting for a device. */
class Network implements Cmd {
  constructor(
    readonly party: Party,
    readonly action: 'deliver' | 'drop' | 'reorder',
    readonly pick: number,
  ) {}
  check(m: Readonly<Model>) {
    return m.connected[this.party];
  }
  async run(_m: Model, r: Real) {
    const d = device(r, this.party);
    if (d.inbox.length === 0) return;
    const i = this.pick % d.inbox.length;
    if (this.action === 'drop' || (this.action === 'reorder' && i > 0)) r.lossy[this.party] = true;
    if (this.action === 'drop') d.inbox.splice(i, 1);
    else if (this.action === 'reorder') d.deliver(i);
    else d.deliver(0);
    // A device that saw a gap asks for the whole view once.
    if (d.gaps > 0) {
      await resync(r.h, d);
      d.gaps = 0;
    }
  }
  toString() {
    return `Network(${this.party}, ${this.action}, ${this.pick})`;
  }
}

class Disconnect implements Cmd {
  constructor(readonly party: Party) {}
  check(m: Readonly<Model>) {
    return m.connected[this.party];
  }
  async run(m: Model, r: Real) {
    const d = r.devices[this.party];
    if (d) r.h.hub.disconnect(d);
    r.devices[this.party] = null;
    m.connected[this.party] = false;
  }
  toString() {
    return `Disconnect(${this.party})`;
  }
}

class Reconnect implements Cmd {
  constructor(readonly party: Party) {}
  check(m: Readonly<Model>) {
    return !m.connected[this.party];
  }
  async run(m: Model, r: Real) {
    const d = new Device();
    const answer = await resume(r.h, d, r.sessions[this.party], this.party);
    expect(answer.ok).toBe(true);
    r.devices[this.party] = d;
    r.lossy[this.party] = false;
    m.connected[this.party] = true;
  }
  toString() {
    return `Reconnect(${this.party})`;
  }
}

/** The server process restarts: every connection drops, the store keeps what was committed. */
class Restart implements Cmd {
  check() {
    return true;
  }
  async run(m: Model, r: Real) {
    r.h.restart();
    r.devices = { A: null, B: null };
    m.connected = { A: false, B: false };
  }
  toString() {
    return 'Restart';
  }
}

class Wait implements Cmd {
  constructor(readonly seconds: number) {}
  check() {
    return true;
  }
  async run(_m: Model, r: Real) {
    r.h.clock.advance(this.seconds * 1000);
  }
  toString() {
    return `Wait(${this.seconds}s)`;
  }
}

const party = fc.constantFrom<Party>('A', 'B');
const commands = [
  fc.tuple(party, fc.constantFrom<'comment' | 'witnesses'>('comment', 'witnesses'), fc.nat(50)).map(([p, f, v]) => new Edit(p, f, v)),
  fc.tuple(party, fc.nat(400)).map(([p, m]) => new CorrectTime(p, m)),
  party.map((p) => new WrongParty(p)),
  fc.tuple(party, fc.constantFrom<'deliver' | 'drop' | 'reorder'>('deliver', 'drop', 'reorder'), fc.nat(8)).map(([p, a, i]) => new Network(p, a, i)),
  fc.tuple(party, fc.constantFrom<'deliver' | 'drop' | 'reorder'>('deliver', 'drop', 'reorder'), fc.nat(8)).map(([p, a, i]) => new Network(p, a, i)),
  party.map((p) => new Disconnect(p)),
  party.map((p) => new Reconnect(p)),
  fc.constant(new Restart()),
  fc.nat(30).map((s) => new Wait(s)),
];

describe('declaration hub, model-based', () => {
  it('[HB12] [HB20] under random edits, wrong-party writes, dropped and reordered pushes, disconnects, reconnects and restarts, the store holds exactly the acknowledged edits and every device that applies deltas ends equal to its view of it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30 }), async (cmds) => {
        const h = makeHarness();
        const a = new Device();
        const b = new Device();
        const sa = await connect(h, a, 'KLM123', 'HBN512');
        const sb = await meet(h, b, a, 'HBN512', 'KLM123');
        const real: Real = { h, devices: { A: a, B: b }, sessions: { A: sa, B: sb }, lossy: { A: false, B: false } };
        // A was told of B's joining with a push: start from what the network holds, as a device would.
        while (a.inbox.length) a.deliver();
        const model: Model = { comment: { A: '', B: '' }, witnesses: { A: 0, B: 0 }, correctedTime: null, acknowledged: 0, connected: { A: true, B: true } };
        const baseVersion = (await h.store.get(sa.declarationId))?.declaration.version ?? 0;
        await fc.asyncModelRun(() => ({ model, real }), cmds);

        const stored = (await h.store.get(sa.declarationId))?.declaration;
        if (!stored) throw new Error('the declaration is gone');
        expect(stored.parties.A.comment).toBe(model.comment.A);
        expect(stored.parties.B.comment).toBe(model.comment.B);
        expect(stored.parties.A.witnesses.length).toBe(model.witnesses.A);
        expect(stored.parties.B.witnesses.length).toBe(model.witnesses.B);
        expect(stored.timePlace.correctedTime).toBe(model.correctedTime);
        expect(stored.version).toBe(baseVersion + model.acknowledged);

        // The network hands over what it still holds; a device with a gap asks for the view once, and
        // one whose last push was lost learns it from its next heartbeat's version.
        for (const p of ['A', 'B'] as const) {
          const d = real.devices[p];
          if (!d) continue;
          while (d.inbox.length) d.deliver();
          const beat = await ask(h, d, { t: 'call', op: 'custom-heartbeat' });
          const behind = beat.ok && (beat.r as { version: number }).version > (d.view?.version ?? 0);
          // Deltas alone keep a device whose network lost nothing exactly up to date.
          if (!real.lossy[p]) expect({ gaps: d.gaps, behind }).toEqual({ gaps: 0, behind: false });
          if (d.gaps > 0 || behind) await resync(h, d);
          expect(d.view).toEqual(declarationViewFor(stored, p, false));
          // A device's view only moves forward.
          expect(d.versions).toEqual([...d.versions].sort((x, y) => x - y));
        }
      }),
      { numRuns: 1000 },
    );
  }, 180_000);
});
