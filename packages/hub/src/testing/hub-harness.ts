/**
 * A hub on in-memory adapters and devices that behave like the web app's connection: each keeps
 * its view of the declaration, applies deltas to the version they were made from, and counts a
 * gap when one does not fit. Their incoming pushes wait in an inbox the test delivers, drops or
 * reorders, as a lossy network would.
 */
import {
  applyViewPatch,
  blankPlates,
  type DeclarationView,
  type Party,
  type Plates,
  type VehicleRecord,
  type VehicleRegistryPort,
  type ViewPatch,
} from '@eid/domain';
import { committedIn, PROTOCOL_VERSION, type ServerMessage, type Session } from '@eid/domain/protocol';
import { MemoryBlobStore, MemoryDeclarationStore, MemoryExpiringStore } from '@eid/adapter-storage-memory';
import { WebCryptoHash } from '@eid/adapter-system';
import { FixedClock, SequenceIds } from '@eid/test-fixtures';
import { DeclarationHub } from '../hub.js';
import type { HubOptions, HubPorts } from '../ports.js';

export const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);
export const VILNIUS = { latitude: 54.6872, longitude: 25.2797, accuracy: 15 };

export function plates(plate: string, extra: Partial<Plates> = {}): Plates {
  return { ...blankPlates(), plate, ...extra };
}

/** Every plate is a registered, insured Toyota. */
export const registry: VehicleRegistryPort = {
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

export interface Harness {
  readonly store: MemoryDeclarationStore;
  readonly clock: FixedClock;
  hub: DeclarationHub;
  nextId: number;
  /** A new hub on the same store and clock: a server restart. */
  restart(): void;
}

export function makeHarness(
  overrides: Partial<HubPorts> = {},
  options: HubOptions = { maxTimeAdjustHours: 6, mode: 'live' },
  clock: FixedClock = new FixedClock(T0),
): Harness {
  const store = new MemoryDeclarationStore();
  const make = () =>
    new DeclarationHub(
      {
        store,
        blobs: new MemoryBlobStore(),
        registry,
        queue: { enqueue: async () => undefined },
        clock,
        ids: new SequenceIds(),
        hash: new WebCryptoHash(),
        expiring: new MemoryExpiringStore(clock),
        isInLithuania: () => true,
        ...overrides,
      },
      options,
    );
  const h: Harness = {
    store,
    clock,
    hub: make(),
    nextId: 1,
    restart() {
      h.hub = make();
    },
  };
  return h;
}

type Result = Extract<ServerMessage, { t: 'result' }>;

/** A device: answers come back at once; pushes wait in the inbox until delivered. */
export class Device {
  /** The address it connects from, when the test says (JN8); each device is its own source otherwise. */
  constructor(readonly source?: string) {}

  readonly inbox: ServerMessage[] = [];
  readonly results: Result[] = [];
  view: DeclarationView | null = null;
  gaps = 0;
  /** Versions this device's view went through, in order. */
  readonly versions: number[] = [];

  /** Every frame this device was sent, in order (the inbox is only what waits to be delivered). */
  readonly received: ServerMessage[] = [];

  send(message: ServerMessage): void {
    this.received.push(message);
    if (message.t === 'result') this.results.push(message);
    else this.inbox.push(message);
  }

  /** Applies a delta as the web app's connection does; a gap is counted (the device then asks for the view). */
  apply(patch: ViewPatch): 'applied' | 'stale' | 'gap' {
    if (!this.view) return 'stale';
    const outcome = applyViewPatch(this.view, patch);
    if (outcome.kind === 'applied') this.setView(outcome.view);
    if (outcome.kind === 'gap') this.gaps += 1;
    return outcome.kind;
  }

  setView(view: DeclarationView): void {
    this.view = view;
    this.versions.push(view.version);
  }

  /** Delivers the inbox's frame at `index` (pushes of other frames kinds are taken as they are). */
  deliver(index = 0): 'applied' | 'stale' | 'gap' | 'none' {
    const [m] = this.inbox.splice(index, 1);
    if (!m) return 'none';
    return m.t === 'changed' ? this.apply(m.patch) : 'none';
  }
}

/** Sends a frame and returns its answer; a write's delta is applied to the device's view. */
export async function ask(h: Harness, device: Device, message: Record<string, unknown>): Promise<Result> {
  const id = h.nextId++;
  await h.hub.handle(device, { ...message, id });
  const answer = device.results.find((f) => f.id === id);
  if (!answer) throw new Error('no answer');
  // One socket delivers in order: the pushes still waiting arrived before this answer.
  while (device.inbox.length) device.deliver();
  if (answer.ok) {
    const committed = committedIn(answer.r);
    if (committed?.patch) device.apply(committed.patch);
  }
  return answer;
}

export async function connect(h: Harness, device: Device, own: string, other: string): Promise<Session> {
  const r = await ask(h, device, { t: 'connect', protocol: PROTOCOL_VERSION, mode: 'live', plates: { A: plates(own), B: plates(other) }, location: VILNIUS, fillLang: 'lt' });
  if (!r.ok) throw new Error(`connect refused: ${r.code}`);
  const session = r.r as Session;
  device.setView(session.declaration);
  return session;
}

/** Waits (event-loop turns, not a fixed time) until `ready` holds; fails after `turns` turns. */
export async function until(ready: () => boolean, turns = 500): Promise<void> {
  for (let i = 0; i < turns; i++) {
    if (ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error('the condition never held');
}

/**
 * The other driver asks for their seat by plates (JN1) and the driver already in answers as a person
 * would: reading the code their screen shows (the join request in their view) and saying yes or no.
 * Resolves the joining device's answer to its connect.
 */
export async function join(h: Harness, joiner: Device, confirmer: Device, own: string, other: string, accept = true): Promise<Result> {
  const id = h.nextId++;
  const asked = h.hub.handle(joiner, { t: 'connect', id, protocol: PROTOCOL_VERSION, mode: 'live', plates: { A: plates(own), B: plates(other) }, location: VILNIUS, fillLang: 'lt' });
  await until(() => joiner.inbox.some((m) => m.t === 'admission') || joiner.results.some((r) => r.id === id));
  const refused = joiner.results.find((r) => r.id === id);
  if (refused) return refused;
  while (confirmer.inbox.length) confirmer.deliver();
  const admission = joiner.inbox.find((m) => m.t === 'admission');
  // The driver already in finds, among the requests on their screen, the code the phone next to them shows.
  const shown = admission?.t === 'admission' ? confirmer.view?.joinRequests.find((r) => r.code === admission.code) : undefined;
  if (!shown) throw new Error('the two screens do not show the same code');
  const answer = await ask(h, confirmer, { t: 'call', op: 'answer-join', p: { code: shown.code, accept } });
  if (!answer.ok) throw new Error(`answer-join refused: ${answer.code}`);
  await asked;
  const r = joiner.results.find((f) => f.id === id);
  if (!r) throw new Error('no answer to the connect');
  if (r.ok) joiner.setView((r.r as Session).declaration);
  // One socket delivers in order: what arrived before the answer (the admission, presence) is taken.
  while (joiner.inbox.length) joiner.deliver();
  return r;
}

/** `join`, admitted: the joining device's session. */
export async function meet(h: Harness, joiner: Device, confirmer: Device, own: string, other: string): Promise<Session> {
  const r = await join(h, joiner, confirmer, own, other);
  if (!r.ok) throw new Error(`join refused: ${r.code}`);
  return r.r as Session;
}

export async function resume(h: Harness, device: Device, s: Session, party: Party): Promise<Result> {
  const r = await ask(h, device, { t: 'resume', protocol: PROTOCOL_VERSION, declarationId: s.declarationId, party, token: s.token });
  if (r.ok) device.setView((r.r as Session).declaration);
  return r;
}

/** A device that saw a gap asks for the whole view once (get-view), as the connection machine does. */
export async function resync(h: Harness, device: Device): Promise<void> {
  const r = await ask(h, device, { t: 'call', op: 'get-view' });
  if (!r.ok) throw new Error(`get-view refused: ${r.code}`);
  const view = r.r as DeclarationView;
  if (!device.view || view.version >= device.view.version) device.setView(view);
}
