/**
 * The account use cases (issue 15): registration with a confirmed address, sign-in by password
 * with a persisted lock-out, reset by a single-use link, and server-side sessions. Pure of I/O:
 * everything goes through AccountPorts.
 *
 * No answer tells whether an address has an account: registration and reset answer alike and do
 * the same work either way (one password hash, one e-mail: the one that fits), and a sign-in with
 * an unknown address verifies the password against a dummy hash, counting the failure like any.
 */
import {
  ACCOUNT_LINK_MS,
  SESSION_LIMITS,
  SESSION_TOUCH_MS,
  SIGN_IN_FAILURES_KEPT_MS,
  UNCONFIRMED_ACCOUNT_MS,
  sessionAlive,
  signInLockMs,
  type Account,
  type AccountSession,
  type AccountTokenPurpose,
  type SessionView,
  type SignInMethod,
} from '@eid/domain';
import { refuseAccount } from './account-error.js';
import type { AccountMailKind, AccountPorts } from './ports.js';

/** AC8: one registration e-mail and one reset e-mail per address a minute; more calls answer alike and send nothing. */
export const ACCOUNT_MAIL_PACE_MS = 60_000;

/** What the browser holds: the opaque token (its cookie); the store keeps its hash. */
export interface StartedSession {
  readonly token: string;
  readonly session: AccountSession;
  readonly account: Account;
}

const isTimes = (x: unknown): x is number[] => Array.isArray(x) && x.every((t) => typeof t === 'number');
const TOKEN_RE = /^[A-Za-z0-9_-]{16,128}$/;

export class AccountService {
  private dummy: Promise<string> | null = null;

  constructor(private readonly ports: AccountPorts) {}

  /** AC2: answers alike whether or not the address has an account; the e-mail says which. */
  async register(input: { readonly email: string; readonly password: string; readonly lang: 'lt' | 'en' }): Promise<void> {
    const { store, hasher, clock, ids } = this.ports;
    const passwordHash = await hasher.hash(input.password);
    const existing = await store.accountByEmail(input.email);
    if (existing && existing.emailConfirmedAt !== null) return this.mail('already-registered', input.email, existing.lang);
    let accountId: string;
    if (existing) {
      accountId = existing.id;
      // Not confirmed yet: the latest registration's password counts; only the mailbox's owner can confirm it.
      await store.updateAccount(existing.id, { passwordHash, lang: input.lang });
    } else {
      const account: Account = {
        id: ids.token(),
        email: input.email,
        emailConfirmedAt: null,
        passwordHash,
        personalCode: null,
        person: { firstName: null, lastName: null, birthDate: null },
        lang: input.lang,
        createdAt: clock.now(),
      };
      if (!(await store.createAccount(account))) return this.mail('already-registered', input.email, input.lang);
      accountId = account.id;
    }
    const confirming = accountId;
    await this.mail('confirm', input.email, input.lang, () => this.issueToken(confirming, 'confirm'));
  }

  /** AC5: the confirmation link, once. */
  async confirm(token: string): Promise<void> {
    const accountId = await this.useToken(token, 'confirm');
    await this.ports.store.updateAccount(accountId, { emailConfirmedAt: this.ports.clock.now() });
  }

  /**
   * AC4: a password sign-in. Refuses SIGN_IN_LOCKED while the address is locked (the right
   * password too), INVALID_CREDENTIALS for a wrong password or an unknown address (counted alike),
   * EMAIL_NOT_CONFIRMED for the right password of an unconfirmed address. `replacing`: the token
   * the browser held before; that session ends (a session is never carried over a sign-in).
   */
  async signInWithPassword(input: { readonly email: string; readonly password: string }, device: string, replacing?: string): Promise<StartedSession> {
    const { store, hasher, clock, expiring } = this.ports;
    const key = `signin-fail:${await this.ports.hash.sha256Hex(input.email)}`;
    const stored = await expiring.get(key);
    const failures = isTimes(stored) ? stored : [];
    const now = clock.now();
    const locked = signInLockMs(failures, now);
    if (locked > 0) refuseAccount('SIGN_IN_LOCKED', locked);
    const account = await store.accountByEmail(input.email);
    const hash = account?.passwordHash ?? (await this.dummyHash());
    const right = (await hasher.verify(hash, input.password)) && account !== null && account.passwordHash !== null;
    if (!right || !account) {
      const recent = [...failures.filter((t) => now - t < SIGN_IN_FAILURES_KEPT_MS), now];
      await expiring.set(key, recent, now + SIGN_IN_FAILURES_KEPT_MS);
      const lockedNow = signInLockMs(recent, now);
      return lockedNow > 0 ? refuseAccount('SIGN_IN_LOCKED', lockedNow) : refuseAccount('INVALID_CREDENTIALS');
    }
    if (account.emailConfirmedAt === null) refuseAccount('EMAIL_NOT_CONFIRMED');
    await expiring.delete(key);
    return this.startSession(account, 'password', device, replacing);
  }

  /** AC3: starts a session for an account (after any sign-in method); the replaced one ends. */
  async startSession(account: Account, method: SignInMethod, device: string, replacing?: string): Promise<StartedSession> {
    const { store, clock, ids, hash } = this.ports;
    if (replacing !== undefined) await this.signOut(replacing);
    const token = ids.token();
    const now = clock.now();
    const session: AccountSession = { id: ids.token(), accountId: account.id, tokenHash: await hash.sha256Hex(token), method, createdAt: now, lastSeenAt: now, device };
    await store.createSession(session);
    return { token, session, account };
  }

  /** AC3: the account and session of a browser's token; null when there is none or it ended (idle or absolute). */
  async authenticate(token: string | undefined): Promise<{ readonly account: Account; readonly session: AccountSession } | null> {
    if (token === undefined || !TOKEN_RE.test(token)) return null;
    const { store, clock, hash } = this.ports;
    const session = await store.sessionByTokenHash(await hash.sha256Hex(token));
    if (!session) return null;
    const now = clock.now();
    if (!sessionAlive(session, now)) {
      await store.removeSession(session.accountId, session.id);
      return null;
    }
    const account = await store.accountById(session.accountId);
    if (!account) return null;
    if (now - session.lastSeenAt >= SESSION_TOUCH_MS) await store.touchSession(session.id, now);
    return { account, session: { ...session, lastSeenAt: Math.max(session.lastSeenAt, now) } };
  }

  /** Ends the session of this token (nothing when there is none). */
  async signOut(token: string): Promise<void> {
    if (!TOKEN_RE.test(token)) return;
    const session = await this.ports.store.sessionByTokenHash(await this.ports.hash.sha256Hex(token));
    if (session) await this.ports.store.removeSession(session.accountId, session.id);
  }

  /** AC6: every session of the account ends, this browser's too. */
  async signOutEverywhere(accountId: string): Promise<number> {
    return this.ports.store.removeSessionsOf(accountId);
  }

  /** AC6: the account's sessions as its owner sees them; `current` marks this browser's. */
  async sessions(accountId: string, currentId: string): Promise<SessionView[]> {
    const now = this.ports.clock.now();
    return (await this.ports.store.sessionsOf(accountId))
      .filter((s) => sessionAlive(s, now))
      .map((s) => ({ id: s.id, method: s.method, device: s.device, createdAt: s.createdAt, lastSeenAt: s.lastSeenAt, current: s.id === currentId }));
  }

  /** AC6: ends one of the account's sessions; SESSION_NOT_FOUND for anything else (another account's included). */
  async endSession(accountId: string, sessionId: string): Promise<void> {
    if (!(await this.ports.store.removeSession(accountId, sessionId))) refuseAccount('SESSION_NOT_FOUND');
  }

  /** AC5: answers alike whether or not the address has an account; the e-mail says which. */
  async requestReset(input: { readonly email: string; readonly lang: 'lt' | 'en' }): Promise<void> {
    const account = await this.ports.store.accountByEmail(input.email);
    if (!account) return this.mail('reset-no-account', input.email, input.lang);
    await this.mail('reset', input.email, account.lang, () => this.issueToken(account.id, 'reset'));
  }

  /**
   * AC5: a new password by the reset link, once. It also confirms the address (the link reached
   * it), ends every session of the account and lifts the address's lock-out.
   */
  async resetPassword(input: { readonly token: string; readonly password: string }): Promise<void> {
    const { store, hasher, clock, expiring, hash } = this.ports;
    const accountId = await this.useToken(input.token, 'reset');
    const account = await store.accountById(accountId);
    if (!account) refuseAccount('ACCOUNT_LINK_INVALID');
    await store.updateAccount(accountId, { passwordHash: await hasher.hash(input.password), emailConfirmedAt: account.emailConfirmedAt ?? clock.now() });
    await store.removeSessionsOf(accountId);
    if (account.email !== null) await expiring.delete(`signin-fail:${await hash.sha256Hex(account.email)}`);
  }

  /** AC3, AC7: deletes the sessions past their limits and the accounts never confirmed within 7 days. */
  async sweep(): Promise<{ readonly sessions: number; readonly accounts: number }> {
    const now = this.ports.clock.now();
    const sessions = await this.ports.store.removeSessionsEnded(now - SESSION_LIMITS.idleMs, now - SESSION_LIMITS.absoluteMs);
    const accounts = (await this.ports.store.removeUnconfirmedBefore(now - UNCONFIRMED_ACCOUNT_MS)).length;
    return { sessions, accounts };
  }

  private async issueToken(accountId: string, purpose: AccountTokenPurpose): Promise<string> {
    const token = this.ports.ids.token();
    await this.ports.store.addToken({ tokenHash: await this.ports.hash.sha256Hex(token), accountId, purpose, expiresAt: this.ports.clock.now() + ACCOUNT_LINK_MS[purpose] });
    return token;
  }

  private async useToken(token: string, purpose: AccountTokenPurpose): Promise<string> {
    if (!TOKEN_RE.test(token)) refuseAccount('ACCOUNT_LINK_INVALID');
    const accountId = await this.ports.store.useToken(await this.ports.hash.sha256Hex(token), purpose, this.ports.clock.now());
    return accountId ?? refuseAccount('ACCOUNT_LINK_INVALID');
  }

  /**
   * AC8: sends the e-mail unless one of its kind (registration or reset) went to this address
   * within the pace. The link's token is made only for an e-mail that is sent: a paced call
   * leaves the link already sent working.
   */
  private async mail(kind: AccountMailKind, to: string, lang: 'lt' | 'en', token?: () => Promise<string>): Promise<void> {
    const { expiring, clock, hash } = this.ports;
    const group = kind === 'reset' || kind === 'reset-no-account' ? 'reset' : 'register';
    const key = `account-mail:${group}:${await hash.sha256Hex(to)}`;
    if ((await expiring.get(key)) !== null) return;
    await expiring.set(key, 1, clock.now() + ACCOUNT_MAIL_PACE_MS);
    await this.ports.mail.send({ kind, to, lang, token: token ? await token() : null });
  }

  private dummyHash(): Promise<string> {
    this.dummy ??= this.ports.hasher.hash(this.ports.ids.token());
    return this.dummy;
  }
}
