import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DeclarationHub,
  type Declaration,
  type HubConnection,
  type Party,
  type ServerMessage,
  type Session,
  type VehicleRecord,
  type VehicleRegistryPort,
} from '@eid/domain';
import { MemoryBlobStore, MemoryDeclarationStore } from '@eid/adapter-storage-memory';
import { WebCryptoHash } from '@eid/adapter-system';
import { FixedClock, SequenceIds } from '@eid/test-fixtures';
import { plates, VILNIUS } from '../testing/ws-driver.js';

const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);

const registry: VehicleRegistryPort = {
  async findVehicle(plate: string): Promise<VehicleRecord | null> {
    return {
      plate,
      status: 'REGISTERED',
      make: 'Toyota',
      model: 'Corolla',
      type: 'A',
      vin: 'JTDBR32E720000001',
      insurer: { id: 1, name: 'Lietuvos draudimas', www: '', damageWww: '', claimsEmail: 'zalos@ld.example' },
      policyNo: 'LD-1',
      policyValidTill: '2027-12-31',
    };
  },
  async listInsurers() {
    return [];
  },
};

/** A device: the frames the hub sent it. */
class Device implements HubConnection {
  readonly frames: ServerMessage[] = [];
  send(message: ServerMessage): void {
    this.frames.push(message);
  }
}

/** What the drivers were told was saved: each party's comment and witnesses, the shared time. */
interface Model {
  comment: Record<Party, string>;
  witnesses: Record<Party, number>;
  correctedTime: number | null;
  acknowledged: number;
  connected: Record<Party, boolean>;
}

interface Real {
  store: MemoryDeclarationStore;
  hub: DeclarationHub;
  clock: FixedClock;
  devices: Record<Party, Device | null>;
  sessions: Record<Party, Session<Declaration>>;
  nextId: number;
}

function makeHub(store: MemoryDeclarationStore, clock: FixedClock): DeclarationHub {
  return new DeclarationHub(
    {
      store,
      blobs: new MemoryBlobStore(),
      registry,
      queue: { enqueue: async () => undefined },
      clock,
      ids: new SequenceIds(),
      hash: new WebCryptoHash(),
      isInLithuania: () => true,
    },
    { maxTimeAdjustHours: 6, mode: 'live' },
  );
}

async function ask(real: Real, device: Device, message: Record<string, unknown>) {
  const id = real.nextId++;
  await real.hub.handle(device, { ...message, id });
  const answer = device.frames.find((f) => f.t === 'result' && f.id === id);
  if (!answer || answer.t !== 'result') throw new Error('no answer');
  return answer;
}

type Cmd = fc.AsyncCommand<Model, Real>;

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
    const device = r.devices[this.party];
    if (!device) throw new Error('not connected');
    const answer =
      this.field === 'comment'
        ? await ask(r, device, { t: 'call', op: 'eid-comment', p: { text: `c${this.value}` } })
        : await ask(r, device, {
            t: 'call',
            op: 'witnesses',
            p: { witnesses: Array.from({ length: this.value % 4 }, () => ({ name: 'Rasa', surname: 'Kairė', phone: '' })) },
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
    const device = r.devices[this.party];
    if (!device) throw new Error('not connected');
    const time = T0 - this.minutesBack * 60_000;
    const answer = await ask(r, device, { t: 'call', op: 'corrected-time', p: { time: String(time) } });
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
    const device = r.devices[this.party];
    if (!device) throw new Error('not connected');
    const other = this.party === 'A' ? 'B' : 'A';
    const answer = await ask(r, device, { t: 'call', op: 'eid-comment', p: { party: other, text: 'intrusion' } });
    expect(answer).toMatchObject({ ok: false, code: 'NOT_ALLOWED' });
  }
  toString() {
    return `WrongParty(${this.party})`;
  }
}

class Disconnect implements Cmd {
  constructor(readonly party: Party) {}
  check(m: Readonly<Model>) {
    return m.connected[this.party];
  }
  async run(m: Model, r: Real) {
    const device = r.devices[this.party];
    if (device) r.hub.disconnect(device);
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
    const device = new Device();
    const s = r.sessions[this.party];
    const answer = await ask(r, device, { t: 'resume', declarationId: s.declarationId, party: this.party, token: s.token });
    expect(answer.ok).toBe(true);
    r.devices[this.party] = device;
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
    r.hub = makeHub(r.store, r.clock);
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
    r.clock.advance(this.seconds * 1000);
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
  party.map((p) => new Disconnect(p)),
  party.map((p) => new Reconnect(p)),
  fc.constant(new Restart()),
  fc.nat(30).map((s) => new Wait(s)),
];

describe('declaration hub, model-based', () => {
  it('[HB12] under random edits, wrong-party writes, disconnects, reconnects and restarts, the stored declaration equals the acknowledged edits', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        const store = new MemoryDeclarationStore();
        const clock = new FixedClock(T0);
        const real: Real = { store, clock, hub: makeHub(store, clock), devices: { A: null, B: null }, sessions: {} as Real['sessions'], nextId: 1 };
        const a = new Device();
        const b = new Device();
        const connect = (device: Device, own: string, other: string) =>
          ask(real, device, { t: 'connect', mode: 'live', plates: { A: plates(own), B: plates(other) }, location: VILNIUS, fillLang: 'lt' });
        const ra = await connect(a, 'KLM123', 'HBN512');
        const rb = await connect(b, 'HBN512', 'KLM123');
        if (!ra.ok || !rb.ok) throw new Error('setup failed');
        real.sessions = { A: ra.r as Session<Declaration>, B: rb.r as Session<Declaration> };
        real.devices = { A: a, B: b };
        const model: Model = {
          comment: { A: '', B: '' },
          witnesses: { A: 0, B: 0 },
          correctedTime: null,
          acknowledged: 0,
          connected: { A: true, B: true },
        };
        const baseVersion = (await store.get(real.sessions.A.declarationId))?.declaration.version ?? 0;
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        const stored = await store.get(real.sessions.A.declarationId);
        expect(stored).not.toBeNull();
        const d = stored!.declaration;
        expect(d.parties.A.comment).toBe(model.comment.A);
        expect(d.parties.B.comment).toBe(model.comment.B);
        expect(d.parties.A.witnesses.length).toBe(model.witnesses.A);
        expect(d.parties.B.witnesses.length).toBe(model.witnesses.B);
        expect(d.timePlace.correctedTime).toBe(model.correctedTime);
        expect(d.version).toBe(baseVersion + model.acknowledged);
      }),
      { numRuns: 1000 },
    );
  }, 120_000);
});
