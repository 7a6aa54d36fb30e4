/**
 * The unit of work: lock → load → apply → commit → push, in one place. It is the only code that
 * writes a declaration to the store (create, save, touch, remove); with several nodes, PostgreSQL
 * and the cross-node lock are behind exactly this.
 *
 * The lock is per declaration: in process (one change at a time, in arrival order) and, with
 * several nodes, across them (the cluster port's database lock, taken after the process's own so a
 * node holds at most one database lock per declaration). The commit is compare-and-set on the
 * version, so a write nobody serialised is refused (SERVER_ERROR), not lost silently. A change is answered only after it was committed, and pushed to the other devices
 * right after. A pure change (the edits: `ChangeOptions.pure`) may first be tried without the cross-node lock, and is
 * made again under it unless that try was committed (docs/decisions/cluster.md, "The edits tried without the lock").
 */
import type { ChangeNote, ChangedKind, Party, StoredDeclaration } from '@eid/domain';
import type { Committed, DeclarationStates } from '@eid/domain/protocol';
import { KeyedTurns, diffViews } from '@eid/domain';
import type { HubPorts, LockOptions } from './ports.js';
import { refuse } from './refusal.js';
import { viewFor, type HubConnection, type Rooms, type Seat } from './rooms.js';

/** Who made a change: its connection (not pushed to) and seat (its delta is answered), or the server. */
export interface Writer {
  readonly conn: HubConnection;
  readonly seat: Seat;
}

/** What a change produced: the record to commit (the loaded one: nothing to commit) and its answer. */
export interface Change<R> {
  readonly after: StoredDeclaration;
  readonly result: R;
  /** Who the other devices are told made it, when decided by the change itself (a driver joining). */
  readonly by?: Party | null;
}

export interface ChangeOptions {
  readonly writer: Writer | null;
  readonly kind: ChangedKind;
  /** In which declaration states the change may run; otherwise DECLARATION_FINISHED. */
  readonly when: DeclarationStates;
  /** Who the other devices are told made it, when not the writer's party (a driver joining). */
  readonly by?: Party | null;
  /**
   * `apply` only reads the record and decides (it sends, counts and asks nothing): with several nodes the change may
   * be tried without the cross-node lock and made again under it (ClusterPort.withLock's `optimistic`).
   */
  readonly pure?: boolean;
}

/** Is the declaration in a state the instruction may run in? */
export function allowedIn(record: StoredDeclaration, when: DeclarationStates): boolean {
  const d = record.declaration;
  if (when === 'any') return true;
  if (d.status === 'FINISHED') return false;
  return when === 'unfinished' || d.submitState === 'READY' || d.submitState === 'ERROR';
}

export class UnitOfWork {
  private readonly locks = new KeyedTurns();

  constructor(
    private readonly ports: Pick<HubPorts, 'store' | 'clock' | 'cluster'>,
    private readonly rooms: Rooms,
  ) {}

  /** Runs `run` alone for the declaration, on every node: changes of one declaration never interleave. */
  withLock<T>(declarationId: string, run: () => Promise<T>, options?: LockOptions): Promise<T> {
    const { cluster } = this.ports;
    return this.withLocalLock(declarationId, cluster ? () => cluster.withLock(declarationId, run, options) : run);
  }

  /** Runs `run` alone for the declaration in this process (what only reads and pushes to this node's devices). */
  withLocalLock<T>(declarationId: string, run: () => Promise<T>): Promise<T> {
    return this.locks.run(declarationId, run);
  }

  /** The stored declaration, or REMOVED_INACTIVE. */
  async load(declarationId: string): Promise<StoredDeclaration> {
    return (await this.ports.store.get(declarationId)) ?? refuse('REMOVED_INACTIVE');
  }

  /**
   * Reads the declaration in turn with this process's changes of it (a read that must see no
   * half-made change here). A save is one atomic write, so no node's lock is needed to read.
   */
  read<T>(declarationId: string, view: (record: StoredDeclaration) => Promise<T> | T): Promise<T> {
    return this.withLocalLock(declarationId, async () => view(await this.load(declarationId)));
  }

  /**
   * Loads the declaration, lets `apply` decide the change, commits it, pushes each other device its
   * delta, and answers with the result, the new version and the writer's own delta.
   */
  change<R>(
    declarationId: string,
    options: ChangeOptions,
    apply: (record: StoredDeclaration, now: number) => Promise<Change<R>> | Change<R>,
  ): Promise<{ readonly result: R; readonly committed: Committed }> {
    // Its one save is its last write of the declaration (what follows it only pushes): the lock may go with its commit.
    return this.withLock(declarationId, () => this.changeHeld(declarationId, options, apply), { endsWithSave: true, optimistic: options.pure === true });
  }

  /**
   * `change` for a caller that already holds the declaration's lock (`withLock`): several changes
   * that must follow each other with nothing in between (the submit: committed, queued, waiting).
   */
  async changeHeld<R>(
    declarationId: string,
    options: ChangeOptions,
    apply: (record: StoredDeclaration, now: number) => Promise<Change<R>> | Change<R>,
  ): Promise<{ readonly result: R; readonly committed: Committed }> {
    const before = await this.load(declarationId);
    if (!allowedIn(before, options.when)) refuse('DECLARATION_FINISHED');
    const now = this.ports.clock.now();
    // The writer's allow may change with the change (one-device): its delta is of the view it had,
    // of the version this node last pushed (another node's change may not have reached it yet).
    const seen = this.rooms.knownOf(declarationId);
    const base = seen && seen.version < before.declaration.version ? seen : before.declaration;
    const seenBefore = options.writer ? viewFor(base, { party: options.writer.seat.party, allow: { ...options.writer.seat.allow } }) : null;
    const change = await apply(before, now);
    const { after, result } = change;
    if (after === before) return { result, committed: { version: before.declaration.version, patch: null } };
    const by: Party | null = change.by !== undefined ? change.by : options.by !== undefined ? options.by : (options.writer?.seat.party ?? null);
    await this.commit(before, after, { kind: options.kind, by });
    this.rooms.pushChange(before.declaration, after.declaration, options.kind, by, options.writer?.conn ?? null);
    const patch = options.writer && seenBefore ? diffViews(seenBefore, viewFor(after.declaration, options.writer.seat)) : null;
    return { result, committed: { version: after.declaration.version, patch } };
  }

  /** Stores a new declaration (a connect that creates one). */
  async create(record: StoredDeclaration): Promise<void> {
    await this.ports.store.create(record);
  }

  /** A heartbeat: the party's seat was seen now. Answers the declaration's version; REMOVED_INACTIVE when it is gone. */
  async touch(declarationId: string, party: Party): Promise<number> {
    return (await this.ports.store.touch(declarationId, party, this.ports.clock.now())) ?? refuse('REMOVED_INACTIVE');
  }

  /** Deletes an unfinished declaration under its lock; false when it is finished (kept) or gone. */
  remove(declarationId: string): Promise<boolean> {
    return this.withLock(declarationId, () => this.ports.store.remove(declarationId));
  }

  /** Deletes the declarations inactive since `before`; resolves their ids. */
  removeInactive(before: number): Promise<string[]> {
    return this.ports.store.removeInactive(before);
  }

  private async commit(before: StoredDeclaration, after: StoredDeclaration, note: Omit<ChangeNote, 'version'>): Promise<void> {
    const saved = await this.ports.store.save(after, before.declaration.version, note);
    // Under the lock only another process can have written: the change is refused, not lost silently.
    if (!saved) refuse('SERVER_ERROR');
  }
}
