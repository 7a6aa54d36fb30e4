/**
 * Admission (JN1–JN4, JN8): a seat is never taken by knowing two plates alone. A device that asks
 * for a seat by plates waits, seeing nothing of the declaration, while the devices of the other
 * party are shown every waiting request (`joinRequests` in their view: the seat, the plate, a short
 * code). The asking device is sent its code (`admission` frame); the driver already in compares it
 * with the phone next to them and lets that one in (`answer-join` naming the code). Only then is the
 * seat bound, the token issued and the declaration sent.
 *
 * A newer request never replaces a waiting one: whoever keeps asking cannot push the real driver's
 * request off the confirming screen. What a stranger can do is bounded instead (JN8): requests
 * waiting at once per declaration and per source, asks per minute per source, and a proof of work
 * that doubles with each recent ask (`JoinCosts`). A "no" ends a request with JOIN_REFUSED; the
 * seat given ends the others for it with JOIN_REFUSED; a request nobody answers in
 * JOIN_CONFIRM_TIMEOUT_MS expires (the sweep); a closed socket withdraws its own.
 *
 * The waiting devices' connections and tokens live here, in this process: an asking device holds
 * its socket to this node while it waits. The requests are part of the declaration, so every node's
 * devices are shown them. With several nodes, a driver who answers on another node records the
 * answer in the request; this node hears of the version and settles it.
 */
import {
  answerJoinRequest,
  closeJoinRequest,
  freshJoinCode,
  isJoinRequestOpen,
  joinAskRefusal,
  joinParty,
  joinRequestOf,
  JOIN_CONFIRM_TIMEOUT_MS,
  keepsTrailer,
  releaseParty,
  requestJoin,
  type Declaration,
  type JoinRequest,
  type Locale,
  type Party,
  type Plates,
  type StoredDeclaration,
} from '@eid/domain';
import { type Session } from '@eid/domain/protocol';
import type { Handlers } from './handler.js';
import { JoinCosts } from './join-costs.js';
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
  /** The work its proof carried (JN8): Infinity where no proof is asked. */
  readonly work: number;
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
  /** The devices waiting here, by declaration and by the code their screen shows. */
  private readonly waiting = new Map<string, Map<string, Waiter>>();
  /** Connections that closed, so that a request registered after its socket closed is withdrawn at once. */
  private readonly gone = new WeakSet<HubConnection>();
  private readonly costs: JoinCosts;

  constructor(
    private readonly ports: Pick<HubPorts, 'clock' | 'ids' | 'hash' | 'log' | 'cluster' | 'expiring' | 'sourceHash'>,
    private readonly uow: UnitOfWork,
    private readonly rooms: Rooms,
    private readonly plates: PlateChecks,
  ) {
    this.costs = new JoinCosts(ports);
  }

  /** Asks for the seat and waits for the other party's answer: the session, or JOIN_REFUSED / JOIN_NOT_CONFIRMED. */
  async ask(conn: HubConnection, ask: JoinAsk): Promise<Session> {
    // JN8: a source that asked recently pays more for its proof, and asks a few times a minute at most.
    const source = await this.costs.sourceOf(conn, ask.declarationId);
    const token = this.ports.ids.token();
    const tokenHash = await this.ports.hash.sha256Hex(token);
    let session: Promise<Session> | null = null;
    const request = await this.costs.asking(source, ask.work, async () => {
      const { result } = await this.uow.change(ask.declarationId, { writer: null, kind: 'DATA', when: 'unfinished', by: ask.party }, (record, now) => {
        ask.stillAllowed(record, now);
        const refused = joinAskRefusal(record.declaration, source, now);
        if (refused) refuse(refused.code, refused.retryAfterMs);
        const asked: JoinRequest = { party: ask.party, code: freshJoinCode(record.declaration, this.ports.ids.random()), plate: ask.plate, requestedAt: now, source };
        // Not activity: a request nobody confirms does not keep the declaration alive.
        return { after: { ...record, declaration: requestJoin(record.declaration, asked, now) }, result: asked };
      });
      // Waited for from the moment it is stored: an answer cannot come before its waiter is there.
      session = new Promise<Session>((resolve, reject) => {
        this.waitersOf(ask.declarationId, true).set(result.code, { conn, ask, code: result.code, requestedAt: result.requestedAt, token, tokenHash, resolve, reject });
      });
      return result;
    });
    const { code } = request;
    // The socket closed while the request was being made: nobody waits for it.
    if (this.gone.has(conn)) this.closed(conn);
    else conn.send({ t: 'admission', code, timeoutMs: JOIN_CONFIRM_TIMEOUT_MS });
    return session as unknown as Promise<Session>;
  }

  /** Is the connection waiting for an answer to its request? */
  waits(conn: HubConnection): boolean {
    return this.all().some(([, w]) => w.conn === conn);
  }

  /** The asking device's connection closed: its request is withdrawn. */
  closed(conn: HubConnection): void {
    this.gone.add(conn);
    for (const [declarationId, w] of this.all()) {
      if (w.conn !== conn) continue;
      this.drop(declarationId, w, new Refusal('JOIN_NOT_CONFIRMED'));
      void this.withdraw(declarationId, w.code);
    }
  }

  /** The declaration's requests were dropped (one device took both parties, it was deleted or removed): their devices are told. */
  cancel(declarationId: string): void {
    for (const w of [...(this.waiting.get(declarationId)?.values() ?? [])]) this.drop(declarationId, w, new Refusal('JOIN_NOT_CONFIRMED'));
  }

  /** Requests nobody answered in time end (the hub's periodic sweep). */
  async expire(): Promise<void> {
    const now = this.ports.clock.now();
    for (const [declarationId, w] of this.all()) {
      if (isJoinRequestOpen(w, now)) continue;
      this.drop(declarationId, w, new Refusal('JOIN_NOT_CONFIRMED'));
      await this.withdraw(declarationId, w.code);
    }
  }

  handlers(): Handlers<'answer-join'> {
    return {
      // The driver already in answers one of the requests shown on their screen, naming its code (JN2).
      'answer-join': async ({ code, accept }, { conn, seat, contract }) =>
        this.uow.withLock(seat.declarationId, async () => {
          const w = this.waiting.get(seat.declarationId)?.get(code);
          const checked = (record: StoredDeclaration, now: number): JoinRequest => {
            const jr = joinRequestOf(record.declaration, code);
            if (!jr || !isJoinRequestOpen(jr, now) || jr.answer !== undefined) refuse('JOIN_REQUEST_CHANGED');
            if (jr.party === seat.party) refuse('NOT_ALLOWED');
            return jr;
          };
          if (!w) {
            // A request no device waits for any more (its process restarted, it expired where nobody
            // swept it): it leaves the confirming screens, and the answer is refused as changed.
            const ghost = await this.uow.changeHeld(seat.declarationId, { writer: null, kind: 'DATA', when: 'any', by: null }, (record, now) => {
              const jr = joinRequestOf(record.declaration, code);
              const nobody = jr !== null && jr.answer === undefined && (!this.ports.cluster || !isJoinRequestOpen(jr, now));
              return nobody ? { after: { ...record, declaration: closeJoinRequest(record.declaration, code, now) }, result: true } : { after: record, result: false };
            });
            if (ghost.result || !this.ports.cluster) refuse('JOIN_REQUEST_CHANGED');
            // The asking device waits on another node: the answer is recorded, and that node admits or refuses it.
            const { committed } = await this.uow.changeHeld(seat.declarationId, { writer: { conn, seat }, kind: 'DATA', when: contract.when }, (record, now) => {
              checked(record, now);
              return { after: { ...record, declaration: answerJoinRequest(record.declaration, code, accept, now) }, result: null };
            });
            return committed;
          }
          const outcome: Outcome = { admitted: null, stale: null };
          const { committed } = await this.uow.changeHeld(seat.declarationId, { writer: { conn, seat }, kind: 'DATA', when: contract.when }, async (record, now) => {
            const jr = checked(record, now);
            if (!accept) return { after: { ...record, declaration: closeJoinRequest(record.declaration, code, now) }, result: null };
            return this.admit(record, jr, w, now, outcome);
          });
          this.conclude(seat.declarationId, w, outcome);
          return committed;
        }),
    };
  }

  /**
   * Another node committed a version of a declaration this node has waiting devices for: a request
   * dropped there (expired, withdrawn, its seat given) ends here; one answered there is settled here.
   */
  heard(record: StoredDeclaration): void {
    const id = record.declaration.id;
    for (const w of [...(this.waiting.get(id)?.values() ?? [])]) {
      const jr = joinRequestOf(record.declaration, w.code);
      if (!jr) this.drop(id, w, new Refusal('JOIN_NOT_CONFIRMED'));
      else if (jr.answer !== undefined) {
        void this.settle(id, w).catch((error: unknown) => this.ports.log?.('warn', 'a join request answered on another node could not be settled', { error: String(error) }));
      }
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
      if (this.waiting.get(declarationId)?.get(w.code) !== w) return;
      const outcome: Outcome = { admitted: null, stale: null };
      let answered = false;
      await this.uow.changeHeld(declarationId, { writer: null, kind: 'DATA', when: 'unfinished', by: null }, async (record, now) => {
        const jr = joinRequestOf(record.declaration, w.code);
        if (!jr || jr.answer === undefined) return { after: record, result: null };
        answered = true;
        // Answered too late: the request had expired (the device asks again), as when nobody answers.
        if (!isJoinRequestOpen(jr, now)) outcome.stale = new Refusal('JOIN_NOT_CONFIRMED');
        if (jr.answer === 'refuse' || outcome.stale) return { after: { ...record, declaration: closeJoinRequest(record.declaration, w.code, now) }, result: null };
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
      return { after: { ...record, declaration: closeJoinRequest(record.declaration, w.code, now) }, result: null };
    }
    const own = w.ask.plates;
    const trailer = keepsTrailer(record.declaration, jr.party, own) ? record.declaration.parties[jr.party].trailer : await this.plates.trailerFor(own);
    // Its phone went away meanwhile (the registry was asked): the seat is given to nobody, the request ends.
    if (!this.stillWaiting(record.declaration.id, w)) {
      outcome.stale = new Refusal('JOIN_NOT_CONFIRMED');
      return { after: { ...record, declaration: closeJoinRequest(record.declaration, w.code, now) }, result: null };
    }
    const previousHolder = record.slots[jr.party].tokenHash;
    // A seat someone held before changes hands without its token: its code and signature are given again (VW1).
    const from = previousHolder === null ? record.declaration : releaseParty(record.declaration, jr.party);
    // Giving the seat ends every other request for it.
    const after = joinParty(from, jr.party, { plates: own, trailer, fillLang: w.ask.fillLang }, now);
    outcome.admitted = { declaration: after, previousHolder };
    return {
      after: { declaration: after, slots: { ...record.slots, [jr.party]: { tokenHash: w.tokenHash, lastSeen: now } }, lastActivity: now },
      result: null,
      by: jr.party,
    };
  }

  /** Is `w` still the device waiting with its code, its socket open? */
  private stillWaiting(declarationId: string, w: Waiter): boolean {
    return this.waiting.get(declarationId)?.get(w.code) === w && !this.gone.has(w.conn);
  }

  /** After the answer was committed: the waiting device is bound and given its session, or told why not. */
  private conclude(declarationId: string, w: Waiter, outcome: Outcome): void {
    const done = outcome.admitted;
    if (!done) {
      this.drop(declarationId, w, outcome.stale ?? new Refusal('JOIN_REFUSED'));
      return;
    }
    if (this.gone.has(w.conn)) {
      // Its socket closed while the seat was being given: nobody got the token, so the seat is freed
      // (a device of that party asks again and is let in again).
      this.drop(declarationId, w, new Refusal('JOIN_NOT_CONFIRMED'));
      void this.uow
        .change(declarationId, { writer: null, kind: 'DATA', when: 'any', by: null }, (record) =>
          record.slots[w.ask.party].tokenHash === w.tokenHash ? { after: { ...record, slots: { ...record.slots, [w.ask.party]: { tokenHash: null, lastSeen: 0 } } }, result: null } : { after: record, result: null },
        )
        .catch((error: unknown) => this.ports.log?.('warn', 'a seat given to a phone that went away could not be freed', { error: String(error) }));
      return;
    }
    this.drop(declarationId, w, null);
    // The other phones that asked for the same seat learn it was given to another.
    for (const other of [...(this.waiting.get(declarationId)?.values() ?? [])]) {
      if (other.ask.party === w.ask.party) this.drop(declarationId, other, new Refusal('JOIN_REFUSED'));
    }
    // A device of that party that lost its heartbeat and is still connected learns its seat was taken.
    if (done.previousHolder) this.rooms.takeOver(declarationId, done.previousHolder);
    const party = w.ask.party;
    const joined: Seat = { declarationId, party, tokenHash: w.tokenHash, allow: { A: party === 'A', B: party === 'B' } };
    this.rooms.bind(w.conn, joined, done.declaration);
    this.rooms.sendPresence(declarationId);
    w.resolve({ declarationId, party, token: w.token, inversed: w.ask.inversed, allow: { ...joined.allow }, declaration: viewFor(done.declaration, joined) });
  }

  /** Takes a request off the declaration (when it is still there): the confirming screens stop showing it. */
  private async withdraw(declarationId: string, code: string): Promise<void> {
    try {
      await this.uow.change(declarationId, { writer: null, kind: 'DATA', when: 'any', by: null }, (record, now) => ({
        after: joinRequestOf(record.declaration, code) ? { ...record, declaration: closeJoinRequest(record.declaration, code, now) } : record,
        result: null,
      }));
    } catch (error) {
      if (!(error instanceof Refusal)) this.ports.log?.('warn', 'a join request could not be withdrawn', { error: String(error) });
    }
  }

  private waitersOf(declarationId: string, create: true): Map<string, Waiter> {
    let map = this.waiting.get(declarationId);
    if (!map && create) {
      map = new Map();
      this.waiting.set(declarationId, map);
    }
    return map as Map<string, Waiter>;
  }

  /** Stops waiting for `w` (told `refusal`, or nothing when it was admitted). */
  private drop(declarationId: string, w: Waiter, refusal: Refusal | null): void {
    const map = this.waiting.get(declarationId);
    if (map?.get(w.code) === w) {
      map.delete(w.code);
      if (map.size === 0) this.waiting.delete(declarationId);
    }
    if (refusal) w.reject(refusal);
  }

  private all(): Array<[string, Waiter]> {
    return [...this.waiting].flatMap(([id, map]) => [...map.values()].map((w): [string, Waiter] => [id, w]));
  }
}
