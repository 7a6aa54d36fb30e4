/**
 * Seats (declaration-flow §4 "Declaration connect", §6): a device connects by plates — creating
 * the declaration as A, or joining it as B — or resumes its seat with the stored token; it keeps
 * the seat with heartbeats; one device may take both parties. A connect or resume of another
 * protocol version is refused (PROTOCOL_UNSUPPORTED) before anything is read.
 */
import {
  blankDeclaration,
  decideConnect,
  decideResume,
  declarationKeys,
  isBlankDraft,
  END_REACTION_MS,
  isSlotHeld,
  isStorageFull,
  releaseParty,
  SYSTEM_UPDATE_WAIT_MS,
  UNFINISHED_TTL_MS,
  stillCountedMs,
  useOneDevice,
  useTwoDevices,
  vehicleKey,
  type ConnectCandidate,
  type Declaration,
  type StoredDeclaration,
} from '@eid/domain';
import { PROTOCOL_VERSION, type ConnectMessage, type ResumeMessage, type Session } from '@eid/domain/protocol';
import type { AdmissionService } from './admission.service.js';
import type { Captcha } from './captcha.js';
import type { Handlers } from './handler.js';
import type { HubOptions, HubPorts } from './ports.js';
import type { PlateChecks } from './plate-checks.service.js';
import { refuse } from './refusal.js';
import { viewFor, type HubConnection, type Rooms, type Seat } from './rooms.js';
import type { UnitOfWork } from './unit-of-work.js';

const other = (p: 'A' | 'B'): 'A' | 'B' => (p === 'A' ? 'B' : 'A');

function candidateOf(r: StoredDeclaration): ConnectCandidate {
  const d = r.declaration;
  return {
    id: d.id,
    mode: d.mode,
    status: d.status,
    updatedAt: r.lastActivity,
    twoUserMode: d.twoUserMode,
    plates: { A: d.parties.A.plates, B: d.parties.B.plates },
    location: d.timePlace.originalLocation,
    slots: r.slots,
    blank: isBlankDraft(d),
  };
}

function sessionOf(seat: Seat, token: string, inversed: boolean, d: Declaration): Session {
  return { declarationId: d.id, party: seat.party, token, inversed, allow: { ...seat.allow }, declaration: viewFor(d, seat) };
}

export class SeatService {
  private systemUpdate = { from: 0, until: 0 };

  constructor(
    private readonly ports: Pick<HubPorts, 'store' | 'clock' | 'ids' | 'hash' | 'blobs' | 'log'>,
    private readonly options: HubOptions,
    private readonly uow: UnitOfWork,
    private readonly rooms: Rooms,
    private readonly plates: PlateChecks,
    private readonly admissions: AdmissionService,
    private readonly captcha: Captcha,
  ) {}

  /** From `fromMs` until `untilMs` connects are refused with SYSTEM_UPDATE (a release is being deployed, SU2); 0 ends it. */
  announceSystemUpdate(untilMs: number, fromMs = 0): void {
    this.systemUpdate = { from: fromMs, until: untilMs };
  }

  async connect(conn: HubConnection, msg: ConnectMessage): Promise<Session> {
    if (msg.protocol !== PROTOCOL_VERSION) refuse('PROTOCOL_UNSUPPORTED');
    const now = this.ports.clock.now();
    const update = this.systemUpdate;
    if (update.from <= now && now < update.until) refuse('SYSTEM_UPDATE', Math.min(SYSTEM_UPDATE_WAIT_MS, update.until - now));
    // A connect costs the device a proof of work before anything is looked up (JN5).
    const work = await this.captcha.check(msg.captcha, 'connect');
    const keys = declarationKeys({ parties: { A: { plates: msg.plates.A }, B: { plates: msg.plates.B } } });
    const request = { mode: msg.mode, plates: msg.plates, location: msg.location, testUser: conn.testUser === true };
    const records = await this.ports.store.findByKeys(keys, now - UNFINISHED_TTL_MS);
    const decision = decideConnect(request, records.map(candidateOf), now);
    if (decision.kind === 'REJECT') refuse(decision.code, decision.retryAfterMs);
    if (decision.kind === 'CREATE') return this.create(conn, msg, now);
    if (decision.kind === 'REPLACE') {
      // Without the abandoned draft the pair is free; its vehicles may still be in another open declaration (CN3, CN4): checked before anything is deleted.
      const others = decideConnect(request, records.filter((r) => r.declaration.id !== decision.declarationId).map(candidateOf), now);
      if (others.kind === 'REJECT') refuse(others.code, others.retryAfterMs);
      if (others.kind !== 'CREATE') refuse('ASSIGNMENT_FAILED');
      await this.replace(decision.declarationId, (record, at) => decideConnect(request, [candidateOf(record)], at));
      return this.create(conn, msg, now);
    }

    // A seat is taken only when the other party confirms it (JN1): the device waits, seeing nothing.
    return this.admissions.ask(conn, {
      declarationId: decision.declarationId,
      party: decision.party,
      inversed: decision.inversed,
      plates: msg.plates.A,
      plate: vehicleKey(msg.plates.A).replace(/^VIN:/, ''),
      fillLang: msg.fillLang,
      work,
      stillAllowed: (record, at) => {
        // Decided again under the lock: the other device may have joined meanwhile.
        const again = decideConnect(request, [candidateOf(record)], at);
        if (again.kind === 'REJECT') refuse(again.code, again.retryAfterMs);
        if (again.kind !== 'JOIN' || again.party !== decision.party) refuse('ASSIGNMENT_FAILED');
      },
    });
  }

  async resume(conn: HubConnection, msg: ResumeMessage): Promise<Session> {
    if (msg.protocol !== PROTOCOL_VERSION) refuse('PROTOCOL_UNSUPPORTED');
    const tokenHash = await this.ports.hash.sha256Hex(msg.token);
    return this.uow.withLock(msg.declarationId, async () => {
      const now = this.ports.clock.now();
      const record = await this.ports.store.get(msg.declarationId);
      const decision = decideResume(record ? candidateOf(record) : null, { party: msg.party, tokenHash }, now);
      if (decision.kind === 'REJECT') refuse(decision.code);
      if (!record) return refuse('REMOVED_INACTIVE');
      if (record.declaration.status === 'FINISHED') {
        // Its token resumes a finished declaration only until the end reaction is over (RT3): then the
        // statement (its view link, opened with the password) is the way back to it, not the seat.
        if (now - record.declaration.updatedAt > END_REACTION_MS) refuse('DECLARATION_FINISHED');
        // Until then it can still be looked at (its result and view link), not edited.
        const seat: Seat = { declarationId: msg.declarationId, party: msg.party, tokenHash, allow: { A: false, B: false } };
        return sessionOf(seat, msg.token, msg.party === 'B', record.declaration);
      }
      await this.uow.touch(msg.declarationId, msg.party);
      const both = !record.declaration.twoUserMode;
      const seat: Seat = { declarationId: msg.declarationId, party: msg.party, tokenHash, allow: { A: msg.party === 'A' || both, B: msg.party === 'B' || both } };
      this.rooms.bind(conn, seat, record.declaration);
      this.rooms.sendPresence(msg.declarationId);
      return sessionOf(seat, msg.token, msg.party === 'B', record.declaration);
    });
  }

  /** The device's connection closed: it keeps its party until its heartbeat times out; a join request it made is withdrawn. */
  disconnect(conn: HubConnection): void {
    this.admissions.closed(conn);
    const seat = this.rooms.unbind(conn);
    if (seat) this.rooms.sendPresence(seat.declarationId);
  }

  handlers(): Handlers<'custom-heartbeat' | 'long-op' | 'setMyExuId' | 'one-device' | 'two-devices'> {
    const beat = async (_p: unknown, { seat }: { seat: Seat }) => ({ ok: true as const, version: await this.uow.touch(seat.declarationId, seat.party) });
    return {
      'custom-heartbeat': beat,
      'long-op': beat,
      setMyExuId: async ({ id }, { seat }) => {
        seat.pushId = id;
        return { ok: true };
      },
      // One device fills for both (declaration-flow §6): allowed when the other party's device is not holding its seat.
      'one-device': async (_p, { conn, seat, contract }) => {
        const allowed = seat.allow;
        const { committed } = await this.uow.change(seat.declarationId, { writer: { conn, seat }, kind: 'DATA', when: contract.when }, (record, now) => {
          const o = other(seat.party);
          // Its phone may only be out of reach for a moment: it keeps its part until its heartbeat times out (FU14).
          if (isSlotHeld(record.slots[o], now)) refuse('SEAT_STILL_COUNTED', stillCountedMs(record.slots[o], now));
          seat.allow = { A: true, B: true };
          // The other driver, once joined, gives their code and signature again on this device (VW1).
          const d = record.slots[o].tokenHash === null ? record.declaration : releaseParty(record.declaration, o);
          return {
            after: { declaration: useOneDevice(d, now), slots: { ...record.slots, [o]: { tokenHash: null, lastSeen: record.slots[o].lastSeen } }, lastActivity: now },
            result: null,
          };
        }).catch((error: unknown) => {
          seat.allow = allowed;
          throw error;
        });
        // The other party's device, silent but maybe still connected, loses its seat: no further write of it is accepted (FU6).
        this.rooms.revokeParty(seat.declarationId, other(seat.party), 'TAKEN_OVER');
        this.admissions.cancel(seat.declarationId);
        return { ...committed, allow: { ...seat.allow } };
      },
      // The device filling for both gives the other part back (FU15): the other driver's phone may ask to join again (JN1) and this one confirms it.
      'two-devices': async (_p, { conn, seat, contract }) => {
        const allowed = seat.allow;
        const { committed } = await this.uow.change(seat.declarationId, { writer: { conn, seat }, kind: 'DATA', when: contract.when }, (record, now) => {
          if (record.declaration.twoUserMode) return { after: record, result: null };
          seat.allow = { A: seat.party === 'A', B: seat.party === 'B' };
          return { after: { ...record, declaration: useTwoDevices(record.declaration, now), lastActivity: now }, result: null };
        }).catch((error: unknown) => {
          seat.allow = allowed;
          throw error;
        });
        return { ...committed, allow: { ...seat.allow } };
      },
    };
  }

  /**
   * JN7: deletes a declaration left by its only device (decided again under its lock: its device
   * may have come back meanwhile), with its files; a device of it still connected is told TAKEN_OVER.
   */
  private async replace(declarationId: string, decide: (record: StoredDeclaration, now: number) => ReturnType<typeof decideConnect>): Promise<void> {
    await this.uow.withLock(declarationId, async () => {
      // Gone meanwhile (another device replaced it at the same moment): this one asks again.
      const record = await this.ports.store.get(declarationId);
      if (!record) refuse('ASSIGNMENT_FAILED');
      const again = decide(record, this.ports.clock.now());
      if (again.kind === 'REJECT') refuse(again.code, again.retryAfterMs);
      if (again.kind !== 'REPLACE') refuse('ASSIGNMENT_FAILED');
      if (!(await this.ports.store.remove(declarationId))) refuse('DECLARATION_FINISHED');
    });
    this.admissions.cancel(declarationId);
    this.rooms.end(declarationId, 'TAKEN_OVER');
    await this.ports.blobs.removeFor(declarationId);
  }

  private async create(conn: HubConnection, msg: ConnectMessage, now: number): Promise<Session> {
    const [checkA, checkB] = [await this.plates.check(msg.plates.A, { conn }), await this.plates.check(msg.plates.B, { conn })];
    if (checkA.result === 'REJECT' && checkA.code) refuse(checkA.code);
    if (checkB.result === 'REJECT' && checkB.code) refuse(checkB.code);
    const token = this.ports.ids.token();
    const tokenHash = await this.ports.hash.sha256Hex(token);
    const blank = blankDeclaration({
      id: this.ports.ids.token(),
      mode: msg.mode,
      now,
      maxTimeAdjust: this.options.maxTimeAdjustHours,
      fillLang: msg.fillLang,
      location: msg.location,
      locationError: msg.locationError,
    });
    const declaration: Declaration = {
      ...blank,
      twoUserMode: !msg.oneDevice,
      parties: {
        A: { ...blank.parties.A, plates: msg.plates.A, vehicle: checkA.vehicle, trailer: await this.plates.trailerFor(msg.plates.A) },
        B: { ...blank.parties.B, plates: msg.plates.B, vehicle: checkB.vehicle, trailer: await this.plates.trailerFor(msg.plates.B) },
      },
    };
    try {
      await this.uow.create({ declaration, slots: { A: { tokenHash, lastSeen: now }, B: { tokenHash: null, lastSeen: 0 } }, lastActivity: now });
    } catch (error) {
      // A full disk is the server's (OP3: the device sends it again when space returns); any other
      // failure to store the new declaration is CREATE_FAILED (declaration-flow §4): nothing was made, the driver tries again.
      if (isStorageFull(error)) throw error;
      this.ports.log?.('error', 'a new declaration could not be stored', { error: String(error) });
      refuse('CREATE_FAILED');
    }
    const seat: Seat = { declarationId: declaration.id, party: 'A', tokenHash, allow: { A: true, B: !!msg.oneDevice } };
    this.rooms.bind(conn, seat, declaration);
    return sessionOf(seat, token, false, declaration);
  }
}
