/**
 * The declaration hub's endpoint: the shared, durable declaration that two devices edit live. It
 * parses every frame, refuses what the registry's contract refuses (one typed code each), and
 * dispatches to the instruction's handler; the services behind it commit through one unit of work
 * and push deltas to the other devices.
 *
 * It knows no transport: the server feeds it WebSocket frames, the practice mode an in-memory
 * channel. Both run this same code, so the practice mode behaves exactly like the live service.
 */
import * as v from 'valibot';
import { isStorageFull, STORAGE_FULL_RETRY_MS, TokenBucket, type Party } from '@eid/domain';
import { ClientMessageSchema, contractOf, isInstructionName, type CallMessage, type InstructionName } from '@eid/domain/protocol';
import { AdmissionService } from './admission.service.js';
import { BinaryService } from './binaries.service.js';
import { ClusterSync } from './cluster.service.js';
import { Captcha } from './captcha.js';
import { ContactService } from './contacts.service.js';
import type { Call, Handler, Handlers } from './handler.js';
import { MaintenanceService } from './maintenance.service.js';
import { PlateChecks } from './plate-checks.service.js';
import type { HubOptions, HubPorts } from './ports.js';
import { Refusal, refuse } from './refusal.js';
import { handlerRegistry } from './registry.js';
import { Rooms, type HubConnection } from './rooms.js';
import { SeatService } from './seat.service.js';
import { SubmitService } from './submit.service.js';
import { UnitOfWork } from './unit-of-work.js';

type Answer = { ok: true; r: unknown } | { ok: false; code: Refusal['code']; retryAfterMs?: number; work?: number };

export class DeclarationHub {
  private readonly rooms: Rooms;
  private readonly uow: UnitOfWork;
  private readonly seats: SeatService;
  private readonly admissions: AdmissionService;
  private readonly contacts: ContactService;
  private readonly submit: SubmitService;
  private readonly binaries: BinaryService;
  private readonly maintenance: MaintenanceService;
  private readonly cluster: ClusterSync;
  private readonly handlers: Handlers;
  private readonly buckets = new WeakMap<HubConnection, TokenBucket>();
  /** When a full disk was last logged (at most once a minute). */
  private diskFullLoggedAt = -Infinity;

  constructor(
    private readonly ports: HubPorts,
    private readonly options: HubOptions,
  ) {
    const { cluster } = ports;
    this.rooms = new Rooms(ports.clock, cluster ? (id, present) => cluster.publishPresence(id, present) : undefined);
    this.uow = new UnitOfWork(ports, this.rooms);
    const plates = new PlateChecks(ports);
    const captcha = new Captcha(ports, options);
    this.binaries = new BinaryService(ports, this.uow);
    this.admissions = new AdmissionService(ports, this.uow, this.rooms, plates);
    this.seats = new SeatService(ports, options, this.uow, this.rooms, plates, this.admissions, captcha);
    this.contacts = new ContactService(ports, options, this.uow, captcha);
    this.submit = new SubmitService(ports, options, this.uow, this.rooms, this.binaries, captcha);
    this.maintenance = new MaintenanceService(ports, this.uow, this.rooms, this.admissions);
    this.cluster = new ClusterSync(ports, this.uow, this.rooms, this.admissions);
    this.handlers = handlerRegistry(ports, {
      uow: this.uow,
      rooms: this.rooms,
      seats: this.seats,
      admissions: this.admissions,
      plates,
      contacts: this.contacts,
      submit: this.submit,
      binaries: this.binaries,
      maintenance: this.maintenance,
    });
  }

  /** Answers every message of a device: parses it, runs it, sends the result frame. */
  async handle(conn: HubConnection, raw: unknown): Promise<void> {
    const id = typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'number' ? (raw as { id: number }).id : -1;
    // Fair use (FU1): a connection past its calls per second waits, and is told how long.
    const wait = this.bucketOf(conn).take(this.ports.clock.now());
    if (wait !== null) {
      conn.send({ t: 'result', id, ok: false, code: 'TOO_MANY_CALLS', retryAfterMs: wait });
      return;
    }
    const parsed = v.safeParse(ClientMessageSchema, raw);
    if (!parsed.success) {
      conn.send({ t: 'result', id, ok: false, code: 'DATA_ERROR' });
      return;
    }
    const msg = parsed.output;
    let answer: Answer;
    try {
      const r = msg.t === 'connect' ? await this.seats.connect(conn, msg) : msg.t === 'resume' ? await this.seats.resume(conn, msg) : await this.call(conn, msg);
      answer = { ok: true, r };
    } catch (error) {
      if (isStorageFull(error)) {
        // OP3: nothing of it was kept; this device sends it again after the wait, and nothing else before.
        const now = this.ports.clock.now();
        this.bucketOf(conn).block(now, STORAGE_FULL_RETRY_MS);
        if (now - this.diskFullLoggedAt >= 60_000) {
          this.diskFullLoggedAt = now;
          this.ports.log?.('error', 'a write was refused: the disk is full (devices send again when space returns)', { error: String(error) });
        }
        answer = { ok: false, code: 'STORAGE_FULL', retryAfterMs: STORAGE_FULL_RETRY_MS };
      } else if (error instanceof Refusal) {
        answer = { ok: false, code: error.code };
        if (error.retryAfterMs !== undefined) answer.retryAfterMs = error.retryAfterMs;
        if (error.work !== undefined) answer.work = error.work;
      }
      else {
        this.ports.log?.('error', 'hub instruction failed', { error: String(error), t: msg.t, op: msg.t === 'call' ? msg.op : undefined });
        answer = { ok: false, code: 'SERVER_ERROR' };
      }
    }
    conn.send(answer.ok ? { t: 'result', id: msg.id, ok: true, r: answer.r } : { t: 'result', id: msg.id, ...answer });
  }

  /** The device's connection closed: it keeps its party until its heartbeat times out. */
  disconnect(conn: HubConnection): void {
    this.seats.disconnect(conn);
  }

  /**
   * The socket closed, before its queued frames are handled: a connect waiting for the other
   * driver's confirmation is withdrawn at once (so the frames behind it can finish).
   */
  closing(conn: HubConnection): void {
    this.admissions.closed(conn);
  }

  /** Several nodes: a version of a declaration was committed (by any node); negative, it is gone. */
  heard(declarationId: string, version: number): Promise<void> {
    return this.cluster.heard(declarationId, version);
  }

  /** Several nodes: another node's devices of a declaration, by party. */
  heardPresence(declarationId: string, node: string, present: { readonly A: boolean; readonly B: boolean }): void {
    this.rooms.heardPresence(declarationId, node, present);
  }

  /** Several nodes: announcements may have been lost (the listener reconnected); every declaration here is looked at again. */
  resync(): Promise<void> {
    return this.cluster.resyncAll();
  }

  /** Several nodes: this node repeats its presence (every PRESENCE_REPEAT_MS); another's that stopped counts no more. */
  repeatPresence(): void {
    this.rooms.repeatPresence();
  }

  /** From `fromMs` until `untilMs` connects are refused with SYSTEM_UPDATE (a release is being deployed, SU2). */
  announceSystemUpdate(untilMs: number, fromMs = 0): void {
    this.seats.announceSystemUpdate(untilMs, fromMs);
  }

  /** Ends this process's waiting joins nobody answered in time (each node its own). */
  expireAdmissions(): Promise<void> {
    return this.admissions.expire();
  }

  /** Removes declarations inactive for 30 minutes and tells their devices. */
  async sweep(): Promise<string[]> {
    await this.admissions.expire();
    return this.maintenance.sweep();
  }

  /** The submit queue's answer for a declaration: it ends in SUCCESS or FAIL and becomes immutable. */
  completeSubmission(declarationId: string, result: 'SUCCESS' | 'FAIL', viewUrls: Readonly<Record<Party, string>> | null): Promise<boolean> {
    return this.submit.complete(declarationId, result, viewUrls);
  }

  /** A driver opened the e-mail confirmation link. */
  confirmEmail(declarationId: string, party: Party, email: string) {
    return this.contacts.confirmEmailLink(declarationId, party, email);
  }

  holdsSeat(declarationId: string, party: Party, token: string): Promise<boolean> {
    return this.binaries.holdsSeat(declarationId, party, token);
  }

  storeBlob(declarationId: string, contentType: string, bytes: Uint8Array, id?: string): Promise<string> {
    return this.binaries.storeBlob(declarationId, contentType, bytes, id);
  }

  storeImage(...args: Parameters<BinaryService['storeImage']>): Promise<void> {
    return this.binaries.storeImage(...args);
  }

  newBlobId(): string {
    return this.binaries.newBlobId();
  }

  keepPlateReading(...args: Parameters<BinaryService['keepPlateReading']>): Promise<void> {
    return this.binaries.keepPlateReading(...args);
  }

  blobUsage(declarationId: string) {
    return this.binaries.blobUsage(declarationId);
  }

  uploadContext(declarationId: string, party: Party) {
    return this.binaries.uploadContext(declarationId, party);
  }

  /** Whether the connection holds a seat (its device then sends its heartbeat every 2 s: the socket guard's liveness). */
  isSeated(conn: HubConnection | null): boolean {
    return conn !== null && this.rooms.seatOf(conn) !== null;
  }

  /** Does the connection hold a seat, or wait for the other driver to admit it? (A socket with neither is idle.) */
  isAttached(conn: HubConnection | null): boolean {
    return conn !== null && (this.rooms.seatOf(conn) !== null || this.admissions.waits(conn));
  }

  /** Number of bound device connections (for metrics and tests). */
  get connections(): number {
    return this.rooms.size;
  }

  private bucketOf(conn: HubConnection): TokenBucket {
    let bucket = this.buckets.get(conn);
    if (!bucket) {
      bucket = new TokenBucket(this.ports.clock.now(), this.options.callBurst, this.options.callsPerSecond);
      this.buckets.set(conn, bucket);
    }
    return bucket;
  }

  /** The registry's checks, then the instruction's handler. */
  private async call(conn: HubConnection, msg: CallMessage): Promise<unknown> {
    if (!isInstructionName(msg.op)) refuse('UNKNOWN_INSTRUCTION');
    const name: InstructionName = msg.op;
    const contract = contractOf(name);
    const seat = this.rooms.seatOf(conn);
    if (contract.access === 'seat' && !seat) refuse('NOT_CONNECTED');
    const parsed = v.safeParse(contract.payload, msg.p);
    if (!parsed.success) refuse('DATA_ERROR');
    if (contract.partyData && seat) {
      const named = (parsed.output as { party?: Party } | undefined)?.party;
      if (named && !seat.allow[named]) refuse('NOT_ALLOWED');
    }
    // The contract's access was checked above: the handler gets the seat its instruction needs.
    const handler = this.handlers[name] as Handler<InstructionName>;
    return handler(parsed.output as never, { conn, seat, contract } as Call<'seat'>);
  }
}
