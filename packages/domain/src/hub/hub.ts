/**
 * The declaration hub: the shared, durable declaration that two devices edit live. It binds each
 * device connection to a declaration and a party by an unguessable token, applies the named
 * instructions with the domain's rules, commits every acknowledged change to the store before
 * answering, and pushes each change to the other party with its changed-data kind.
 *
 * It knows no transport: the server feeds it WebSocket frames, the practice mode an in-memory
 * channel. Both run this same code, so the practice mode behaves exactly like the live service.
 */
import * as v from 'valibot';
import { ClientMessageSchema, type ConnectMessage, type ResumeMessage, type ServerMessage, type Session } from '../api/protocol.js';
import { PARTIES, PHONE_CODE_LENGTH, PLATE_CHECK_PAUSE_MS, SYSTEM_UPDATE_WAIT_MS, UNFINISHED_TTL_MS, type Party } from '../rules/constants.js';
import type { ErrorCode } from '../rules/errors.js';
import { bytesToBase64 } from '../rules/text.js';
import type { ClockPort } from '../ports/clock.port.js';
import type { IdPort } from '../ports/id.port.js';
import type { HashPort } from '../ports/hash.port.js';
import type { BlobStorePort, DeclarationStorePort, StoredDeclaration } from '../ports/declaration-store.port.js';
import type { InsurerRecord, VehicleRegistryPort } from '../ports/registry.port.js';
import type { SubmitQueuePort } from '../ports/submit-queue.port.js';
import type { PhoneCodeSenderPort } from '../ports/phone-code.port.js';
import type { CaptchaPort } from '../ports/captcha.port.js';
import type { EmailConfirmationPort } from '../ports/email-confirmation.port.js';
import { isEmail } from '../rules/email.js';
import { compactPhone, phoneError, toE164 } from '../rules/phone.js';
import { normalisePlate, platePairErrors } from '../rules/plates.js';
import { thumbnailId } from '../api/blob.js';
import {
  declarationKeys,
  decideConnect,
  decideResume,
  isSlotHeld,
  type ConnectCandidate,
} from '../declaration/connect.js';
import { blankDeclaration, PlatesSchema, type Declaration, type Plates, type ResponsibleInsurer, type Trailer } from '../declaration/entities.js';
import { applyInstruction, isWriteInstruction, type ChangedKind, type EditContext } from '../declaration/instructions.js';
import { plateCheck, plateCheckAllowed, trailerOf, type PlateCheck } from '../declaration/plate-check.js';
import { validateT1, validateT2, type PreviewContext } from '../declaration/preview.js';
import { completeSubmit, markWaiting, submitParties, submitStatus, withdrawSubmit } from '../declaration/submit.js';
import { declarationViewFor } from '../declaration/view.js';

export interface HubPorts {
  readonly store: DeclarationStorePort;
  readonly blobs: BlobStorePort;
  readonly registry: VehicleRegistryPort;
  readonly queue: SubmitQueuePort;
  readonly clock: ClockPort;
  readonly ids: IdPort;
  readonly hash: HashPort;
  readonly isInLithuania: (position: { latitude: number; longitude: number }) => boolean;
  /** Sends phone confirmation codes; without it (practice) codes are only shown to the device. */
  readonly phoneCodes?: PhoneCodeSenderPort;
  /**
   * Checks the captcha token of abuse-prone instructions (submit-eid, send-phone-code); without it
   * (practice) no token is asked for.
   */
  readonly captcha?: CaptchaPort;
  /** Sends the e-mail confirmation link (confirm-email-a); without it (practice) nothing is sent. */
  readonly emailConfirmation?: EmailConfirmationPort;
  /** Where the hub reports faults it answered with SERVER_ERROR. */
  readonly log?: (level: 'warn' | 'error', message: string, data?: unknown) => void;
}

export interface HubOptions {
  /** Hours the accident time may be rolled back (declaration-flow §9: from the server). */
  readonly maxTimeAdjustHours: number;
  /** 'practice' declarations end with demo-done and never reach the submit queue. */
  readonly mode: 'live' | 'practice';
}

/** A device connection, as the transport hands it to the hub. */
export interface HubConnection {
  send(message: ServerMessage): void;
}

interface Binding {
  readonly declarationId: string;
  readonly party: Party;
  readonly tokenHash: string;
  allow: { A: boolean; B: boolean };
  pushId?: string;
}

type Answer = { ok: true; r: unknown } | { ok: false; code: ErrorCode; retryAfterMs?: number };
const fail = (code: ErrorCode, retryAfterMs?: number): Answer =>
  retryAfterMs === undefined ? { ok: false, code } : { ok: false, code, retryAfterMs };

/** Thrown inside a locked section to answer with a code. */
class Refusal extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly retryAfterMs?: number,
  ) {
    super(code);
  }
}

const other = (p: Party): Party => (p === 'A' ? 'B' : 'A');

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
  };
}

/** Every binary a declaration refers to. */
function imageIds(d: Declaration): string[] {
  const ids: string[] = [];
  for (const p of PARTIES) {
    const party = d.parties[p];
    ids.push(...party.photos.map((ph) => ph.id));
    if (party.signature) ids.push(party.signature.imageId);
    if (party.damages.imageId) ids.push(party.damages.imageId);
  }
  if (d.scheme.imageId) ids.push(d.scheme.imageId);
  return ids;
}

/** A phone confirmation code lives 10 minutes, allows 5 wrong tries, and is sent again after 30 s at the earliest. */
export const PHONE_CODE_TTL_MS = 10 * 60_000;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
export const PHONE_CODE_RESEND_MS = 30_000;

interface PendingPhoneCode {
  readonly hash: string;
  readonly tel: string;
  readonly expires: number;
  readonly sentAt: number;
  attempts: number;
}

const SwitchPlateSchema = v.object({ party: v.optional(v.picklist(PARTIES)), plate: v.pipe(v.string(), v.maxLength(40)) });
const CaptchaTokenSchema = v.optional(v.pipe(v.string(), v.maxLength(8192)));
const SendPhoneCodeSchema = v.object({ party: v.optional(v.picklist(PARTIES)), tel: v.pipe(v.string(), v.maxLength(32)), captcha: CaptchaTokenSchema });
const SubmitSchema = v.object({ captcha: CaptchaTokenSchema });
const ConfirmPhoneCodeSchema = v.object({ party: v.optional(v.picklist(PARTIES)), code: v.pipe(v.string(), v.maxLength(16)) });

const GetFotoSchema = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/)), thumb: v.optional(v.boolean(), false) });
const CheckPlateSchema = v.object({ plates: PlatesSchema });
const PushIdSchema = v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(512)) });
const PartyParamSchema = v.object({ party: v.optional(v.picklist(PARTIES)) });

/** One e-mail confirmation link per party per minute (not in the spec). */
export const EMAIL_LINK_RESEND_MS = 60_000;

export class DeclarationHub {
  private readonly bindings = new Map<HubConnection, Binding>();
  private readonly rooms = new Map<string, Set<HubConnection>>();
  private readonly locks = new Map<string, Promise<unknown>>();
  private readonly plateChecks = new Map<string, number[]>();
  private readonly phoneCodes = new Map<string, PendingPhoneCode>();
  private readonly emailLinksSent = new Map<string, number>();
  private systemUpdateUntil = 0;

  constructor(
    private readonly ports: HubPorts,
    private readonly options: HubOptions,
  ) {}

  /** Answers every message of a device: parses it, runs it, sends the result frame. */
  async handle(conn: HubConnection, raw: unknown): Promise<void> {
    const parsed = v.safeParse(ClientMessageSchema, raw);
    if (!parsed.success) {
      const id = typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'number' ? (raw as { id: number }).id : -1;
      conn.send({ t: 'result', id, ok: false, code: 'DATA_ERROR' });
      return;
    }
    const msg = parsed.output;
    let answer: Answer;
    try {
      if (msg.t === 'connect') answer = await this.connect(conn, msg);
      else if (msg.t === 'resume') answer = await this.resume(conn, msg);
      else answer = await this.call(conn, msg.op, msg.p);
    } catch (error) {
      if (error instanceof Refusal) answer = fail(error.code, error.retryAfterMs);
      else {
        this.ports.log?.('error', 'hub instruction failed', { error: String(error), t: msg.t });
        answer = fail('SERVER_ERROR');
      }
    }
    conn.send(answer.ok ? { t: 'result', id: msg.id, ok: true, r: answer.r } : { t: 'result', id: msg.id, ...answer });
  }

  /** The device's connection closed: it keeps its party until its heartbeat times out. */
  disconnect(conn: HubConnection): void {
    const b = this.bindings.get(conn);
    if (!b) return;
    this.unbind(conn);
    this.sendPresence(b.declarationId);
  }

  /** While set, connects are refused with SYSTEM_UPDATE (a release is being deployed). */
  announceSystemUpdate(untilMs: number): void {
    this.systemUpdateUntil = untilMs;
  }

  /** Removes declarations inactive for 30 minutes and tells their devices. */
  async sweep(): Promise<string[]> {
    const removed = await this.ports.store.removeInactive(this.ports.clock.now() - UNFINISHED_TTL_MS);
    for (const id of removed) {
      this.endRoom(id, 'REMOVED');
      await this.ports.blobs.removeFor(id);
    }
    return removed;
  }

  /** The submit queue's answer for a declaration: it ends in SUCCESS or FAIL and becomes immutable. */
  async completeSubmission(declarationId: string, result: 'SUCCESS' | 'FAIL', viewUrls: Readonly<Record<Party, string>> | null): Promise<boolean> {
    return this.withLock(declarationId, async () => {
      const record = await this.ports.store.get(declarationId);
      if (!record || record.declaration.status === 'FINISHED') return false;
      const now = this.ports.clock.now();
      const declaration = completeSubmit(record.declaration, result, viewUrls, now);
      await this.commit(record, { ...record, declaration, lastActivity: now });
      this.pushChanged(declarationId, null, 'DATA', declaration);
      this.endRoom(declarationId, 'FINISHED');
      return true;
    });
  }

  /**
   * Is this the device holding the party (the HTTP uploads check the seat with it)? A finished
   * declaration accepts no more binaries.
   */
  async holdsSeat(declarationId: string, party: Party, token: string): Promise<boolean> {
    const record = await this.ports.store.get(declarationId);
    if (!record || record.declaration.status === 'FINISHED') return false;
    const held = record.slots[party].tokenHash;
    if (held === null) return false;
    return held === (await this.ports.hash.sha256Hex(token));
  }

  /** Stores an uploaded binary for a declaration (under `id`, else a new one); the caller checked the seat. */
  async storeBlob(declarationId: string, contentType: string, bytes: Uint8Array, id: string = this.ports.ids.token()): Promise<string> {
    await this.ports.blobs.put({ id, declarationId, contentType, bytes });
    return id;
  }

  /** Stores an image and its thumbnail together under `id` and its thumbnail id. */
  async storeImage(declarationId: string, id: string, image: { contentType: string; bytes: Uint8Array }, thumbnail: { contentType: string; bytes: Uint8Array }): Promise<void> {
    await this.ports.blobs.putAll([
      { id: thumbnailId(id), declarationId, contentType: thumbnail.contentType, bytes: thumbnail.bytes },
      { id, declarationId, contentType: image.contentType, bytes: image.bytes },
    ]);
  }

  /** A new unguessable id for a binary. */
  newBlobId(): string {
    return this.ports.ids.token();
  }

  /** How much a declaration has stored (the upload quota). */
  blobUsage(declarationId: string): Promise<{ readonly count: number; readonly bytes: number }> {
    return this.ports.blobs.usage(declarationId);
  }

  /**
   * What an upload for a party needs to know of the declaration: the party's language (for the
   * legend), its plate and the other vehicle's (for plate recognition), and the accident time.
   */
  async uploadContext(declarationId: string, party: Party): Promise<{ lang: Declaration['parties']['A']['fillLang']; plate: string; otherPlate: string; time: number } | null> {
    const record = await this.ports.store.get(declarationId);
    if (!record) return null;
    const d = record.declaration;
    return {
      lang: d.parties[party].fillLang,
      plate: d.parties[party].vehicle.plate || d.parties[party].plates.plate,
      otherPlate: d.parties[other(party)].vehicle.plate || d.parties[other(party)].plates.plate,
      time: d.timePlace.correctedTime ?? d.timePlace.originalTime ?? record.lastActivity,
    };
  }

  /**
   * A driver opened the e-mail confirmation link: the address is confirmed if it is still the one
   * the link was sent to. A finished declaration is not changed (the link is answered as used).
   */
  async confirmEmail(declarationId: string, party: Party, email: string): Promise<'CONFIRMED' | 'CHANGED' | 'FINISHED' | 'UNKNOWN'> {
    return this.withLock(declarationId, async () => {
      const record = await this.ports.store.get(declarationId);
      if (!record) return 'UNKNOWN';
      const d = record.declaration;
      if (d.status === 'FINISHED') return 'FINISHED';
      const driver = d.parties[party].driver;
      if (driver.email.trim().toLowerCase() !== email.trim().toLowerCase()) return 'CHANGED';
      if (driver.emailConfirmed) return 'CONFIRMED';
      const now = this.ports.clock.now();
      const declaration: Declaration = {
        ...d,
        parties: { ...d.parties, [party]: { ...d.parties[party], driver: { ...driver, emailConfirmed: true } } },
        version: d.version + 1,
        updatedAt: now,
      };
      await this.commit(record, { ...record, declaration });
      this.pushChanged(declarationId, null, 'DATA', declaration);
      return 'CONFIRMED';
    });
  }

  /** Number of bound device connections (for metrics and tests). */
  get connections(): number {
    return this.bindings.size;
  }

  // ------------------------------------------------------------------------------------------

  private async withLock<T>(key: string, run: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(key) ?? Promise.resolve();
    const next = previous.then(run, run);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.locks.set(key, settled);
    try {
      return await next;
    } finally {
      if (this.locks.get(key) === settled) this.locks.delete(key);
    }
  }

  private async commit(before: StoredDeclaration, after: StoredDeclaration): Promise<void> {
    const saved = await this.ports.store.save(after, before.declaration.version);
    // Under the lock only another process can have written: the edit is refused, not lost silently.
    if (!saved) throw new Refusal('SERVER_ERROR');
  }

  private bind(conn: HubConnection, binding: Binding): void {
    this.unbind(conn);
    this.bindings.set(conn, binding);
    let room = this.rooms.get(binding.declarationId);
    if (!room) {
      room = new Set();
      this.rooms.set(binding.declarationId, room);
    }
    room.add(conn);
  }

  private unbind(conn: HubConnection): void {
    const b = this.bindings.get(conn);
    if (!b) return;
    this.bindings.delete(conn);
    const room = this.rooms.get(b.declarationId);
    room?.delete(conn);
    if (room && room.size === 0) this.rooms.delete(b.declarationId);
  }

  private endRoom(declarationId: string, reason: 'FINISHED' | 'REMOVED' | 'NUKED'): void {
    for (const conn of [...(this.rooms.get(declarationId) ?? [])]) {
      conn.send({ t: 'end', reason });
      this.unbind(conn);
    }
  }

  /** Pushes a change to every device of the declaration except the one that made it. */
  private pushChanged(declarationId: string, from: HubConnection | null, kind: ChangedKind, d: Declaration, by: Party | null = null): void {
    for (const conn of this.rooms.get(declarationId) ?? []) {
      if (conn === from) continue;
      const b = this.bindings.get(conn);
      if (!b) continue;
      conn.send({
        t: 'changed',
        kind,
        by,
        version: d.version,
        declaration: declarationViewFor(d, b.party, b.allow.A && b.allow.B),
      });
    }
  }

  private sendPresence(declarationId: string): void {
    const present = { A: false, B: false };
    for (const conn of this.rooms.get(declarationId) ?? []) {
      const b = this.bindings.get(conn);
      if (b) present[b.party] = true;
    }
    for (const conn of this.rooms.get(declarationId) ?? []) conn.send({ t: 'presence', ...present });
  }

  private sessionOf(binding: Binding, token: string, inversed: boolean, d: Declaration): Session {
    return {
      declarationId: d.id,
      party: binding.party,
      token,
      inversed,
      allow: { ...binding.allow },
      declaration: declarationViewFor(d, binding.party, binding.allow.A && binding.allow.B),
    };
  }

  private async checkPlate(plates: Plates, now: number): Promise<PlateCheck> {
    if (plates.noPlate || plates.plate === '') return plateCheck(plates, 'not-asked');
    const key = `${plates.country}:${plates.plate}`;
    const previous = this.plateChecks.get(key) ?? [];
    const allowed = plateCheckAllowed(previous, now, PLATE_CHECK_PAUSE_MS);
    if (!allowed.allowed) throw new Refusal('PLATE_CHECK_LIMIT', allowed.retryAfterMs);
    this.plateChecks.set(key, [...previous.filter((t) => now - t < PLATE_CHECK_PAUSE_MS), now]);
    if (plates.country !== 'LT') return plateCheck(plates, 'not-asked');
    let lookup;
    try {
      lookup = await this.ports.registry.findVehicle(plates.plate);
    } catch (error) {
      this.ports.log?.('warn', 'registry unavailable', { error: String(error) });
      lookup = 'unavailable' as const;
    }
    return plateCheck(plates, lookup);
  }

  /** The trailer record of a plate entry (registry-filled for Lithuanian trailer plates). */
  private async trailerFor(plates: Plates): Promise<Trailer | null> {
    if (!plates.hasTrailer || plates.trailerPlate === '') return null;
    if (plates.country !== 'LT') return trailerOf(plates, 'not-asked');
    try {
      return trailerOf(plates, await this.ports.registry.findVehicle(plates.trailerPlate));
    } catch (error) {
      this.ports.log?.('warn', 'registry unavailable', { error: String(error) });
      return trailerOf(plates, 'unavailable');
    }
  }

  private async connect(conn: HubConnection, msg: ConnectMessage): Promise<Answer> {
    const now = this.ports.clock.now();
    if (now < this.systemUpdateUntil) return fail('SYSTEM_UPDATE', Math.min(SYSTEM_UPDATE_WAIT_MS, this.systemUpdateUntil - now));
    const keys = declarationKeys({ parties: { A: { plates: msg.plates.A }, B: { plates: msg.plates.B } } });
    const request = { mode: msg.mode, plates: msg.plates, location: msg.location, testUser: false };
    const records = await this.ports.store.findByKeys(keys, now - UNFINISHED_TTL_MS);
    const decision = decideConnect(request, records.map(candidateOf), now);
    if (decision.kind === 'REJECT') return fail(decision.code, decision.retryAfterMs);

    if (decision.kind === 'CREATE') {
      const [checkA, checkB] = [await this.checkPlate(msg.plates.A, now), await this.checkPlate(msg.plates.B, now)];
      if (checkA.result === 'REJECT' && checkA.code) return fail(checkA.code);
      if (checkB.result === 'REJECT' && checkB.code) return fail(checkB.code);
      const token = this.ports.ids.token();
      const tokenHash = await this.ports.hash.sha256Hex(token);
      const blank = blankDeclaration({
        id: this.ports.ids.token(),
        mode: msg.mode,
        now,
        maxTimeAdjust: this.options.maxTimeAdjustHours,
        fillLang: msg.fillLang,
        location: msg.location,
      });
      const declaration: Declaration = {
        ...blank,
        twoUserMode: !msg.oneDevice,
        parties: {
          A: { ...blank.parties.A, plates: msg.plates.A, vehicle: checkA.vehicle, trailer: await this.trailerFor(msg.plates.A) },
          B: { ...blank.parties.B, plates: msg.plates.B, vehicle: checkB.vehicle, trailer: await this.trailerFor(msg.plates.B) },
        },
      };
      await this.ports.store.create({
        declaration,
        slots: { A: { tokenHash, lastSeen: now }, B: { tokenHash: null, lastSeen: 0 } },
        lastActivity: now,
      });
      const binding: Binding = { declarationId: declaration.id, party: 'A', tokenHash, allow: { A: true, B: !!msg.oneDevice } };
      this.bind(conn, binding);
      return { ok: true, r: this.sessionOf(binding, token, false, declaration) };
    }

    const declarationId = decision.declarationId;
    return this.withLock(declarationId, async () => {
      const record = await this.ports.store.get(declarationId);
      if (!record) return fail('REMOVED_INACTIVE');
      // Decide again under the lock: the other device may have joined meanwhile.
      const again = decideConnect(request, [candidateOf(record)], now);
      if (again.kind !== 'JOIN') return again.kind === 'REJECT' ? fail(again.code, again.retryAfterMs) : fail('ASSIGNMENT_FAILED');
      const party = again.party;
      const token = this.ports.ids.token();
      const tokenHash = await this.ports.hash.sha256Hex(token);
      const d = record.declaration;
      // The joining driver knows their own vehicle best (trailer, VIN): their entry for it wins.
      const ownPlates = msg.plates.A;
      const declaration: Declaration = {
        ...d,
        version: d.version + 1,
        parties: {
          ...d.parties,
          [party]: {
            ...d.parties[party],
            plates: ownPlates,
            trailer:
              d.parties[party].trailer?.plate === ownPlates.trailerPlate && ownPlates.hasTrailer
                ? d.parties[party].trailer
                : await this.trailerFor(ownPlates),
            vehicle: { ...d.parties[party].vehicle, hasTrailer: ownPlates.hasTrailer },
            fillLang: msg.fillLang,
          },
        },
      };
      const previousHolder = record.slots[party].tokenHash;
      await this.commit(record, {
        declaration,
        slots: { ...record.slots, [party]: { tokenHash, lastSeen: now } },
        lastActivity: now,
      });
      // A device that lost its heartbeat and is still connected learns that its party was taken.
      if (previousHolder) {
        for (const [c, b] of this.bindings) {
          if (b.declarationId === declarationId && b.tokenHash === previousHolder) {
            c.send({ t: 'end', reason: 'TAKEN_OVER' });
            this.unbind(c);
          }
        }
      }
      const binding: Binding = { declarationId, party, tokenHash, allow: { A: party === 'A', B: party === 'B' } };
      this.bind(conn, binding);
      this.pushChanged(declarationId, conn, 'DATA', declaration, party);
      this.sendPresence(declarationId);
      return { ok: true, r: this.sessionOf(binding, token, again.inversed, declaration) };
    });
  }

  private async resume(conn: HubConnection, msg: ResumeMessage): Promise<Answer> {
    const tokenHash = await this.ports.hash.sha256Hex(msg.token);
    return this.withLock(msg.declarationId, async () => {
      const now = this.ports.clock.now();
      const record = await this.ports.store.get(msg.declarationId);
      const decision = decideResume(record ? candidateOf(record) : null, { party: msg.party, tokenHash }, now);
      if (decision.kind === 'REJECT' || !record) return fail(decision.kind === 'REJECT' ? decision.code : 'REMOVED_INACTIVE');
      if (record.declaration.status === 'FINISHED') {
        // A finished declaration can still be looked at (its result and view link), not edited.
        const binding: Binding = { declarationId: msg.declarationId, party: msg.party, tokenHash, allow: { A: false, B: false } };
        return { ok: true, r: this.sessionOf(binding, msg.token, msg.party === 'B', record.declaration) };
      }
      await this.ports.store.touch(msg.declarationId, msg.party, now);
      const d = record.declaration;
      const both = !d.twoUserMode;
      const binding: Binding = {
        declarationId: msg.declarationId,
        party: msg.party,
        tokenHash,
        allow: { A: msg.party === 'A' || both, B: msg.party === 'B' || both },
      };
      this.bind(conn, binding);
      this.sendPresence(msg.declarationId);
      return { ok: true, r: this.sessionOf(binding, msg.token, msg.party === 'B', d) };
    });
  }

  private async call(conn: HubConnection, op: string, payload: unknown): Promise<Answer> {
    if (op === 'test-connection') return { ok: true, r: { ok: true } };
    if (op === 'check-plate') return this.checkPlateCall(payload);
    const binding = this.bindings.get(conn);
    if (!binding) return fail('NOT_CONNECTED');
    const id = binding.declarationId;

    if (isWriteInstruction(op) && !(op === 'guilty' && (payload as { op?: unknown } | undefined)?.op === 'STATUS')) {
      const empty = payload === undefined || (typeof payload === 'object' && payload !== null && Object.keys(payload).length === 0);
      if (op === 'responsible-insurer' && empty) {
        return this.readInsurers(id);
      }
      return this.write(conn, binding, op, payload);
    }
    switch (op) {
      case 'guilty':
      case 'mdStatus':
        return this.read(id, (d) => (op === 'guilty' ? declarationViewFor(d, binding.party, binding.allow.A && binding.allow.B).guilt : this.status(d, binding.party)));
      case 'custom-heartbeat':
      case 'long-op': {
        await this.ports.store.touch(id, binding.party, this.ports.clock.now());
        return { ok: true, r: { ok: true } };
      }
      case 'deep-test-connection':
        return this.read(id, () => ({ ok: true }));
      case 'current-fotos':
        return this.read(id, (d) =>
          PARTIES.flatMap((p) => d.parties[p].photos.map((ph) => ({ id: ph.id, set: ph.set, userA: p === 'A' }))),
        );
      case 'get-foto':
        return this.getFoto(id, payload);
      case 'get-audio':
        return this.getAudio(id, payload);
      case 'get-image':
        return this.getImage(id, payload);
      case 'validate-t1':
      case 'validate-t2':
        return this.withLock(id, async () => {
          const record = await this.mustGet(id);
          const ctx = await this.previewContext(record);
          return { ok: true, r: op === 'validate-t1' ? validateT1(record.declaration, ctx) : validateT2(record.declaration, ctx) };
        });
      case 'submit-eid':
        return this.submit(conn, binding, payload);
      case 'withdraw-submit':
        return this.withdraw(conn, binding, payload);
      case 'demo-done':
        return this.demoDone(binding);
      case 'one-device':
        return this.oneDevice(conn, binding);
      case 'nuke-it':
        return this.nuke(binding);
      case 'list-insurers':
        try {
          return { ok: true, r: await this.ports.registry.listInsurers() };
        } catch (error) {
          this.ports.log?.('warn', 'registry unavailable', { error: String(error) });
          return fail('INSURANCE_STATUS_UNRESOLVED');
        }
      case 'switch-plate':
        return this.switchPlate(conn, binding, payload);
      case 'send-phone-code':
        return this.sendPhoneCode(conn, binding, payload);
      case 'confirm-phone-code':
        return this.confirmPhoneCode(conn, binding, payload);
      case 'confirm-email-a':
        return this.sendEmailLink(binding, payload);
      case 'setMyExuId': {
        const parsed = v.safeParse(PushIdSchema, payload);
        if (!parsed.success) return fail('DATA_ERROR');
        binding.pushId = parsed.output.id;
        return { ok: true, r: { ok: true } };
      }
      default:
        return fail('UNKNOWN_INSTRUCTION');
    }
  }

  private status(d: Declaration, party: Party | null) {
    const present = { A: false, B: false };
    for (const conn of this.rooms.get(d.id) ?? []) {
      const b = this.bindings.get(conn);
      if (b) present[b.party] = true;
    }
    return { progressA: d.parties.A.progress, progressB: d.parties.B.progress, present, ...submitStatus(d, party) };
  }

  private async mustGet(id: string): Promise<StoredDeclaration> {
    const record = await this.ports.store.get(id);
    if (!record) throw new Refusal('REMOVED_INACTIVE');
    return record;
  }

  private async read(id: string, view: (d: Declaration) => unknown): Promise<Answer> {
    const record = await this.mustGet(id);
    return { ok: true, r: view(record.declaration) };
  }

  private async previewContext(record: StoredDeclaration): Promise<PreviewContext> {
    return {
      linked: !record.declaration.twoUserMode || record.slots.B.tokenHash !== null,
      savedImageIds: await this.ports.blobs.existing(imageIds(record.declaration)),
    };
  }

  private async write(conn: HubConnection, binding: Binding, op: string, payload: unknown): Promise<Answer> {
    return this.withLock(binding.declarationId, async () => {
      const record = await this.mustGet(binding.declarationId);
      const now = this.ports.clock.now();
      const ctx: EditContext = {
        actor: { party: binding.party, allow: binding.allow },
        now,
        isInLithuania: this.ports.isInLithuania,
      };
      const outcome = applyInstruction(record.declaration, op, payload, ctx);
      if (!outcome.ok) return fail(outcome.code);
      await this.commit(record, {
        declaration: outcome.declaration,
        slots: { ...record.slots, [binding.party]: { ...record.slots[binding.party], lastSeen: now } },
        lastActivity: now,
      });
      this.pushChanged(binding.declarationId, conn, outcome.changed, outcome.declaration, binding.party);
      return {
        ok: true,
        r: {
          version: outcome.declaration.version,
          declaration: declarationViewFor(outcome.declaration, binding.party, binding.allow.A && binding.allow.B),
        },
      };
    });
  }

  private async checkPlateCall(payload: unknown): Promise<Answer> {
    const parsed = v.safeParse(CheckPlateSchema, payload);
    if (!parsed.success) return fail('DATA_ERROR');
    const check = await this.checkPlate(parsed.output.plates, this.ports.clock.now());
    return { ok: true, r: check };
  }

  private async getFoto(id: string, payload: unknown): Promise<Answer> {
    const parsed = v.safeParse(GetFotoSchema, payload);
    if (!parsed.success) return fail('DATA_ERROR');
    const record = await this.mustGet(id);
    const photo = PARTIES.flatMap((p) => record.declaration.parties[p].photos).find((ph) => ph.id === parsed.output.id);
    if (!photo) return fail('PHOTO_NOT_FOUND');
    // The list's thumbnail when asked for and made (the local installation makes one per photo).
    const blob = (parsed.output.thumb ? await this.ports.blobs.get(thumbnailId(photo.id)) : null) ?? (await this.ports.blobs.get(photo.id));
    if (!blob || blob.declarationId !== id) return fail('PHOTO_NOT_FOUND');
    return { ok: true, r: { id: photo.id, set: photo.set, filename: photo.filename, contentType: blob.contentType, imageBase64: bytesToBase64(blob.bytes) } };
  }

  /** Any image the declaration refers to: photos, the scheme, signatures, the damage image. */
  private async getImage(id: string, payload: unknown): Promise<Answer> {
    const parsed = v.safeParse(GetFotoSchema, payload);
    if (!parsed.success) return fail('DATA_ERROR');
    const record = await this.mustGet(id);
    if (!imageIds(record.declaration).includes(parsed.output.id)) return fail('PHOTO_NOT_FOUND');
    const blob = await this.ports.blobs.get(parsed.output.id);
    if (!blob || blob.declarationId !== id) return fail('PHOTO_NOT_FOUND');
    return { ok: true, r: { id: parsed.output.id, contentType: blob.contentType, imageBase64: bytesToBase64(blob.bytes) } };
  }

  private async getAudio(id: string, payload: unknown): Promise<Answer> {
    const parsed = v.safeParse(GetFotoSchema, payload);
    if (!parsed.success) return fail('DATA_ERROR');
    const record = await this.mustGet(id);
    const note = PARTIES.flatMap((p) => record.declaration.parties[p].audio).find((a) => a.id === parsed.output.id);
    if (!note) return fail('AUDIO_NOT_FOUND');
    const blob = await this.ports.blobs.get(note.id);
    if (!blob || blob.declarationId !== id) return fail('AUDIO_NOT_FOUND');
    return { ok: true, r: { id: note.id, type: note.type, contentType: blob.contentType, audioBase64: bytesToBase64(blob.bytes) } };
  }

  private async readInsurers(id: string): Promise<Answer> {
    const record = await this.mustGet(id);
    let insurers: readonly InsurerRecord[] = [];
    try {
      insurers = await this.ports.registry.listInsurers();
    } catch (error) {
      this.ports.log?.('warn', 'registry unavailable', { error: String(error) });
    }
    // The first is for A, the second for B (declaration-flow §7): the chosen one, else the
    // insurer of the vehicle's policy, else unset (-1) for the driver to choose.
    const answer = PARTIES.map((p): ResponsibleInsurer => {
      const party = record.declaration.parties[p];
      if (party.responsibleInsurer.drkId !== -1) return party.responsibleInsurer;
      const known = insurers.find((i) => i.id === party.vehicle.insurerId);
      return known
        ? { drkId: known.id, name: known.name, www: known.www, damageWww: known.damageWww }
        : { drkId: -1, name: party.vehicle.insurerName, www: '', damageWww: '' };
    });
    return { ok: true, r: answer };
  }

  private async submit(conn: HubConnection, binding: Binding, payload: unknown): Promise<Answer> {
    const parsed = v.safeParse(SubmitSchema, payload ?? {});
    if (!parsed.success) return fail('DATA_ERROR');
    const refused = await this.checkCaptcha(parsed.output.captcha, 'submit');
    if (refused) return refused;
    return this.withLock(binding.declarationId, async () => {
      const record = await this.mustGet(binding.declarationId);
      const now = this.ports.clock.now();
      const d = record.declaration;
      if (this.options.mode === 'practice' || d.mode === 'practice') {
        // Practice declarations are checked like live ones, but end with demo-done.
        const findings = validateT2(d, await this.previewContext(record));
        return { ok: true, r: { ...submitStatus(d, binding.party), stateEID: findings.length ? 'ERROR' : 'SUCCESS', invalidDesc: findings } };
      }
      const parties = PARTIES.filter((p) => binding.allow[p]);
      const outcome = submitParties(d, parties, validateT2(d, await this.previewContext(record)), now);
      if (!outcome.ok) return fail(outcome.code);
      let declaration = outcome.declaration;
      await this.commit(record, { ...record, declaration, lastActivity: now });
      if (outcome.enqueue) {
        await this.ports.queue.enqueue(d.id, now);
        const waiting = markWaiting(declaration, now);
        await this.commit({ ...record, declaration }, { ...record, declaration: waiting, lastActivity: now });
        declaration = waiting;
      }
      this.pushChanged(d.id, conn, 'DATA', declaration, binding.party);
      return { ok: true, r: submitStatus(declaration, binding.party) };
    });
  }

  private async withdraw(conn: HubConnection, binding: Binding, payload: unknown): Promise<Answer> {
    const parsed = v.safeParse(PartyParamSchema, payload ?? {});
    if (!parsed.success) return fail('DATA_ERROR');
    const party = parsed.output.party ?? binding.party;
    if (!binding.allow[party]) return fail('NOT_ALLOWED');
    return this.withLock(binding.declarationId, async () => {
      const record = await this.mustGet(binding.declarationId);
      const now = this.ports.clock.now();
      const outcome = withdrawSubmit(record.declaration, party, now);
      if (!outcome.ok) return fail(outcome.code);
      if (outcome.declaration !== record.declaration) {
        await this.commit(record, { ...record, declaration: outcome.declaration, lastActivity: now });
        this.pushChanged(binding.declarationId, conn, 'DATA', outcome.declaration, binding.party);
      }
      return { ok: true, r: submitStatus(outcome.declaration, binding.party) };
    });
  }

  private async demoDone(binding: Binding): Promise<Answer> {
    const record = await this.mustGet(binding.declarationId);
    if (record.declaration.mode !== 'practice') return fail('NOT_ALLOWED');
    await this.completeSubmission(binding.declarationId, 'SUCCESS', null);
    return { ok: true, r: { ok: true } };
  }

  /**
   * One device fills for both (declaration-flow §6): allowed when the other party's device is not
   * holding its party. The other party's seat is closed.
   */
  private async oneDevice(conn: HubConnection, binding: Binding): Promise<Answer> {
    return this.withLock(binding.declarationId, async () => {
      const record = await this.mustGet(binding.declarationId);
      const now = this.ports.clock.now();
      const o = other(binding.party);
      if (isSlotHeld(record.slots[o], now)) return fail('ALREADY_ASSIGNED');
      const d = record.declaration;
      const declaration: Declaration = { ...d, twoUserMode: false, version: d.version + 1, updatedAt: now };
      await this.commit(record, {
        declaration,
        slots: { ...record.slots, [o]: { tokenHash: null, lastSeen: record.slots[o].lastSeen } },
        lastActivity: now,
      });
      binding.allow = { A: true, B: true };
      this.pushChanged(binding.declarationId, conn, 'DATA', declaration, binding.party);
      return { ok: true, r: { allow: binding.allow, declaration: declarationViewFor(declaration, binding.party, true) } };
    });
  }

  /**
   * The plate recognition's SWITCH (declaration-flow §4): the declaration's plate of a vehicle is
   * changed to what the photo shows, checked with the registry like a plate entered at connect.
   */
  private async switchPlate(conn: HubConnection, binding: Binding, payload: unknown): Promise<Answer> {
    const parsed = v.safeParse(SwitchPlateSchema, payload);
    if (!parsed.success) return fail('DATA_ERROR');
    const party = parsed.output.party ?? binding.party;
    if (!binding.allow[party]) return fail('NOT_ALLOWED');
    const plate = normalisePlate(parsed.output.plate);
    if (plate === '') return fail('NO_PLATE');
    return this.withLock(binding.declarationId, async () => {
      const record = await this.mustGet(binding.declarationId);
      const d = record.declaration;
      if (d.status === 'FINISHED') return fail('DECLARATION_FINISHED');
      if (d.parties[party].submit === 'SUBMITTED') return fail('ALREADY_SUBMITTED');
      const plates: Plates = { ...d.parties[party].plates, plate, noPlate: false };
      const pair = platePairErrors(plates, d.parties[other(party)].plates);
      if (pair.length) return fail(pair[0]!);
      const now = this.ports.clock.now();
      const check = await this.checkPlate(plates, now);
      if (check.result === 'REJECT' && check.code) return fail(check.code);
      const declaration: Declaration = {
        ...d,
        version: d.version + 1,
        updatedAt: now,
        parties: { ...d.parties, [party]: { ...d.parties[party], plates, vehicle: { ...check.vehicle, hasTrailer: plates.hasTrailer } } },
      };
      await this.commit(record, { ...record, declaration, lastActivity: now });
      this.pushChanged(binding.declarationId, conn, 'VEHICLE', declaration, binding.party);
      return { ok: true, r: { version: declaration.version, declaration: declarationViewFor(declaration, binding.party, binding.allow.A && binding.allow.B) } };
    });
  }

  /**
   * Sends a 6-digit code to the phone a driver gave (declaration-flow §5): the phone is saved as
   * the driver's contact, unconfirmed, until confirm-phone-code gives the code back.
   */
  /** CAPTCHA_REQUIRED without a token, CAPTCHA_INVALID for a wrong one; null when it passes. */
  private async checkCaptcha(token: string | undefined, action: string): Promise<Answer | null> {
    if (!this.ports.captcha || this.options.mode === 'practice') return null;
    if (!token) return fail('CAPTCHA_REQUIRED');
    try {
      return (await this.ports.captcha.verify(token, action)) ? null : fail('CAPTCHA_INVALID');
    } catch (error) {
      this.ports.log?.('warn', 'captcha check failed', { error: String(error) });
      return fail('CAPTCHA_INVALID');
    }
  }

  /** confirm-email-a: sends the party's e-mail address its confirmation link (once a minute). */
  private async sendEmailLink(binding: Binding, payload: unknown): Promise<Answer> {
    const parsed = v.safeParse(PartyParamSchema, payload ?? {});
    if (!parsed.success) return fail('DATA_ERROR');
    const party = parsed.output.party ?? binding.party;
    if (!binding.allow[party]) return fail('NOT_ALLOWED');
    const record = await this.mustGet(binding.declarationId);
    const d = record.declaration;
    if (d.status === 'FINISHED') return fail('DECLARATION_FINISHED');
    const driver = d.parties[party].driver;
    if (!isEmail(driver.email)) return fail('EMAIL_INVALID');
    if (driver.emailConfirmed) return { ok: true, r: { sent: false, confirmed: true } };
    if (this.options.mode === 'practice' || d.mode === 'practice' || !this.ports.emailConfirmation) return { ok: true, r: { sent: false, confirmed: false } };
    const key = `${binding.declarationId}:${party}:${driver.email}`;
    const now = this.ports.clock.now();
    const last = this.emailLinksSent.get(key);
    if (last !== undefined && now - last < EMAIL_LINK_RESEND_MS) return fail('RATE_LIMITED', last + EMAIL_LINK_RESEND_MS - now);
    try {
      await this.ports.emailConfirmation.sendLink({ declarationId: d.id, party, email: driver.email, lang: d.parties[party].fillLang });
    } catch (error) {
      this.ports.log?.('warn', 'e-mail confirmation link not sent', { error: String(error) });
      return fail('CONTACT_SYSTEM_ERROR');
    }
    this.emailLinksSent.set(key, now);
    return { ok: true, r: { sent: true, confirmed: false } };
  }

  private async sendPhoneCode(conn: HubConnection, binding: Binding, payload: unknown): Promise<Answer> {
    const parsed = v.safeParse(SendPhoneCodeSchema, payload);
    if (!parsed.success) return fail('DATA_ERROR');
    const party = parsed.output.party ?? binding.party;
    if (!binding.allow[party]) return fail('NOT_ALLOWED');
    const tel = compactPhone(parsed.output.tel.trim());
    const invalid = phoneError(tel);
    if (invalid) return fail(invalid);
    const e164 = toE164(tel);
    if (!e164) return fail('PHONE_INVALID');
    const refused = await this.checkCaptcha(parsed.output.captcha, 'phone-code');
    if (refused) return refused;
    const key = `${binding.declarationId}:${party}`;
    return this.withLock(binding.declarationId, async () => {
      const now = this.ports.clock.now();
      const previous = this.phoneCodes.get(key);
      if (previous && previous.tel === e164 && now - previous.sentAt < PHONE_CODE_RESEND_MS) {
        return fail('RATE_LIMITED', previous.sentAt + PHONE_CODE_RESEND_MS - now);
      }
      const record = await this.mustGet(binding.declarationId);
      const ctx: EditContext = { actor: { party: binding.party, allow: binding.allow }, now, isInLithuania: this.ports.isInLithuania };
      const withTel = applyInstruction(record.declaration, 'set-partial-driver-data', { party, name: 'tel', value: e164 }, ctx);
      if (!withTel.ok) return fail(withTel.code);
      const withMethod = applyInstruction(withTel.declaration, 'set-partial-driver-data', { party, name: 'informMethod', value: 'tel' }, ctx);
      if (!withMethod.ok) return fail(withMethod.code);
      const code = String(Math.floor(this.ports.ids.random() * 1_000_000)).padStart(PHONE_CODE_LENGTH, '0');
      if (this.options.mode !== 'practice') {
        if (!this.ports.phoneCodes) return fail('CONTACT_SYSTEM_ERROR');
        try {
          await this.ports.phoneCodes.sendCode(e164, code, record.declaration.parties[party].fillLang);
        } catch (error) {
          this.ports.log?.('warn', 'phone code not sent', { error: String(error) });
          return fail('CONTACT_SYSTEM_ERROR');
        }
      }
      const declaration = { ...withMethod.declaration, version: record.declaration.version + 1 };
      await this.commit(record, { ...record, declaration, lastActivity: now });
      this.pushChanged(binding.declarationId, conn, 'DATA', declaration, binding.party);
      this.phoneCodes.set(key, {
        hash: await this.ports.hash.sha256Hex(`${key}:${code}`),
        tel: e164,
        expires: now + PHONE_CODE_TTL_MS,
        sentAt: now,
        attempts: 0,
      });
      const view = declarationViewFor(declaration, binding.party, binding.allow.A && binding.allow.B);
      // The practice mode sends nothing: the device shows the code itself.
      const practice = this.options.mode === 'practice' ? { practiceCode: code } : {};
      return { ok: true, r: { sent: true, version: declaration.version, declaration: view, ...practice } };
    });
  }

  private async confirmPhoneCode(conn: HubConnection, binding: Binding, payload: unknown): Promise<Answer> {
    const parsed = v.safeParse(ConfirmPhoneCodeSchema, payload);
    if (!parsed.success) return fail('DATA_ERROR');
    const party = parsed.output.party ?? binding.party;
    if (!binding.allow[party]) return fail('NOT_ALLOWED');
    const code = parsed.output.code.trim();
    if (!new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(code)) return fail('PHONE_CODE_INVALID');
    const key = `${binding.declarationId}:${party}`;
    return this.withLock(binding.declarationId, async () => {
      const now = this.ports.clock.now();
      const pending = this.phoneCodes.get(key);
      if (!pending || pending.expires < now || pending.attempts >= PHONE_CODE_MAX_ATTEMPTS) {
        this.phoneCodes.delete(key);
        return fail('WRONG_CONFIRMATION_CODE');
      }
      if (pending.hash !== (await this.ports.hash.sha256Hex(`${key}:${code}`))) {
        pending.attempts += 1;
        return fail('WRONG_CONFIRMATION_CODE');
      }
      const record = await this.mustGet(binding.declarationId);
      const d = record.declaration;
      const driver = d.parties[party].driver;
      if (toE164(driver.tel) !== pending.tel) return fail('WRONG_CONFIRMATION_CODE');
      if (d.status === 'FINISHED') return fail('DECLARATION_FINISHED');
      const declaration: Declaration = {
        ...d,
        version: d.version + 1,
        updatedAt: now,
        parties: { ...d.parties, [party]: { ...d.parties[party], driver: { ...driver, telConfirmed: true, informMethod: 'tel' } } },
      };
      await this.commit(record, { ...record, declaration, lastActivity: now });
      this.phoneCodes.delete(key);
      this.pushChanged(binding.declarationId, conn, 'DATA', declaration, binding.party);
      return { ok: true, r: { version: declaration.version, declaration: declarationViewFor(declaration, binding.party, binding.allow.A && binding.allow.B) } };
    });
  }

  private async nuke(binding: Binding): Promise<Answer> {
    return this.withLock(binding.declarationId, async () => {
      const removed = await this.ports.store.remove(binding.declarationId);
      if (!removed) return fail('DECLARATION_FINISHED');
      await this.ports.blobs.removeFor(binding.declarationId);
      this.endRoom(binding.declarationId, 'NUKED');
      return { ok: true, r: { ok: true } };
    });
  }
}
