import { describe, expect, it } from 'vitest';
import { SESSION_LIMITS, SIGN_IN_LIMIT, type PasswordHasherPort } from '@eid/domain';
import { MemoryAccountStore, MemoryExpiringStore } from '@eid/adapter-storage-memory';
import { WebCryptoHash } from '@eid/adapter-system';
import { FixedClock, SequenceIds, accountFixture } from '@eid/test-fixtures';
import { AccountService } from './account.service.js';
import { ACCOUNT_MAIL_PACE_MS } from './account-links.js';
import { AccountError } from './account-error.js';
import type { AccountMail } from './ports.js';

const T0 = Date.UTC(2026, 10, 24, 9, 0, 0);
const MINUTE = 60_000;

/** A hasher that records what it verified against (the real argon2id has its own test). */
class RecordingHasher implements PasswordHasherPort {
  readonly verified: string[] = [];
  private n = 0;
  async hash(password: string): Promise<string> {
    this.n += 1;
    return `h${this.n}:${password}`;
  }
  async verify(hash: string, password: string): Promise<boolean> {
    this.verified.push(hash);
    return hash.slice(hash.indexOf(':') + 1) === password;
  }
}

function setup() {
  const clock = new FixedClock(T0);
  const mails: AccountMail[] = [];
  const store = new MemoryAccountStore();
  const hasher = new RecordingHasher();
  const service = new AccountService({
    store,
    hasher,
    mail: { send: async (m) => void mails.push(m) },
    clock,
    ids: new SequenceIds(),
    hash: new WebCryptoHash(),
    expiring: new MemoryExpiringStore(clock),
  });
  /** The token of the last e-mail of this kind. */
  const tokenOf = (kind: AccountMail['kind']) => {
    const m = mails.filter((x) => x.kind === kind).at(-1);
    if (!m?.token) throw new Error(`no ${kind} e-mail with a link`);
    return m.token;
  };
  return { clock, mails, store, hasher, service, tokenOf };
}

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'OK',
    (e: unknown) => (e instanceof AccountError ? e.code : `THREW ${String(e)}`),
  );

const JONAS = { email: 'jonas@example.lt', password: 'Slaptas1', lang: 'lt' as const };

describe('accounts: registration and confirmation', () => {
  it('[AC2] [AC5] a new address gets a confirmation link; before it the password signs nothing in; the link works once, with that password', async () => {
    const { service, mails, tokenOf, clock } = setup();
    await service.register(JONAS);
    expect(mails).toEqual([{ kind: 'confirm', to: 'jonas@example.lt', lang: 'lt', token: expect.any(String) }]);
    expect(await code(service.signInWithPassword(JONAS, 'Chrome, Android'))).toBe('INVALID_CREDENTIALS');
    clock.advance(MINUTE);
    const token = tokenOf('confirm');
    // The confirmed address comes back, for the sign-in that follows (issue 34: it was typed again).
    await expect(service.confirm({ token, password: JONAS.password })).resolves.toEqual({ email: 'jonas@example.lt' });
    expect(await code(service.confirm({ token, password: JONAS.password }))).toBe('ACCOUNT_LINK_INVALID');
    const started = await service.signInWithPassword(JONAS, 'Chrome, Android');
    expect(started.account.email).toBe('jonas@example.lt');
    expect((await service.authenticate(started.token))?.session.id).toBe(started.session.id);
  });

  it('[AC2] registering an address that has an account answers alike, sends "already registered" and changes nothing', async () => {
    const { service, mails, tokenOf, clock } = setup();
    await service.register(JONAS);
    await service.confirm({ token: tokenOf('confirm'), password: JONAS.password });
    clock.advance(ACCOUNT_MAIL_PACE_MS);
    expect(await code(service.register({ ...JONAS, password: 'Kitas123' }))).toBe('OK');
    expect(mails.map((m) => m.kind)).toEqual(['confirm', 'already-registered']);
    expect(mails[1]?.token).toBeNull();
    expect(await code(service.signInWithPassword({ ...JONAS, password: 'Kitas123' }, 'x'))).toBe('INVALID_CREDENTIALS');
    expect(await code(service.signInWithPassword(JONAS, 'x'))).toBe('OK');
  });

  it('[AC5] a confirmation link expires after 24 hours', async () => {
    const { service, tokenOf, clock } = setup();
    await service.register(JONAS);
    clock.advance(24 * 60 * MINUTE);
    expect(await code(service.confirm({ token: tokenOf('confirm'), password: JONAS.password }))).toBe('ACCOUNT_LINK_INVALID');
    expect(await code(service.confirm({ token: 'not a token', password: JONAS.password }))).toBe('ACCOUNT_LINK_INVALID');
  });

  it('[AC8] a second registration within a minute sends nothing and leaves the link already sent working', async () => {
    const { service, mails, tokenOf } = setup();
    await service.register(JONAS);
    const first = tokenOf('confirm');
    await service.register(JONAS);
    expect(mails).toHaveLength(1);
    expect(await code(service.confirm({ token: first, password: JONAS.password }))).toBe('OK');
  });
});

describe('accounts: an address that is not yet confirmed', () => {
  it("[AC2] someone else registering the address cannot set its password: the owner's link confirms the owner's password; the intruder's link, opened with the owner's password, sets nothing", async () => {
    const { service, mails, clock } = setup();
    await service.register(JONAS);
    const owners = mails.at(-1)?.token ?? '';
    clock.advance(ACCOUNT_MAIL_PACE_MS);
    await service.register({ ...JONAS, password: 'Isibrovel1' });
    const intruders = mails.at(-1)?.token ?? '';
    expect(intruders).not.toBe(owners);
    // The owner opens the intruder's link (the newest e-mail) and types their own password: refused, nothing set.
    expect(await code(service.confirm({ token: intruders, password: JONAS.password }))).toBe('INVALID_CREDENTIALS');
    expect(await code(service.signInWithPassword({ ...JONAS, password: 'Isibrovel1' }, 'x'))).toBe('INVALID_CREDENTIALS');
    expect(await code(service.confirm({ token: owners, password: JONAS.password }))).toBe('OK');
    expect(await code(service.signInWithPassword(JONAS, 'x'))).toBe('OK');
    expect(await code(service.signInWithPassword({ ...JONAS, password: 'Isibrovel1' }, 'x'))).toBe('INVALID_CREDENTIALS');
  });

  it('[AC2] [AC4] registering an address and signing in with that password tells nothing of whether it had an account', async () => {
    const { service, tokenOf } = setup();
    await service.register(JONAS);
    await service.confirm({ token: tokenOf('confirm'), password: JONAS.password });
    // A confirmed address (someone's account) and a fresh one registered by the prober answer alike.
    const probe = { email: 'naujas@example.lt', password: 'Zondas123', lang: 'lt' as const };
    await service.register(probe);
    const fresh = await code(service.signInWithPassword(probe, 'x'));
    await service.register({ ...JONAS, password: 'Zondas123' });
    const taken = await code(service.signInWithPassword({ ...JONAS, password: 'Zondas123' }, 'x'));
    expect([fresh, taken]).toEqual(['INVALID_CREDENTIALS', 'INVALID_CREDENTIALS']);
  });

  it('[AC4] wrong passwords sent at once are all counted: the lock-out holds against parallel guesses', async () => {
    const { service, tokenOf } = setup();
    await service.register(JONAS);
    await service.confirm({ token: tokenOf('confirm'), password: JONAS.password });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => code(service.signInWithPassword({ ...JONAS, password: `Spejimas${i}` }, 'x'))));
    expect(answers.filter((a) => a === 'INVALID_CREDENTIALS')).toHaveLength(4);
    expect(answers.filter((a) => a === 'SIGN_IN_LOCKED')).toHaveLength(4);
    expect(await code(service.signInWithPassword(JONAS, 'x'))).toBe('SIGN_IN_LOCKED');
  });
});

describe('accounts: sign-in and its lock-out', () => {
  async function confirmed() {
    const s = setup();
    await s.service.register(JONAS);
    await s.service.confirm({ token: s.tokenOf('confirm'), password: JONAS.password });
    return s;
  }

  it('[AC4] the 5th wrong password within 15 minutes locks the address for 15 minutes after it, the right password too', async () => {
    const { service, clock } = await confirmed();
    const wrong = { ...JONAS, password: 'Neteisingas1' };
    const answers: string[] = [];
    for (let i = 0; i < SIGN_IN_LIMIT.attempts; i += 1) {
      answers.push(await code(service.signInWithPassword(wrong, 'x')));
      clock.advance(MINUTE);
    }
    expect(answers).toEqual(['INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'SIGN_IN_LOCKED']);
    const refused = await service.signInWithPassword(JONAS, 'x').catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'SIGN_IN_LOCKED', retryAfterMs: SIGN_IN_LIMIT.lockMs - MINUTE });
    clock.advance(SIGN_IN_LIMIT.lockMs - MINUTE - 1);
    expect(await code(service.signInWithPassword(JONAS, 'x'))).toBe('SIGN_IN_LOCKED');
    clock.advance(1);
    expect(await code(service.signInWithPassword(JONAS, 'x'))).toBe('OK');
  });

  it('[AC4] wrong passwords spread over more than 15 minutes never lock; a right one clears the count', async () => {
    const { service, clock } = await confirmed();
    const wrong = { ...JONAS, password: 'Neteisingas1' };
    for (let i = 0; i < 8; i += 1) {
      expect(await code(service.signInWithPassword(wrong, 'x'))).toBe('INVALID_CREDENTIALS');
      clock.advance(SIGN_IN_LIMIT.windowMs / 4);
    }
    // Four within the last 15 minutes (18.75, 22.5, 26.25 and now): one short of a lock.
    expect(await code(service.signInWithPassword(wrong, 'x'))).toBe('INVALID_CREDENTIALS');
    expect(await code(service.signInWithPassword(JONAS, 'x'))).toBe('OK');
    for (let i = 0; i < 4; i += 1) expect(await code(service.signInWithPassword(wrong, 'x'))).toBe('INVALID_CREDENTIALS');
  });

  it('[AC4] an address without an account answers and locks exactly like one with it, after the same password work', async () => {
    const { service, hasher } = await confirmed();
    const unknown = { ...JONAS, email: 'niekas@example.lt', password: 'Slaptas1' };
    const known = { ...JONAS, password: 'Neteisingas1' };
    const seen = async (creds: typeof known) => {
      const answers: string[] = [];
      for (let i = 0; i < 6; i += 1) answers.push(await code(service.signInWithPassword(creds, 'x')));
      return answers;
    };
    const before = hasher.verified.length;
    const unknownAnswers = await seen(unknown);
    const unknownWork = hasher.verified.length - before;
    const knownAnswers = await seen(known);
    expect(unknownAnswers).toEqual(knownAnswers);
    expect(hasher.verified.length - before - unknownWork).toBe(unknownWork);
  });
});

describe('accounts: sessions', () => {
  async function signedIn() {
    const s = setup();
    await s.service.register(JONAS);
    await s.service.confirm({ token: s.tokenOf('confirm'), password: JONAS.password });
    const started = await s.service.signInWithPassword(JONAS, 'Chrome, Android');
    return { ...s, started };
  }

  it('[AC3] a session ends after 30 minutes without a call, and 12 hours after sign-in however busy', async () => {
    const { service, clock, started } = await signedIn();
    clock.advance(SESSION_LIMITS.idleMs - 1);
    expect(await service.authenticate(started.token)).not.toBeNull();
    for (let t = SESSION_LIMITS.idleMs; t < SESSION_LIMITS.absoluteMs - 20 * MINUTE; t += 20 * MINUTE) {
      clock.advance(20 * MINUTE);
      expect(await service.authenticate(started.token)).not.toBeNull();
    }
    clock.set(T0 + SESSION_LIMITS.absoluteMs);
    expect(await service.authenticate(started.token)).toBeNull();

    const again = await service.signInWithPassword(JONAS, 'x');
    clock.advance(SESSION_LIMITS.idleMs);
    expect(await service.authenticate(again.token)).toBeNull();
  });

  it('[AC3] a sign-in never carries a session over: the token the browser had ends, the new one differs', async () => {
    const { service, started } = await signedIn();
    const next = await service.signInWithPassword(JONAS, 'x', started.token);
    expect(next.token).not.toBe(started.token);
    expect(await service.authenticate(started.token)).toBeNull();
    expect(await service.authenticate(next.token)).not.toBeNull();
    expect(await service.authenticate(undefined)).toBeNull();
    expect(await service.authenticate('short')).toBeNull();
  });

  it('[AC6] the owner lists the sessions, ends one, or all; another account\'s session cannot be ended', async () => {
    const { service, started } = await signedIn();
    const other = await service.signInWithPassword(JONAS, 'Firefox, Windows');
    const list = await service.sessions(started.account.id, started.session.id);
    expect(list.map((s) => [s.device, s.current])).toEqual(
      expect.arrayContaining([
        ['Chrome, Android', true],
        ['Firefox, Windows', false],
      ]),
    );
    expect(await code(service.endSession('someone-else', other.session.id))).toBe('SESSION_NOT_FOUND');
    expect(await code(service.endSession(started.account.id, other.session.id))).toBe('OK');
    expect(await service.authenticate(other.token)).toBeNull();
    const third = await service.signInWithPassword(JONAS, 'x');
    expect(await service.signOutEverywhere(started.account.id)).toBe(2);
    expect(await service.authenticate(third.token)).toBeNull();
    expect(await service.authenticate(started.token)).toBeNull();
  });

  it('[AC3] [AC7] the sweep deletes ended sessions and accounts never confirmed within 7 days', async () => {
    const { service, clock, store } = await signedIn();
    await service.register({ email: 'petras@example.lt', password: 'Slaptas1', lang: 'en' });
    clock.advance(7 * 24 * 60 * MINUTE + 1);
    expect(await service.sweep()).toEqual({ sessions: 1, accounts: 1 });
    expect(await store.accountByEmail('petras@example.lt')).toBeNull();
    expect(await store.accountByEmail('jonas@example.lt')).not.toBeNull();
  });
});

describe('accounts: password reset', () => {
  it('[AC5] the reset link sets a new password once, ends every session, lifts the lock-out; it expires after an hour', async () => {
    const { service, mails, tokenOf, clock } = setup();
    await service.register(JONAS);
    await service.confirm({ token: tokenOf('confirm'), password: JONAS.password });
    const started = await service.signInWithPassword(JONAS, 'x');
    for (let i = 0; i < SIGN_IN_LIMIT.attempts; i += 1) await code(service.signInWithPassword({ ...JONAS, password: 'Blogas123' }, 'x'));
    expect(await code(service.signInWithPassword(JONAS, 'x'))).toBe('SIGN_IN_LOCKED');
    await service.requestReset({ email: JONAS.email, lang: 'en' });
    expect(mails.at(-1)).toMatchObject({ kind: 'reset', to: JONAS.email, lang: 'lt' });
    const token = tokenOf('reset');
    expect(await code(service.resetPassword({ token, password: 'Naujas123' }))).toBe('OK');
    expect(await code(service.resetPassword({ token, password: 'Kitas1234' }))).toBe('ACCOUNT_LINK_INVALID');
    expect(await service.authenticate(started.token)).toBeNull();
    expect(await code(service.signInWithPassword({ ...JONAS, password: 'Naujas123' }, 'x'))).toBe('OK');

    clock.advance(ACCOUNT_MAIL_PACE_MS);
    await service.requestReset({ email: JONAS.email, lang: 'lt' });
    clock.advance(60 * MINUTE);
    expect(await code(service.resetPassword({ token: tokenOf('reset'), password: 'Naujas123' }))).toBe('ACCOUNT_LINK_INVALID');
  });

  it('[AC8] a second reset within a minute answers alike and sends nothing; the link already sent keeps working; a minute later a new one goes', async () => {
    const { service, mails, tokenOf, clock } = setup();
    await service.register(JONAS);
    await service.confirm({ token: tokenOf('confirm'), password: JONAS.password });
    clock.advance(ACCOUNT_MAIL_PACE_MS);
    await service.requestReset({ email: JONAS.email, lang: 'lt' });
    const first = tokenOf('reset');
    const sent = mails.length;
    clock.advance(ACCOUNT_MAIL_PACE_MS - 1);
    expect(await code(service.requestReset({ email: JONAS.email, lang: 'lt' }))).toBe('OK');
    expect(mails).toHaveLength(sent);
    expect(await code(service.resetPassword({ token: first, password: 'Naujas123' }))).toBe('OK');
    clock.advance(1);
    await service.requestReset({ email: JONAS.email, lang: 'lt' });
    expect(mails).toHaveLength(sent + 1);
    expect(mails.at(-1)).toMatchObject({ kind: 'reset', to: JONAS.email });
  });

  it('[AC5] a reset for an address without an account answers alike and tells that address so, without a link', async () => {
    const { service, mails } = setup();
    expect(await code(service.requestReset({ email: 'niekas@example.lt', lang: 'en' }))).toBe('OK');
    expect(mails).toEqual([{ kind: 'reset-no-account', to: 'niekas@example.lt', lang: 'en', token: null }]);
  });

  it('[AC5] the reset link of an unconfirmed account confirms the address (it reached it)', async () => {
    const { service, tokenOf } = setup();
    await service.register(JONAS);
    await service.requestReset({ email: JONAS.email, lang: 'lt' });
    await service.resetPassword({ token: tokenOf('reset'), password: 'Naujas123' });
    expect(await code(service.signInWithPassword({ ...JONAS, password: 'Naujas123' }, 'x'))).toBe('OK');
  });
});

describe('accounts: a mistyped password at confirmation', () => {
  it('[AC2] [AC5] a wrong password leaves the confirmation link working; the right one then confirms, once', async () => {
    const { service, tokenOf } = setup();
    await service.register(JONAS);
    const token = tokenOf('confirm');
    expect(await code(service.confirm({ token, password: 'Slaptas2' }))).toBe('INVALID_CREDENTIALS');
    expect(await code(service.confirm({ token, password: JONAS.password }))).toBe('OK');
    expect(await code(service.confirm({ token, password: JONAS.password }))).toBe('ACCOUNT_LINK_INVALID');
    expect(await code(service.signInWithPassword(JONAS, 'Chrome, Android'))).toBe('OK');
  });
});

describe('accounts: guessing at a confirmation link', () => {
  it('[AC2] [AC4] wrong passwords at a confirmation link are counted like sign-ins: the 5th locks the address, the right one too', async () => {
    const { service, tokenOf } = setup();
    await service.register(JONAS);
    const token = tokenOf('confirm');
    const answers: string[] = [];
    for (const guess of ['Spejimas1', 'Spejimas2', 'Spejimas3', 'Spejimas4', 'Spejimas5']) answers.push(await code(service.confirm({ token, password: guess })));
    expect(answers).toEqual(['INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'SIGN_IN_LOCKED']);
    expect(await code(service.confirm({ token, password: JONAS.password }))).toBe('SIGN_IN_LOCKED');
  });

  it('[AC2] a confirmed address takes no other registration\'s link; two confirmations at once confirm once', async () => {
    const { service, tokenOf, clock } = setup();
    await service.register(JONAS);
    const first = tokenOf('confirm');
    clock.advance(2 * MINUTE);
    await service.register({ ...JONAS, password: 'Antras12' });
    const second = tokenOf('confirm');
    const both = await Promise.all([service.confirm({ token: first, password: JONAS.password }), service.confirm({ token: first, password: JONAS.password })].map(code));
    expect(both.sort()).toEqual(['ACCOUNT_LINK_INVALID', 'OK']);
    expect(await code(service.confirm({ token: second, password: 'Antras12' }))).toBe('ACCOUNT_LINK_INVALID');
    expect(await code(service.signInWithPassword({ ...JONAS, password: 'Antras12' }, 'x'))).toBe('INVALID_CREDENTIALS');
    expect(await code(service.signInWithPassword(JONAS, 'x'))).toBe('OK');
  });
});

describe('accounts: changing the password', () => {
  it('[AC11] [AC4] wrong current passwords are counted like sign-ins: the 5th locks the address, the right one too; the change ends only the other sessions', async () => {
    const { service, tokenOf } = setup();
    await service.register(JONAS);
    await service.confirm({ token: tokenOf('confirm'), password: JONAS.password });
    const here = await service.signInWithPassword(JONAS, 'Chrome, Android');
    const there = await service.signInWithPassword(JONAS, 'Firefox, Linux');
    const change = (current: string) => code(service.changePassword(here.account, here.session.id, { current, password: 'Naujas12' }));
    expect(await change(JONAS.password.toLowerCase())).toBe('INVALID_CREDENTIALS');
    expect(await code(service.signInWithPassword({ ...JONAS, password: 'x' }, 'Chrome, Android'))).toBe('INVALID_CREDENTIALS');
    expect(await change('Slaptas2')).toBe('INVALID_CREDENTIALS');
    expect(await change('Slaptas3')).toBe('INVALID_CREDENTIALS');
    expect(await change('Slaptas4')).toBe('SIGN_IN_LOCKED');
    expect(await change(JONAS.password)).toBe('SIGN_IN_LOCKED');
    expect(await service.authenticate(there.token)).not.toBeNull();
  });

  it('[AC11] the right current password sets the new one and ends every other session', async () => {
    const { service, tokenOf } = setup();
    await service.register(JONAS);
    await service.confirm({ token: tokenOf('confirm'), password: JONAS.password });
    const here = await service.signInWithPassword(JONAS, 'Chrome, Android');
    const there = await service.signInWithPassword(JONAS, 'Firefox, Linux');
    await service.changePassword(here.account, here.session.id, { current: JONAS.password, password: 'Naujas12' });
    expect(await service.authenticate(here.token)).not.toBeNull();
    expect(await service.authenticate(there.token)).toBeNull();
    expect(await code(service.signInWithPassword(JONAS, 'Chrome, Android'))).toBe('INVALID_CREDENTIALS');
    expect(await code(service.signInWithPassword({ ...JONAS, password: 'Naujas12' }, 'Chrome, Android'))).toBe('OK');
  });
});

describe('accounts: the address of an account without a password', () => {
  /** Made by Smart-ID: a verified personal code, no address, no password. */
  async function smartIdAccount(store: MemoryAccountStore) {
    const account = accountFixture('sid', null, { passwordHash: null, personalCode: '30303039914', emailConfirmedAt: null, createdAt: T0 });
    await store.createAccount(account);
    return account;
  }

  it('[AC15] a link to the address given confirms it, once: until then the account has none; a newer request replaces the older link', async () => {
    const { store, mails, service, tokenOf, clock } = setup();
    const account = await smartIdAccount(store);
    await service.address.request(account, { email: 'typo@example.lt', lang: 'en' });
    const first = tokenOf('confirm-email');
    expect(mails.at(-1)).toMatchObject({ kind: 'confirm-email', to: 'typo@example.lt', lang: 'en' });
    expect((await store.accountById('sid'))?.email).toBeNull();
    clock.advance(ACCOUNT_MAIL_PACE_MS);
    await service.address.request(account, { email: 'jonas@example.lt', lang: 'lt' });
    const second = tokenOf('confirm-email');
    expect(await code(service.address.confirm(account, first))).toBe('ACCOUNT_LINK_INVALID');
    expect(await service.address.confirm(account, second)).toEqual({ email: 'jonas@example.lt' });
    expect(await store.accountById('sid')).toMatchObject({ email: 'jonas@example.lt', emailConfirmedAt: clock.now() });
    expect(await code(service.address.confirm(account, second))).toBe('ACCOUNT_LINK_INVALID');
    // Confirmed, the address may be changed the same way.
    const confirmed = (await store.accountById('sid'))!;
    await service.address.request(confirmed, { email: 'jonas.new@example.lt', lang: 'lt' });
    expect(await service.address.confirm(confirmed, tokenOf('confirm-email'))).toEqual({ email: 'jonas.new@example.lt' });
  });

  it('[AC15] [AC5] the link expires after 24 hours; [AC8] a second request within a minute sends nothing', async () => {
    const { store, mails, service, tokenOf, clock } = setup();
    const account = await smartIdAccount(store);
    await service.address.request(account, { email: 'jonas@example.lt', lang: 'lt' });
    await service.address.request(account, { email: 'jonas@example.lt', lang: 'lt' });
    expect(mails.filter((m) => m.kind === 'confirm-email')).toHaveLength(1);
    clock.advance(24 * 60 * MINUTE);
    expect(await code(service.address.confirm(account, tokenOf('confirm-email')))).toBe('ACCOUNT_LINK_INVALID');
    expect((await store.accountById('sid'))?.email).toBeNull();
  });

  it('[AC15] an account with a password keeps its address; another account\'s address answers alike, tells that address, and is not taken; one confirmed elsewhere meanwhile is EMAIL_TAKEN', async () => {
    const { store, mails, service, tokenOf, clock } = setup();
    const account = await smartIdAccount(store);
    await store.createAccount(accountFixture('ona', 'ona@example.lt', { emailConfirmedAt: T0, lang: 'en' }));
    expect(await code(service.address.request((await store.accountById('ona'))!, { email: 'other@example.lt', lang: 'lt' }))).toBe('EMAIL_IS_SIGN_IN');
    expect(await code(service.address.request(account, { email: 'ona@example.lt', lang: 'lt' }))).toBe('OK');
    expect(mails.at(-1)).toEqual({ kind: 'email-taken', to: 'ona@example.lt', lang: 'en', token: null });
    expect((await store.accountById('sid'))?.email).toBeNull();
    // Asked while free, confirmed by another account before the link is opened.
    await service.address.request(account, { email: 'free@example.lt', lang: 'lt' });
    const link = tokenOf('confirm-email');
    await store.createAccount(accountFixture('late', 'free@example.lt', { emailConfirmedAt: clock.now() }));
    expect(await code(service.address.confirm(account, link))).toBe('EMAIL_TAKEN');
    expect((await store.accountById('sid'))?.email).toBeNull();
  });

  it('[AC15] a link asked for by one account confirms nothing for another, and stays good for its own; one account\'s requests never hold back another\'s e-mail', async () => {
    const { store, mails, service, tokenOf } = setup();
    const owner = await smartIdAccount(store);
    const intruder = accountFixture('intruder', null, { passwordHash: null, personalCode: '38703181745', emailConfirmedAt: null, createdAt: T0 });
    await store.createAccount(intruder);
    // The intruder asks for the owner's address first; the owner's own request still gets its e-mail.
    await service.address.request(intruder, { email: 'jonas@example.lt', lang: 'lt' });
    const intruders = tokenOf('confirm-email');
    await service.address.request(owner, { email: 'jonas@example.lt', lang: 'lt' });
    expect(mails.filter((m) => m.kind === 'confirm-email' && m.to === 'jonas@example.lt')).toHaveLength(2);
    const owners = tokenOf('confirm-email');
    // The owner, signed in to their own account, opens the intruder's link: nothing for the intruder.
    expect(await code(service.address.confirm(owner, intruders))).toBe('ACCOUNT_LINK_INVALID');
    expect((await store.accountById('intruder'))?.email).toBeNull();
    // Another account cannot use the owner's link either; the owner still can.
    expect(await code(service.address.confirm(intruder, owners))).toBe('ACCOUNT_LINK_INVALID');
    expect(await service.address.confirm(owner, owners)).toEqual({ email: 'jonas@example.lt' });
  });

  it('[AC15] [AC5] the address of an account without a password never opens it: "Forgot your password?" says how it signs in, with no link', async () => {
    const { store, mails, service, tokenOf } = setup();
    const account = await smartIdAccount(store);
    await service.address.request(account, { email: 'jonas@example.lt', lang: 'en' });
    await service.address.confirm(account, tokenOf('confirm-email'));
    await service.requestReset({ email: 'jonas@example.lt', lang: 'lt' });
    expect(mails.at(-1)).toEqual({ kind: 'reset-no-password', to: 'jonas@example.lt', lang: 'lt', token: null });
  });
});

