/**
 * The account use cases (issue 15): registration with a confirmed address, sign-in by password
 * with a persisted lock-out, reset by a single-use link, and server-side sessions. Pure of I/O:
 * everything goes through AccountPorts.
 *
 * No answer tells whether an address has an account: registration and reset answer alike and do
 * the same work either way (one password hash, one e-mail: the one that fits), and a sign-in with
 * an unknown address verifies the password against a dummy hash, counting the failure like any.
 * A registration's password belongs to its confirmation link until that link confirms the address
 * with it: nobody can set the password of an address they cannot read, and an unconfirmed address
 * has no password to sign in with.
 *
 * The sign-ins and e-mails of one address take turns in this process, so its count of wrong
 * passwords and its e-mail pace are read and written without another call in between.
 */
import {
  KeyedTurns,
  NO_PERSON,
  SESSION_LIMITS,
  SESSION_TOUCH_MS,
  SIGN_IN_FAILURES_KEPT_MS,
  UNCONFIRMED_ACCOUNT_MS,
  sessionAlive,
  signInLockMs,
  type Account,
  type AccountPerson,
  personUpdate,
  type AccountSession,
  type SessionView,
  type SignInMethod,
  type Locale,
} from '@eid/domain';
import { refuseAccount } from './account-error.js';
import type { AccountPorts } from './ports.js';
import { AccountLinks, LINK_TOKEN_RE } from './account-links.js';
import { AccountAddress } from './account-address.js';
import { isTimes } from './failure-times.js';

/** What the browser holds: the opaque token (its cookie); the store keeps its hash. */
export interface StartedSession {
  readonly token: string;
  readonly session: AccountSession;
  readonly account: Account;
}

export class AccountService {
  private dummy: Promise<string> | null = null;
  /** An address's sign-ins, and its e-mails, one at a time in this process. */
  private readonly turns = new KeyedTurns();

  private readonly links: AccountLinks;
  /** AC15: the address of an account without a password. */
  readonly address: AccountAddress;

  constructor(private readonly ports: AccountPorts) {
    this.links = new AccountLinks(ports);
    this.address = new AccountAddress(ports, this.links);
  }

  /** AC2: answers alike whether or not the address has an account; the e-mail says which. */
  async register(input: { readonly email: string; readonly password: string; readonly lang: Locale }): Promise<void> {
    const { store, hasher, clock, ids } = this.ports;
    const passwordHash = await hasher.hash(input.password);
    let existing = await store.accountByEmail(input.email);
    if (existing && existing.emailConfirmedAt !== null) return this.links.mail('already-registered', input.email, existing.lang);
    if (!existing) {
      const account: Account = {
        id: ids.token(),
        email: input.email,
        emailConfirmedAt: null,
        passwordHash: null,
        personalCode: null,
        person: NO_PERSON,
        lang: input.lang,
        createdAt: clock.now(),
      };
      // Registered at the same moment by another call: that account, confirmed or not, is the one.
      existing = (await store.createAccount(account)) ? account : await store.accountByEmail(input.email);
      if (!existing) return;
      if (existing.emailConfirmedAt !== null) return this.links.mail('already-registered', input.email, existing.lang);
    }
    // Each registration's link carries its own password: the account gets it with the link that confirms it.
    const accountId = existing.id;
    await this.links.mail('confirm', input.email, input.lang, () => this.links.issue(accountId, 'confirm', { passwordHash }));
  }

  /**
   * AC2, AC5: the confirmation link, once, with the password chosen at the registration that sent
   * it (so a link of someone else's registration, clicked by the address's owner, sets nothing):
   * the address is confirmed and the account gets that password. A wrong password does not use
   * the link up but counts toward the address's lock-out; a confirmed address takes no link.
   */
  async confirm(input: { readonly token: string; readonly password: string }): Promise<{ readonly email: string }> {
    const { store, hash, clock } = this.ports;
    if (!LINK_TOKEN_RE.test(input.token)) refuseAccount('ACCOUNT_LINK_INVALID');
    // A mistyped password leaves the link working: it is read first and used only with the right one.
    const found = await store.findToken(await hash.sha256Hex(input.token), 'confirm', clock.now());
    const account = found ? await store.accountById(found.accountId) : null;
    // A confirmed address takes no other registration's password (nor a second use of its own link).
    if (!found || !account || account.email === null || account.emailConfirmedAt !== null) return refuseAccount('ACCOUNT_LINK_INVALID');
    const email = account.email;
    await this.turns.run(`signin:${email}`, async () => {
      // Each wrong password counts toward the address's lock-out (AC4), as at sign-in.
      await this.checkPassword(email, found.passwordHash, input.password);
      const used = await this.links.use(input.token, 'confirm');
      await store.updateAccount(used.accountId, { emailConfirmedAt: clock.now(), passwordHash: used.passwordHash });
    });
    return { email };
  }

  /**
   * AC4: a password sign-in. Refuses SIGN_IN_LOCKED while the address is locked (the right
   * password too), INVALID_CREDENTIALS for a wrong password, an unknown address or an unconfirmed
   * one (it has no password yet), all counted alike. `replacing`: the token
   * the browser held before; that session ends (a session is never carried over a sign-in).
   */
  signInWithPassword(input: { readonly email: string; readonly password: string }, device: string, replacing?: string): Promise<StartedSession> {
    return this.turns.run(`signin:${input.email}`, () => this.signInTurn(input, device, replacing));
  }

  private async signInTurn(input: { readonly email: string; readonly password: string }, device: string, replacing?: string): Promise<StartedSession> {
    const account = await this.ports.store.accountByEmail(input.email);
    await this.checkPassword(input.email, account?.passwordHash ?? null, input.password);
    return this.startSession(account as Account, 'password', device, replacing);
  }

  /**
   * AC4: the password of an address, under its lock-out: SIGN_IN_LOCKED while locked (the right
   * password too), INVALID_CREDENTIALS when wrong or when there is no password (`hash` null: no
   * account, or not confirmed), verified against a dummy hash then so the work is the same. A
   * wrong one is counted; the right one clears the count. Called in the address's turn.
   */
  private async checkPassword(email: string, hash: string | null, password: string): Promise<void> {
    const { hasher, clock, expiring } = this.ports;
    const key = `signin-fail:${await this.ports.hash.sha256Hex(email)}`;
    const stored = await expiring.get(key);
    const failures = isTimes(stored) ? stored : [];
    const now = clock.now();
    const locked = signInLockMs(failures, now);
    if (locked > 0) refuseAccount('SIGN_IN_LOCKED', locked);
    const right = (await hasher.verify(hash ?? (await this.dummyHash()), password)) && hash !== null;
    if (!right) {
      const recent = [...failures.filter((t) => now - t < SIGN_IN_FAILURES_KEPT_MS), now];
      await expiring.set(key, recent, now + SIGN_IN_FAILURES_KEPT_MS);
      const lockedNow = signInLockMs(recent, now);
      return lockedNow > 0 ? refuseAccount('SIGN_IN_LOCKED', lockedNow) : refuseAccount('INVALID_CREDENTIALS');
    }
    await expiring.delete(key);
  }

  /**
   * AC11: a signed-in account's new password, given with its current one (checked like a sign-in,
   * a wrong one counted toward the address's lock-out). Every other session of the account ends;
   * this one goes on.
   */
  async changePassword(account: Account, sessionId: string, input: { readonly current: string; readonly password: string }): Promise<void> {
    const email = account.email;
    if (email === null) refuseAccount('INVALID_CREDENTIALS');
    return this.turns.run(`signin:${email}`, async () => {
      const { store, hasher } = this.ports;
      const fresh = await store.accountById(account.id);
      await this.checkPassword(email, fresh?.passwordHash ?? null, input.current);
      await store.updateAccount(account.id, { passwordHash: await hasher.hash(input.password) });
      for (const s of await store.sessionsOf(account.id)) if (s.id !== sessionId) await store.removeSession(account.id, s.id);
    });
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

  /**
   * BR5: a seat a signed-in browser took (a connect, a resume, a confirmed join) links the
   * declaration to its account by the seat's token hash — while the session is still alive
   * (signed out since: no link).
   */
  async linkSeat(sessionToken: string, seat: { readonly declarationId: string; readonly party: 'A' | 'B'; readonly token: string }): Promise<void> {
    const found = await this.authenticate(sessionToken);
    if (found) await this.ports.store.linkDeclaration(found.account.id, seat.declarationId, seat.party, await this.ports.hash.sha256Hex(seat.token), this.ports.clock.now());
  }

  /** AC3: the account and session of a browser's token; null when there is none or it ended (idle or absolute). */
  /** `touch: false` checks without counting as a call (a live stream's periodic check must not keep a session from its idle end). */
  async authenticate(token: string | undefined, touch = true): Promise<{ readonly account: Account; readonly session: AccountSession } | null> {
    if (token === undefined || !LINK_TOKEN_RE.test(token)) return null;
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
    if (!touch) return { account, session };
    if (now - session.lastSeenAt >= SESSION_TOUCH_MS) await store.touchSession(session.id, now);
    return { account, session: { ...session, lastSeenAt: Math.max(session.lastSeenAt, now) } };
  }

  /** Ends the session of this token (nothing when there is none). */
  async signOut(token: string): Promise<void> {
    if (!LINK_TOKEN_RE.test(token)) return;
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
  async requestReset(input: { readonly email: string; readonly lang: Locale }): Promise<void> {
    const account = await this.ports.store.accountByEmail(input.email);
    if (!account) return this.links.mail('reset-no-account', input.email, input.lang);
    // AC15: an account that signs in by Smart-ID, Mobile-ID or a social account has no password to
    // reset: its address only receives messages, it never opens the account.
    if (account.passwordHash === null && (account.personalCode !== null || (await this.ports.store.linksOf(account.id)).length > 0)) {
      return this.links.mail('reset-no-password', input.email, account.lang);
    }
    await this.links.mail('reset', input.email, account.lang, () => this.links.issue(account.id, 'reset'));
  }

  /**
   * AC5: a new password by the reset link, once. It also confirms the address (the link reached
   * it), ends every session of the account and lifts the address's lock-out.
   */
  async resetPassword(input: { readonly token: string; readonly password: string }): Promise<void> {
    const { store, hasher, clock, expiring, hash } = this.ports;
    const { accountId } = await this.links.use(input.token, 'reset');
    const account = await store.accountById(accountId);
    if (!account) refuseAccount('ACCOUNT_LINK_INVALID');
    await store.updateAccount(account.id, { passwordHash: await hasher.hash(input.password), emailConfirmedAt: account.emailConfirmedAt ?? clock.now() });
    await store.removeSessionsOf(account.id);
    if (account.email !== null) await expiring.delete(`signin-fail:${await hash.sha256Hex(account.email)}`);
  }

  /**
   * AC12: the person's own data from settings D (already normalised and judged by the domain's
   * rules): the fields a verified personal code vouches for stay as the certificate gave them.
   */
  async updatePerson(account: Account, person: AccountPerson): Promise<AccountPerson> {
    const next = personUpdate(account.person, person, account.personalCode);
    await this.ports.store.updateAccount(account.id, { person: next });
    return next;
  }

  /** AC3, AC7: deletes the sessions past their limits and the accounts never confirmed within 7 days. */
  async sweep(): Promise<{ readonly sessions: number; readonly accounts: number }> {
    const now = this.ports.clock.now();
    const sessions = await this.ports.store.removeSessionsEnded(now - SESSION_LIMITS.idleMs, now - SESSION_LIMITS.absoluteMs);
    const accounts = (await this.ports.store.removeUnconfirmedBefore(now - UNCONFIRMED_ACCOUNT_MS)).length;
    return { sessions, accounts };
  }

  private dummyHash(): Promise<string> {
    this.dummy ??= this.ports.hasher.hash(this.ports.ids.token());
    return this.dummy;
  }
}
