/**
 * Rooms: which device connections of this process are bound to which declaration and party (their
 * seat), who is present (here and, with several nodes, on the others), and the pushes to a
 * declaration's devices — each device gets the delta of its own view (views differ by party: the
 * other's guilt choice is hidden until resolved). Each room remembers the declaration as its
 * devices last saw it, so that a version committed by another node is pushed as a delta too.
 */
import {
  declarationViewFor,
  diffViews,
  type ChangedKind,
  type ClockPort,
  type Declaration,
  type DeclarationView,
  type Party,
  type StoredDeclaration,
} from '@eid/domain';
import { type ServerMessage } from '@eid/domain/protocol';

/** A device connection, as the transport hands it to the hub. */
export interface HubConnection {
  send(message: ServerMessage): void;
  /** AC14: the device's signed-in account is a test user's: it cannot fill declarations. */
  readonly testUser?: boolean;
  /**
   * The address the device connects from, as the transport knows it (JN8: how often it may ask to
   * join and what its proof of work costs). None in practice mode: each connection is its own.
   */
  readonly source?: string;
}

/** A connection's seat: the declaration and party it holds, and which parties it may fill. */
export interface Seat {
  readonly declarationId: string;
  readonly party: Party;
  readonly tokenHash: string;
  allow: { A: boolean; B: boolean };
  pushId?: string;
}

export type EndReason = 'FINISHED' | 'REMOVED' | 'NUKED' | 'TAKEN_OVER';

/** The view a seat sees of a declaration. */
export const viewFor = (d: Declaration, seat: Pick<Seat, 'party' | 'allow'>): DeclarationView => declarationViewFor(d, seat.party, seat.allow.A && seat.allow.B);

type Presence = { readonly A: boolean; readonly B: boolean };

/** How long another node's word on presence holds without being repeated (it repeats it every PRESENCE_REPEAT_MS). */
export const REMOTE_PRESENCE_TTL_MS = 30_000;
export const PRESENCE_REPEAT_MS = 10_000;

export class Rooms {
  private readonly seats = new Map<HubConnection, Seat>();
  private readonly rooms = new Map<string, Set<HubConnection>>();
  /** The declaration as this process's devices of it last saw it (its room's version). */
  private readonly known = new Map<string, Declaration>();
  /** Other nodes' devices, by declaration and node, with when they said so. */
  private readonly remote = new Map<string, Map<string, Presence & { readonly at: number }>>();

  constructor(
    private readonly clock: ClockPort,
    /** Tells the other nodes this node's presence of a declaration (several nodes only). */
    private readonly publish?: (declarationId: string, present: Presence) => void,
  ) {}

  seatOf(conn: HubConnection): Seat | null {
    return this.seats.get(conn) ?? null;
  }

  /** Binds the connection to its seat; `seen` is the declaration its session was given. */
  bind(conn: HubConnection, seat: Seat, seen: Declaration): void {
    this.unbind(conn);
    // The new device saw a newer version than this room's devices (another node's change not heard
    // yet): they are brought to it first, so that the room has one version.
    const k = this.known.get(seat.declarationId);
    if (k && k.version < seen.version) this.pushChange(k, seen, 'DATA', null, null);
    this.seats.set(conn, seat);
    let room = this.rooms.get(seat.declarationId);
    if (!room) {
      room = new Set();
      this.rooms.set(seat.declarationId, room);
    }
    room.add(conn);
    this.remember(seen);
    this.publish?.(seat.declarationId, this.presentHere(seat.declarationId));
  }

  /** Does this process have devices of the declaration? */
  has(declarationId: string): boolean {
    return this.rooms.has(declarationId);
  }

  /** The declarations this process has devices of. */
  ids(): string[] {
    return [...this.rooms.keys()];
  }

  /** The declaration as this process's devices last saw it; null without devices. */
  knownOf(declarationId: string): Declaration | null {
    return this.known.get(declarationId) ?? null;
  }

  private remember(d: Declaration): void {
    const k = this.known.get(d.id);
    if (this.rooms.has(d.id) && (!k || k.version < d.version)) this.known.set(d.id, d);
  }

  unbind(conn: HubConnection): Seat | null {
    const seat = this.seats.get(conn);
    if (!seat) return null;
    this.seats.delete(conn);
    const room = this.rooms.get(seat.declarationId);
    room?.delete(conn);
    if (room && room.size === 0) {
      this.rooms.delete(seat.declarationId);
      this.known.delete(seat.declarationId);
    }
    this.publish?.(seat.declarationId, this.presentHere(seat.declarationId));
    return seat;
  }

  /** Number of bound connections. */
  get size(): number {
    return this.seats.size;
  }

  /** Which parties have a device connected to the declaration here. */
  private presentHere(declarationId: string): { A: boolean; B: boolean } {
    const present = { A: false, B: false };
    for (const conn of this.rooms.get(declarationId) ?? []) {
      const seat = this.seats.get(conn);
      if (seat) present[seat.party] = true;
    }
    return present;
  }

  /** Which parties have a device connected to the declaration now, on any node. */
  present(declarationId: string): { A: boolean; B: boolean } {
    const present = this.presentHere(declarationId);
    const since = this.clock.now() - REMOTE_PRESENCE_TTL_MS;
    for (const p of this.remote.get(declarationId)?.values() ?? []) {
      if (p.at < since) continue;
      present.A ||= p.A;
      present.B ||= p.B;
    }
    return present;
  }

  /** Presence changed: this node's devices are told (the other nodes were told at the bind or unbind). */
  sendPresence(declarationId: string): void {
    this.pushPresence(declarationId);
  }

  private pushPresence(declarationId: string): void {
    const present = this.present(declarationId);
    for (const conn of this.rooms.get(declarationId) ?? []) conn.send({ t: 'presence', ...present });
  }

  /** Another node's devices of a declaration: this node's devices of it are told what changed. */
  heardPresence(declarationId: string, node: string, present: Presence): void {
    const before = this.present(declarationId);
    let nodes = this.remote.get(declarationId);
    if (!present.A && !present.B) nodes?.delete(node);
    else {
      if (!nodes) {
        nodes = new Map();
        this.remote.set(declarationId, nodes);
      }
      nodes.set(node, { A: present.A, B: present.B, at: this.clock.now() });
    }
    if (nodes?.size === 0) this.remote.delete(declarationId);
    const after = this.present(declarationId);
    if (before.A !== after.A || before.B !== after.B) this.pushPresence(declarationId);
  }

  /**
   * Repeats this node's presence of every declaration it has devices of (a node's word holds
   * REMOTE_PRESENCE_TTL_MS: a node that died stops counting), and forgets what others said too long ago.
   */
  repeatPresence(): void {
    if (!this.publish) return;
    for (const id of this.rooms.keys()) this.publish(id, this.presentHere(id));
    const since = this.clock.now() - REMOTE_PRESENCE_TTL_MS;
    for (const [id, nodes] of this.remote) {
      const before = this.present(id);
      for (const [node, p] of nodes) if (p.at < since) nodes.delete(node);
      if (nodes.size === 0) this.remote.delete(id);
      const after = this.present(id);
      if (before.A !== after.A || before.B !== after.B) this.pushPresence(id);
    }
  }

  /**
   * The stored seats after another node's change: a device here whose seat's token is no longer the
   * seat's (taken over with the other driver's confirmation, or by one device for both) learns it.
   */
  reconcile(record: StoredDeclaration): void {
    const id = record.declaration.id;
    if (this.endWhere(id, (seat) => record.slots[seat.party].tokenHash !== seat.tokenHash, 'TAKEN_OVER') > 0) this.sendPresence(id);
  }

  /** Tells every device of the declaration that it ended, and unbinds them. */
  end(declarationId: string, reason: EndReason): void {
    this.endWhere(declarationId, () => true, reason);
  }

  /** A device whose seat was taken by another (its heartbeat was lost) learns it and is unbound. */
  takeOver(declarationId: string, previousTokenHash: string): void {
    this.endWhere(declarationId, (seat) => seat.tokenHash === previousTokenHash, 'TAKEN_OVER');
  }

  /** Every device holding `party`'s seat of the declaration is told it ended for it (`reason`) and unbound. */
  revokeParty(declarationId: string, party: Party, reason: EndReason): void {
    this.endWhere(declarationId, (seat) => seat.party === party, reason);
    this.sendPresence(declarationId);
  }

  /** Ends the sessions of the matching seats; answers how many. */
  private endWhere(declarationId: string, matches: (seat: Seat) => boolean, reason: EndReason): number {
    let ended = 0;
    for (const conn of [...(this.rooms.get(declarationId) ?? [])]) {
      const seat = this.seats.get(conn);
      if (seat && matches(seat)) {
        conn.send({ t: 'end', reason });
        this.unbind(conn);
        ended += 1;
      }
    }
    return ended;
  }

  /**
   * Pushes a committed change to every device of the declaration except the writer's: each the
   * delta of its own view, with the version it applies to. Views are computed once per kind of seat.
   */
  pushChange(before: Declaration, after: Declaration, kind: ChangedKind, by: Party | null, except: HubConnection | null): void {
    // The devices here may be behind `before` (another node's change not heard yet): their delta starts where they are.
    const seen = this.known.get(after.id);
    const from = seen && seen.version < before.version ? seen : before;
    this.remember(after);
    const patches = new Map<string, ReturnType<typeof diffViews>>();
    for (const conn of this.rooms.get(after.id) ?? []) {
      if (conn === except) continue;
      const seat = this.seats.get(conn);
      if (!seat) continue;
      const key = `${seat.party}:${seat.allow.A && seat.allow.B}`;
      let patch = patches.get(key);
      if (!patch) {
        patch = diffViews(viewFor(from, seat), viewFor(after, seat));
        patches.set(key, patch);
      }
      conn.send({ t: 'changed', kind, by, patch });
    }
  }
}
