/**
 * Rooms: which device connections are bound to which declaration and party (their seat), who is
 * present, and the pushes to a declaration's devices — each device gets the delta of its own view
 * (views differ by party: the other's guilt choice is hidden until resolved).
 */
import { declarationViewFor, diffViews, type Declaration, type ChangedKind, type DeclarationView, type Party, type ServerMessage } from '@eid/domain';

/** A device connection, as the transport hands it to the hub. */
export interface HubConnection {
  send(message: ServerMessage): void;
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

export class Rooms {
  private readonly seats = new Map<HubConnection, Seat>();
  private readonly rooms = new Map<string, Set<HubConnection>>();

  seatOf(conn: HubConnection): Seat | null {
    return this.seats.get(conn) ?? null;
  }

  bind(conn: HubConnection, seat: Seat): void {
    this.unbind(conn);
    this.seats.set(conn, seat);
    let room = this.rooms.get(seat.declarationId);
    if (!room) {
      room = new Set();
      this.rooms.set(seat.declarationId, room);
    }
    room.add(conn);
  }

  unbind(conn: HubConnection): Seat | null {
    const seat = this.seats.get(conn);
    if (!seat) return null;
    this.seats.delete(conn);
    const room = this.rooms.get(seat.declarationId);
    room?.delete(conn);
    if (room && room.size === 0) this.rooms.delete(seat.declarationId);
    return seat;
  }

  /** Number of bound connections. */
  get size(): number {
    return this.seats.size;
  }

  /** Which parties have a device connected to the declaration now. */
  present(declarationId: string): { A: boolean; B: boolean } {
    const present = { A: false, B: false };
    for (const conn of this.rooms.get(declarationId) ?? []) {
      const seat = this.seats.get(conn);
      if (seat) present[seat.party] = true;
    }
    return present;
  }

  sendPresence(declarationId: string): void {
    const present = this.present(declarationId);
    for (const conn of this.rooms.get(declarationId) ?? []) conn.send({ t: 'presence', ...present });
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

  private endWhere(declarationId: string, matches: (seat: Seat) => boolean, reason: EndReason): void {
    for (const conn of [...(this.rooms.get(declarationId) ?? [])]) {
      const seat = this.seats.get(conn);
      if (seat && matches(seat)) {
        conn.send({ t: 'end', reason });
        this.unbind(conn);
      }
    }
  }

  /**
   * Pushes a committed change to every device of the declaration except the writer's: each the
   * delta of its own view, with the version it applies to. Views are computed once per kind of seat.
   */
  pushChange(before: Declaration, after: Declaration, kind: ChangedKind, by: Party | null, except: HubConnection | null): void {
    const patches = new Map<string, ReturnType<typeof diffViews>>();
    for (const conn of this.rooms.get(after.id) ?? []) {
      if (conn === except) continue;
      const seat = this.seats.get(conn);
      if (!seat) continue;
      const key = `${seat.party}:${seat.allow.A && seat.allow.B}`;
      let patch = patches.get(key);
      if (!patch) {
        patch = diffViews(viewFor(before, seat), viewFor(after, seat));
        patches.set(key, patch);
      }
      conn.send({ t: 'changed', kind, by, patch });
    }
  }
}
