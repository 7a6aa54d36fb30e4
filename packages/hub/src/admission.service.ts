/**
 * Admission (JN1–JN4): a seat is never taken by knowing two plates alone. A device that asks for a
 * seat by plates waits, seeing nothing of the declaration, while the devices of the other party are
 * shown its request (`joinRequest` in their view: the seat, the plate, a short code). The asking
 * device is sent the same code (`admission` frame); the driver already in compares the two screens
 * and confirms "this is the driver next to me" (`answer-join`). Only then is the seat bound, the
 * token issued and the declaration sent. A newer request replaces a waiting one (its device is told
 * JOIN_NOT_CONFIRMED), a "no" ends it with JOIN_REFUSED, and a request nobody answers in
 * JOIN_CONFIRM_TIMEOUT_MS expires (the sweep).
 *
 * The waiting device's connection and its token live here, in this process: the asking device
 * holds its socket to this node while it waits (a dropped socket asks again, with a new code).
 * The request itself is part of the declaration, so every node's devices are shown it. With
 * several nodes, a driver who answers on another node records the answer in the request; this
 * node hears of the version and settles it (admits or refuses the device, closes the request).
 */
import {
  answerJoinRequest,
  closeJoinRequest,
  isJoinRequestOpen,
  joinCode,
  joinParty,
  JOIN_CONFIRM_TIMEOUT_MS,
  keepsTrailer,
  releaseParty,
  requestJoin,
  type Declaration,
  type JoinRequest,
  type Locale,
  type Party,
  type Plates,
  type Session,
  type StoredDeclaration,
} from '@eid/domain';
import type { Handlers } from './handler.js';
import type { HubPorts } from './ports.js';
import type { PlateChecks } from './plate-checks.service.js';
import { Refusal, refuse } from './refusal.js';
import { viewFor, type HubConnection, type Rooms, type Seat } from './rooms.js';
import type { Change, UnitOfWork } from './unit-of-work.js';

/** What a device asked for when it entered the plates: applied to its seat once admitted. */
export interface JoinAsk {
  readonly declarationId: string;
  readonly party: Party;
  readonly inversed: boolean;
  /** The asking driver's own vehicle (their entry wins: trailer, VIN). */
  readonly plates: Plates;
  readonly plate: string;
  readonly fillLang: Locale;
  /** Re-checks, under the declaration's lock, that the seat may still be asked for. */
  readonly stillAllowed: (record: StoredDeclaration, now: number) => void;
}

/** What an answer did: the seat given (with who held it before), or why the asking device cannot have it. */
interface Outcome {
  admitted: { readonly declaration: Declaration; readonly previousHolder: string | null } | null;
  stale: Refusal | null;
}

interface Waiter {
  readonly conn: HubConnection;
  readonly ask: JoinAsk;
  readonly code: string;
  readonly requestedAt: number;
  readonly token: string;
  readonly tokenHash: string;
  readonly resolve: (session: Session) => void;
  readonly reject: (refusal: Refusal) => void;
}

export class AdmissionService {
  /** The waiting device of each declaration (one at a time: a newer request replaces it). */
  private readonly waiting = new Map<string, Waiter>();
  /** Connections that closed, so that a request registered after its socket closed is withdrawn at once. */
  private readonly gone = new WeakSet<HubConnection>();

  constructor(
    private readonly ports: Pick<HubPorts, 'clock' | 'ids' | 'hash' | 'log' | 'cluster'>,
    private readonly uow: UnitOfWork,
    private readonly rooms: Rooms,
    private readonly plates: PlateChecks,
  ) {}

  /** Asks for the seat and waits for the other party's answer: the session, or JOIN_REFUSED / JOIN_NOT_CONFIRMED. */
  async ask(conn: HubConnection, ask: JoinAsk): Promise<Session> {
    const token = this.ports.ids.token();
    const tokenHash = await this.ports.hash.sha256Hex(token);
    const code = joinCode(this.ports.ids.random());
    let requestedAt = 0;
    await this.uow.change(ask.declarationId, { writer: null, kind: 'DATA', when: 'unfinished', by: ask.party }, (record, now) => {
      ask.stillAllowed(record, now);
      requestedAt = now;
      const request: JoinRequest = { party: ask.party, code, plate: ask.plate, requestedAt: now };
      // Not activity: a request nobody confirms does not keep the declaration alive.
      return { after: { ...record, declaration: requestJoin(record.declaration, request, now) }, result: null };
    });
    const session = new Promise<Session>((resolve, reject) => {
      const previous = this.waiting.get(ask.declarationId);
      this.waiting.set(ask.declarationId, { conn, ask, code, requestedAt, token, tokenHash, resolve, reject });
      if (previous) previous.reject(new Refusal('JOIN_NOT_CONFIRMED'));
    });
    // The socket closed while the request was being made: nobody waits for it.
    if (this.gone.has(conn)) this.closed(conn);
    else conn.send({ t: 'admission', code, timeoutMs: JOIN_CONFIRM_TIMEOUT_MS });
    return session;
  }

  /** Is the connection waiting for an answer to its request? */
  waits(conn: HubConnection): boolean {
    for (const w of this.waiting.values()) if (w.conn === conn) return true;
    return false;
  }

  /** The asking device's connection closed: its request is withdrawn. */
  closed(conn: HubConnection): void {
    this.gone.add(conn);
    for (const [declarationId, w] of this.waiting) {
      if (w.conn !== conn) continue;
      this.waiting.delete(declarationId);
      w.reject(new Refusal('JOIN_NOT_CONFIRMED'));
      void this.withdraw(declarationId, w.code);
    }
  }

  /** The declaration's request was dropped (one device took both parties, it was deleted or removed): its device is told. */
  cancel(declarationId: string): void {
    const w = this.waiting.get(declarationId);
    if (!w) return;
    this.waiting.delete(declarationId);
    w.reject(new Refusal('JOIN_NOT_CONFIRMED'));
  }

  /** Requests nobody answered in time end (the hub's periodic sweep). */
  async expire(): Promise<void> {
    const now = this.ports.clock.now();
    for (const [declarationId, w] of [...this.waiting]) {
      if (isJoinRequestOpen(w, now)) continue;
      this.waiting.delete(declarationId);
      w.reject(new Refusal('JOIN_NOT_CONFIRMED'));
      await this.withdraw(declarationId, w.code);
    }
  }

  handlers(): Handlers<'answer-join'> {
    return {
      // The driver already in answers the request shown on their screen, naming its code (JN2).
      'answer-join': async ({ code, accept }, { conn, seat, contract }) =>
        this.uow.withLock(seat.declarationId, async () => {
          const w = this.waiting.get(seat.declarationId);
          const checked = (record: StoredDeclaration, now: number): JoinRequest => {
            const jr = record.declaration.joinRequest;
            if (!jr || jr.code !== code || !isJoinRequestOpen(jr, now) || jr.answer !== undefined || (w && w.code !== code)) refuse('JOIN_REQUEST_CHANGED');
            if (jr.party === seat.party) refuse('NOT_ALLOWED');
            return jr;
          };
          if (!w) {
            // The asking device waits on another node: the answer is recorded, and that node admits or refuses it.
            if (!this.ports.cluster) refuse('JOIN_REQUEST_CHANGED');
            const { committed } = await this.uow.changeHeld(seat.declarationId, { writer: { conn, seat }, kind: 'DATA', when: contract.when }, (record, now) => {
              checked(record, now);
              return { after: { ...record, declaration: answerJoinRequest(record.declaration, accept, now) }, result: null };
            });
            return committed;
          }
          const outcome: Outcome = { admitted: null, stale: null };
          const { committed } = await this.uow.changeHeld(seat.declarationId, { writer: { conn, seat }, kind: 'DATA', when: contract.when }, async (record, now) => {
            const jr = checked(record, now);
            if (!accept) return { after: { ...record, declaration: closeJoinRequest(record.declaration, now) }, result: null };
            return this.admit(record, jr, w, now, outcome);
          });
          this.conclude(seat.declarationId, w, outcome);
          return committed;
        }),
    };
  }

  /**
   * Another node committed a version of a declaration this node has a waiting device for: a request
   * replaced or dropped there ends here; one answered there is settled here, where the device waits.
   */
  heard(record: StoredDeclaration): void {
    const id = record.declaration.id;
    const w = this.waiting.get(id);
    if (!w) return;
    const jr = record.declaration.joinRequest;
    if (!jr || jr.code !== w.code) {
      this.waiting.delete(id);
      w.reject(new Refusal('JOIN_NOT_CONFIRMED'));
      return;
    }
    if (jr.answer !== undefined) {
      void this.settle(id, w).catch((error: unknown) => this.ports.log?.('warn', 'a join request answered on another node could not be settled', { error: String(error) }));
    }
  }

  /** The declarations this node has a waiting device for. */
  waitingFor(): string[] {
    return [...this.waiting.keys()];
  }

  /** Does a device wait here to join the declaration? */
  waitsFor(declarationId: string): boolean {
    return this.waiting.has(declarationId);
  }

  /** Admits or refuses the waiting device as the other node recorded the answer, and closes the request. */
  private async settle(declarationId: string, w: Waiter): Promise<void> {
    await this.uow.withLock(declarationId, async () => {
      if (this.waiting.get(declarationId) !== w) return;
      const outcome: Outcome = { admitted: null, stale: null };
      let answered = false;
      await this.uow.changeHeld(declarationId, { writer: null, kind: 'DATA', when: 'unfinished', by: null }, async (record, now) => {
        const jr = record.declaration.joinRequest;
        if (!jr || jr.code !== w.code || jr.answer === undefined) return { after: record, result: null };
        answered = true;
        // Answered too late: the request had expired (the device asks again), as when nobody answers.
        if (!isJoinRequestOpen(jr, now)) outcome.stale = new Refusal('JOIN_NOT_CONFIRMED');
        if (jr.answer === 'refuse' || outcome.stale) return { after: { ...record, declaration: closeJoinRequest(record.declaration, now) }, result: null };
        return this.admit(record, jr, w, now, outcome);
      });
      if (answered) this.conclude(declarationId, w, outcome);
    });
  }

  /** The change that gives the asking device its seat, or closes the request when the seat cannot be given any more. */
  private async admit(record: StoredDeclaration, jr: JoinRequest, w: Waiter, now: number, outcome: Outcome): Promise<Change<null>> {
    try {
      w.ask.stillAllowed(record, now);
    } catch (error) {
      // The seat cannot be given any more (its device came back): the request ends, its device is told why.
      outcome.stale = error instanceof Refusal ? error : new Refusal('ASSIGNMENT_FAILED');
      return { after: { ...record, declaration: closeJoinRequest(record.declaration, now) }, result: null };
    }
    const own = w.ask.plates;
    const trailer = keepsTrailer(record.declaration, jr.party, own) ? record.declaration.parties[jr.party].trailer : await this.plates.trailerFor(own);
    const previousHolder = record.slots[jr.party].tokenHash;
    // A seat someone held before changes hands without its token: its code and signature are given again (VW1).
    const from = previousHolder === null ? record.declaration : releaseParty(record.declaration, jr.party);
    const after = joinParty(from, jr.party, { plates: own, trailer, fillLang: w.ask.fillLang }, now);
    outcome.admitted = { declaration: after, previousHolder };
    return {
      after: { declaration: after, slots: { ...record.slots, [jr.party]: { tokenHash: w.tokenHash, lastSeen: now } }, lastActivity: now },
      result: null,
      by: jr.party,
    };
  }

  /** After the answer was committed: the waiting device is bound and given its session, or told why not. */
  private conclude(declarationId: string, w: Waiter, outcome: Outcome): void {
    if (this.waiting.get(declarationId) === w) this.waiting.delete(declarationId);
    const done = outcome.admitted;
    if (!done) {
      w.reject(outcome.stale ?? new Refusal('JOIN_REFUSED'));
      return;
    }
    // A device of that party that lost its heartbeat and is still connected learns its seat was taken.
    if (done.previousHolder) this.rooms.takeOver(declarationId, done.previousHolder);
    const party = w.ask.party;
    const joined: Seat = { declarationId, party, tokenHash: w.tokenHash, allow: { A: party === 'A', B: party === 'B' } };
    this.rooms.bind(w.conn, joined, done.declaration);
    this.rooms.sendPresence(declarationId);
    w.resolve({ declarationId, party, token: w.token, inversed: w.ask.inversed, allow: { ...joined.allow }, declaration: viewFor(done.declaration, joined) });
  }

  /** Takes a request off the declaration (when it is still the one asked): the confirming screens stop showing it. */
  private async withdraw(declarationId: string, code: string): Promise<void> {
    try {
      await this.uow.change(declarationId, { writer: null, kind: 'DATA', when: 'any', by: null }, (record, now) =>
        record.declaration.joinRequest?.code === code ? { after: { ...record, declaration: closeJoinRequest(record.declaration, now) }, result: null } : { after: record, result: null },
      );
    } catch (error) {
      if (!(error instanceof Refusal)) this.ports.log?.('warn', 'a join request could not be withdrawn', { error: String(error) });
    }
  }
}
