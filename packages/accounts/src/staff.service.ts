/**
 * The bureau's staff (issue 16; SF1-SF4, AL1): sign-in with password and TOTP, sessions, staff
 * management, and the audit log every console call writes to — through ports only.
 */
import {
  KeyedTurns,
  SIGN_IN_FAILURES_KEPT_MS,
  signInLockMs,
  STAFF_CODE_PATTERN,
  STAFF_SESSION_LIMITS,
  staffMay,
  staffSessionAlive,
  SESSION_TOUCH_MS,
  type AuditAction,
  type AuditEntry,
  type ClockPort,
  type ExpiringStorePort,
  type HashPort,
  type IdPort,
  type PasswordHasherPort,
  type SecondFactorPort,
  type StaffMember,
  staffView,
  type StaffView,
  type StaffPermission,
  type StaffRole,
  type StaffSession,
  type StaffStorePort,
} from '@eid/domain';
import { refuseConsole as refuse } from './refusals.js';
import { isTimes } from './failure-times.js';

export interface StaffPorts {
  readonly store: StaffStorePort;
  readonly hasher: PasswordHasherPort;
  readonly totp: SecondFactorPort;
  readonly clock: ClockPort;
  readonly ids: IdPort;
  readonly hash: HashPort;
  readonly expiring: ExpiringStorePort;
}

/** Who is calling, as the audit log records it. */
export interface StaffActor {
  readonly staff: StaffMember;
  readonly session: StaffSession;
  readonly ip: string;
}

/** A staff member as the console shows it (never the hash or the secret). */
export { staffView, type StaffView };

const TOKEN_RE = /^[A-Za-z0-9_-]{16,128}$/;

export class StaffService {
  private readonly turns = new KeyedTurns();
  private dummy: Promise<string> | null = null;

  constructor(private readonly ports: StaffPorts) {}

  /**
   * SF1: address, password and code, under the address's lock-out (AC4's numbers). Every failure
   * is STAFF_SIGN_IN_FAILED and is written to the audit log; the password is verified (against a
   * dummy hash when there is no member) before the code, so the time tells nothing.
   */
  async signIn(input: { readonly email: string; readonly password: string; readonly code: string }, ip: string): Promise<{ readonly token: string; readonly staff: StaffMember; readonly session: StaffSession }> {
    return this.turns.run(`staff:${input.email}`, async () => {
      const { store, hasher, totp, clock, expiring, hash } = this.ports;
      const key = `staff-fail:${await hash.sha256Hex(input.email)}`;
      const stored = await expiring.get(key);
      const failures = isTimes(stored) ? stored : [];
      const now = clock.now();
      const member = await store.staffByEmail(input.email);
      const fail = async (count = true): Promise<never> => {
        if (count) {
          const recent = [...failures.filter((t) => now - t < SIGN_IN_FAILURES_KEPT_MS), now];
          await expiring.set(key, recent, now + SIGN_IN_FAILURES_KEPT_MS);
        }
        await store.appendAudit({ at: now, staffId: member?.id ?? null, staffEmail: input.email, action: 'SIGN_IN_FAILED', subject: '', ip });
        return refuse('STAFF_SIGN_IN_FAILED');
      };
      // While locked an attempt is refused and logged but not counted: nobody can hold a member's lock on for good.
      if (signInLockMs(failures, now) > 0) return fail(false);
      const passwordRight = (await hasher.verify(member?.passwordHash ?? (await this.dummyHash()), input.password)) && member !== null;
      if (!passwordRight || !member.active || !STAFF_CODE_PATTERN.test(input.code)) return fail();
      const step = await totp.matchedStep(member.totpSecret, input.code, now);
      if (step === null || !(await store.useTotpStep(member.id, step))) return fail();
      await expiring.delete(key);
      const token = this.ports.ids.token();
      const session: StaffSession = { id: this.ports.ids.token(), staffId: member.id, tokenHash: await hash.sha256Hex(token), createdAt: now, lastSeenAt: now };
      await store.createSession(session);
      await store.appendAudit({ at: now, staffId: member.id, staffEmail: member.email, action: 'SIGN_IN', subject: '', ip });
      return { token, staff: member, session };
    });
  }

  /** SF3, SF4: the live session of this token and its active member, or null. */
  /** `touch: false` checks without counting as a call (a live stream's periodic check). */
  async authenticate(token: string | undefined, touch = true): Promise<{ readonly staff: StaffMember; readonly session: StaffSession } | null> {
    if (token === undefined || !TOKEN_RE.test(token)) return null;
    const { store, clock, hash } = this.ports;
    const session = await store.sessionByTokenHash(await hash.sha256Hex(token));
    if (!session) return null;
    const now = clock.now();
    const member = await store.staffById(session.staffId);
    if (!staffSessionAlive(session, now) || !member?.active) {
      await store.endSession(session.id);
      return null;
    }
    if (!touch) return { staff: member, session };
    if (now - session.lastSeenAt >= SESSION_TOUCH_MS) await store.touchSession(session.id, now);
    return { staff: member, session: { ...session, lastSeenAt: Math.max(session.lastSeenAt, now) } };
  }

  /** SF3: a new sign-in in a browser that held another session ends that one (no two sessions in one browser). */
  async replaceSession(previousToken: string | undefined): Promise<void> {
    const old = await this.authenticate(previousToken, false);
    if (old) await this.ports.store.endSession(old.session.id);
  }

  async signOut(actor: StaffActor): Promise<void> {
    await this.ports.store.endSession(actor.session.id);
    await this.record(actor, 'SIGN_OUT', '');
  }

  /** SF2: STAFF_FORBIDDEN unless the actor's role may. */
  require(actor: StaffActor, permission: StaffPermission): void {
    if (!staffMay(actor.staff.role, permission)) refuse('STAFF_FORBIDDEN');
  }

  /** AL1: appends what the actor does, before the data is answered. */
  record(actor: StaffActor, action: AuditAction, subject: string): Promise<AuditEntry> {
    return this.ports.store.appendAudit({ at: this.ports.clock.now(), staffId: actor.staff.id, staffEmail: actor.staff.email, action, subject: subject.slice(0, 200), ip: actor.ip });
  }

  /** SF4: a supervisor adds a member; the answer carries the TOTP secret and its otpauth address, shown once. */
  async add(actor: StaffActor, input: { readonly email: string; readonly name: string; readonly role: StaffRole; readonly password: string; readonly insurerId?: number | null }): Promise<{ readonly staff: StaffView; readonly totpSecret: string; readonly totpUri: string }> {
    this.require(actor, 'manageStaff');
    const added = await this.enrol(input);
    await this.record(actor, 'STAFF_ADDED', added.staff.id);
    return added;
  }

  /**
   * SF4: a member added on the installation's own machine (`npm run staff:add`: the first
   * supervisor of a real installation); logged as added from the command line.
   */
  async addFromCommandLine(input: { readonly email: string; readonly name: string; readonly role: StaffRole; readonly password: string; readonly insurerId?: number | null }): Promise<{ readonly staff: StaffView; readonly totpSecret: string; readonly totpUri: string }> {
    const added = await this.enrol(input);
    await this.ports.store.appendAudit({ at: this.ports.clock.now(), staffId: null, staffEmail: added.staff.email, action: 'STAFF_ADDED', subject: `${added.staff.id} (command line)`, ip: 'local' });
    return added;
  }

  /** A new active member with a new TOTP secret; STAFF_EXISTS when the address has one. */
  private async enrol(input: { readonly email: string; readonly name: string; readonly role: StaffRole; readonly password: string; readonly insurerId?: number | null }): Promise<{ readonly staff: StaffView; readonly totpSecret: string; readonly totpUri: string }> {
    const { store, hasher, totp, ids, clock } = this.ports;
    const totpSecret = totp.newSecret();
    // Issue 36: only an insurer's member works for an insurer (the schema and the console's use case check which).
    const insurerId = input.role === 'insurer' ? (input.insurerId ?? null) : null;
    if (input.role === 'insurer' && insurerId === null) refuse('STAFF_FORBIDDEN');
    const member: StaffMember = { id: ids.token(), email: input.email, name: input.name, role: input.role, insurerId, passwordHash: await hasher.hash(input.password), totpSecret, lastTotpStep: 0, active: true, createdAt: clock.now() };
    if (!(await store.addStaff(member))) refuse('STAFF_EXISTS');
    return { staff: staffView(member), totpSecret, totpUri: totp.uri(totpSecret, member.email) };
  }

  /** SF4: a supervisor disables a member (not themselves): their sessions end at once. */
  async disable(actor: StaffActor, id: string): Promise<void> {
    this.require(actor, 'manageStaff');
    if (id === actor.staff.id) refuse('STAFF_FORBIDDEN');
    if (!(await this.ports.store.disableStaff(id))) refuse('STAFF_NOT_FOUND');
    await this.record(actor, 'STAFF_DISABLED', id);
  }

  async list(actor: StaffActor): Promise<StaffView[]> {
    this.require(actor, 'manageStaff');
    await this.record(actor, 'STAFF_LISTED', '');
    return (await this.ports.store.listStaff()).map(staffView);
  }

  /** AL2: the supervisor reads the log (the read itself is logged first). */
  async audit(actor: StaffActor, page: { readonly limit: number; readonly offset: number }): Promise<{ readonly entries: AuditEntry[]; readonly total: number }> {
    this.require(actor, 'readAudit');
    await this.record(actor, 'AUDIT_READ', String(page.offset));
    return this.ports.store.audit(page);
  }

  /** SF3: the sweep of ended sessions. */
  async sweep(): Promise<number> {
    const now = this.ports.clock.now();
    return this.ports.store.removeSessionsBefore(now - STAFF_SESSION_LIMITS.idleMs, now - STAFF_SESSION_LIMITS.absoluteMs);
  }

  /**
   * A member made outside the console (the installation's first supervisor, the demo staff): no
   * audit actor; false when the address has one.
   */
  async seed(member: Omit<StaffMember, 'passwordHash' | 'lastTotpStep' | 'active' | 'createdAt' | 'insurerId'> & { readonly password: string; readonly insurerId?: number | null }): Promise<boolean> {
    const { password, ...rest } = member;
    return this.ports.store.addStaff({ ...rest, insurerId: rest.insurerId ?? null, passwordHash: await this.ports.hasher.hash(password), lastTotpStep: 0, active: true, createdAt: this.ports.clock.now() });
  }

  private dummyHash(): Promise<string> {
    this.dummy ??= this.ports.hasher.hash('dummy-password-for-timing');
    return this.dummy;
  }
}
