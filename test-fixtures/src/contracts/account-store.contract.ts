import { describe, expect, it } from 'vitest';
import { NO_PERSON, type Account, type AccountSession, type AccountStorePort } from '@eid/domain';

export interface AccountStoreUnderTest {
  readonly store: AccountStorePort;
  close(): Promise<void> | void;
}

const T0 = Date.UTC(2026, 10, 24, 9, 0, 0);

export function accountFixture(id: string, email: string | null, changes: Partial<Account> = {}): Account {
  return {
    id,
    email,
    emailConfirmedAt: null,
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
    personalCode: null,
    person: NO_PERSON,
    lang: 'lt',
    createdAt: T0,
    ...changes,
  };
}

function session(id: string, accountId: string, at: number, tokenHash = `hash-${id}`): AccountSession {
  return { id, accountId, tokenHash, method: 'password', createdAt: at, lastSeenAt: at, device: 'Chrome, Android' };
}

/** The contract every AccountStorePort adapter passes (memory, SQLite, PostgreSQL). */
export function registerAccountStoreContract(name: string, make: () => Promise<AccountStoreUnderTest> | AccountStoreUnderTest): void {
  describe(`account store contract: ${name}`, () => {
    async function withStore(run: (s: AccountStoreUnderTest) => Promise<void>) {
      const s = await make();
      try {
        await run(s);
      } finally {
        await s.close();
      }
    }

    it('[AC1] an address belongs to one account: a second account with it is refused and nothing of it is stored', () =>
      withStore(async ({ store }) => {
        expect(await store.createAccount(accountFixture('a1', 'jonas@example.lt'))).toBe(true);
        expect(await store.createAccount(accountFixture('a2', 'jonas@example.lt'))).toBe(false);
        expect(await store.accountById('a2')).toBeNull();
        expect((await store.accountByEmail('jonas@example.lt'))?.id).toBe('a1');
        expect(await store.accountByEmail('petras@example.lt')).toBeNull();
        // Accounts without an address (Smart-ID alone) do not collide with each other.
        expect(await store.createAccount(accountFixture('a3', null))).toBe(true);
        expect(await store.createAccount(accountFixture('a4', null))).toBe(true);
      }));

    it('[AC1] keeps every field of an account and changes only the given ones', () =>
      withStore(async ({ store }) => {
        const a = accountFixture('a1', 'jonas@example.lt', { lang: 'en', personalCode: '39001010000' });
        await store.createAccount(a);
        expect(await store.accountById('a1')).toEqual(a);
        expect(await store.accountByPersonalCode('39001010000')).toEqual(a);
        expect(await store.accountByPersonalCode('39001010001')).toBeNull();
        expect(await store.updateAccount('a1', { emailConfirmedAt: T0 + 5, passwordHash: 'new' })).toBe(true);
        expect(await store.accountById('a1')).toEqual({ ...a, emailConfirmedAt: T0 + 5, passwordHash: 'new' });
        const person = {
          firstName: 'Jonas',
          lastName: 'Jonaitis',
          birthDate: '1990-01-01',
          phone: '+37061234567',
          address: { value: 'Gedimino pr. 1, Vilnius', aob: 155_000_123, pat: '4', needPat: true },
          licence: 'A1234567',
        };
        expect(await store.updateAccount('a1', { person })).toBe(true);
        expect((await store.accountById('a1'))?.person).toEqual(person);
        // Cleared fields read back as no value (the address's JSON too).
        expect(await store.updateAccount('a1', { person: { ...person, address: null, phone: null } })).toBe(true);
        expect((await store.accountById('a1'))?.person).toEqual({ ...person, address: null, phone: null });
        expect(await store.updateAccount('missing', { lang: 'lt' })).toBe(false);
      }));

    it('[AC3] finds a session by its token hash only; ends one, all but one, or those past their limits', () =>
      withStore(async ({ store }) => {
        await store.createAccount(accountFixture('a1', 'jonas@example.lt'));
        await store.createAccount(accountFixture('a2', 'petras@example.lt'));
        await store.createSession(session('s1', 'a1', T0));
        await store.createSession(session('s2', 'a1', T0 + 10));
        await store.createSession(session('s3', 'a1', T0 + 20));
        await store.createSession(session('s4', 'a2', T0 + 30));
        expect((await store.sessionByTokenHash('hash-s1'))?.id).toBe('s1');
        expect(await store.sessionByTokenHash('s1')).toBeNull();
        await store.touchSession('s1', T0 + 100);
        expect(await store.sessionByTokenHash('hash-s1')).toEqual({ ...session('s1', 'a1', T0), lastSeenAt: T0 + 100 });
        expect((await store.sessionsOf('a1')).map((s) => s.id)).toEqual(['s3', 's2', 's1']);
        // Another account's session cannot be ended through this one.
        expect(await store.removeSession('a1', 's4')).toBe(false);
        expect(await store.removeSession('a1', 's2')).toBe(true);
        expect(await store.removeSession('a1', 's2')).toBe(false);
        expect(await store.removeSessionsOf('a1', 's3')).toBe(1);
        expect((await store.sessionsOf('a1')).map((s) => s.id)).toEqual(['s3']);
        // Idle since before T0+25 (s3, last seen T0+20), or started before T0 (none).
        expect(await store.removeSessionsEnded(T0 + 25, T0)).toBe(1);
        expect(await store.sessionsOf('a1')).toEqual([]);
        expect(await store.removeSessionsEnded(T0, T0 + 31)).toBe(1);
        expect(await store.sessionByTokenHash('hash-s4')).toBeNull();
      }));

    it('[AC5] a token is used once, for its purpose, before it expires; a newer reset link replaces the older, confirmation links stay side by side', () =>
      withStore(async ({ store }) => {
        await store.createAccount(accountFixture('a1', 'jonas@example.lt'));
        const reset = (tokenHash: string) => ({ tokenHash, accountId: 'a1', purpose: 'reset' as const, expiresAt: T0 + 1000, passwordHash: null, email: null });
        const confirm = (tokenHash: string, passwordHash: string) => ({ tokenHash, accountId: 'a1', purpose: 'confirm' as const, expiresAt: T0 + 1000, passwordHash, email: null });
        await store.addToken(reset('t1'));
        expect(await store.useToken('t1', 'confirm', T0)).toBeNull();
        expect(await store.useToken('t1', 'reset', T0 + 1000)).toBeNull();
        await store.addToken(reset('t2'));
        await store.addToken(confirm('c1', 'hash-one'));
        await store.addToken(confirm('c2', 'hash-two'));
        // Reading a token leaves it usable; a wrong purpose or an expired one reads nothing.
        expect(await store.findToken('c2', 'confirm', T0)).toEqual({ accountId: 'a1', passwordHash: 'hash-two', email: null });
        expect(await store.findToken('c2', 'confirm', T0)).toEqual({ accountId: 'a1', passwordHash: 'hash-two', email: null });
        expect(await store.findToken('c2', 'reset', T0)).toBeNull();
        expect(await store.findToken('c2', 'confirm', T0 + 1000)).toBeNull();
        expect(await store.useToken('t2', 'reset', T0 + 999)).toEqual({ accountId: 'a1', passwordHash: null, email: null });
        expect(await store.useToken('t2', 'reset', T0 + 999)).toBeNull();
        // Each registration's link keeps its own password.
        expect(await store.useToken('c2', 'confirm', T0)).toEqual({ accountId: 'a1', passwordHash: 'hash-two', email: null });
        expect(await store.useToken('c1', 'confirm', T0)).toEqual({ accountId: 'a1', passwordHash: 'hash-one', email: null });
        await store.addToken(reset('t4'));
        await store.addToken(reset('t5'));
        expect(await store.useToken('t4', 'reset', T0)).toBeNull();
        expect(await store.useToken('t5', 'reset', T0)).toEqual({ accountId: 'a1', passwordHash: null, email: null });
      }));

    it('[AC15] a new address\'s link carries the address; a newer one replaces the older; the address is given confirmed unless another account has it', () =>
      withStore(async ({ store }) => {
        await store.createAccount(accountFixture('a1', null, { passwordHash: null, personalCode: '30303039914' }));
        await store.createAccount(accountFixture('a2', 'ona@example.lt', { emailConfirmedAt: T0 }));
        const link = (tokenHash: string, email: string) => ({ tokenHash, accountId: 'a1', purpose: 'email' as const, expiresAt: T0 + 1000, passwordHash: null, email });
        await store.addToken(link('e1', 'typo@example.lt'));
        await store.addToken(link('e2', 'jonas@example.lt'));
        expect(await store.useToken('e1', 'email', T0)).toBeNull();
        expect(await store.findToken('e2', 'confirm', T0)).toBeNull();
        expect(await store.useToken('e2', 'email', T0)).toEqual({ accountId: 'a1', passwordHash: null, email: 'jonas@example.lt' });
        expect(await store.setConfirmedEmail('a1', 'ona@example.lt', T0 + 1)).toBe(false);
        expect((await store.accountById('a1'))?.email).toBeNull();
        expect(await store.setConfirmedEmail('a1', 'jonas@example.lt', T0 + 2)).toBe(true);
        expect(await store.accountById('a1')).toMatchObject({ email: 'jonas@example.lt', emailConfirmedAt: T0 + 2 });
        expect((await store.accountByEmail('jonas@example.lt'))?.id).toBe('a1');
        expect(await store.setConfirmedEmail('gone', 'x@example.lt', T0)).toBe(false);
      }));

    it('[AC5] two uses of one token at once: exactly one succeeds', () =>
      withStore(async ({ store }) => {
        await store.createAccount(accountFixture('a1', 'jonas@example.lt'));
        await store.addToken({ tokenHash: 't1', accountId: 'a1', purpose: 'reset', expiresAt: T0 + 1000, passwordHash: null, email: null });
        const uses = await Promise.all(Array.from({ length: 5 }, () => store.useToken('t1', 'reset', T0)));
        expect(uses.filter((u) => u?.accountId === 'a1')).toHaveLength(1);
      }));

    it('[AC7] unconfirmed accounts made before the cut-off go, with their sessions and tokens; confirmed ones stay', () =>
      withStore(async ({ store }) => {
        await store.createAccount(accountFixture('old', 'old@example.lt', { createdAt: T0 - 10 }));
        await store.createAccount(accountFixture('new', 'new@example.lt', { createdAt: T0 + 10 }));
        await store.createAccount(accountFixture('kept', 'kept@example.lt', { createdAt: T0 - 10, emailConfirmedAt: T0 - 5 }));
        // An account made by Smart-ID has no address to confirm: its verified code keeps it.
        await store.createAccount(accountFixture('verified', null, { createdAt: T0 - 10, passwordHash: null, personalCode: '30303039914' }));
        await store.addToken({ tokenHash: 't-old', accountId: 'old', purpose: 'confirm', expiresAt: T0 + 1000, passwordHash: 'h', email: null });
        await store.createSession(session('s-old', 'old', T0));
        expect(await store.removeUnconfirmedBefore(T0)).toEqual(['old']);
        expect(await store.accountById('old')).toBeNull();
        expect(await store.useToken('t-old', 'confirm', T0)).toBeNull();
        expect(await store.sessionByTokenHash('hash-s-old')).toBeNull();
        expect(await store.accountById('new')).not.toBeNull();
        expect(await store.accountById('kept')).not.toBeNull();
        expect(await store.accountById('verified')).not.toBeNull();
        // The address of a deleted unconfirmed account can be registered again.
        expect(await store.createAccount(accountFixture('again', 'old@example.lt'))).toBe(true);
      }));

    it('[ID9] [OI3] a verified code is one account\'s: given once, refused for another; a social account links to one account, is found by its key, and keeps the account from the sweep', () =>
      withStore(async ({ store }) => {
        await store.createAccount(accountFixture('mail', 'mail@example.lt', { createdAt: T0 - 10, emailConfirmedAt: T0 - 5 }));
        await store.createAccount(accountFixture('other', 'other@example.lt', { createdAt: T0 - 10, emailConfirmedAt: T0 - 5 }));
        expect(await store.setPersonalCode('mail', '30303039914')).toBe(true);
        expect((await store.accountByPersonalCode('30303039914'))?.id).toBe('mail');
        expect(await store.setPersonalCode('other', '30303039914')).toBe(false);
        expect((await store.accountById('other'))?.personalCode).toBeNull();
        expect(await store.setPersonalCode('gone', '50001018865')).toBe(false);
        // A verified code is never replaced by another.
        expect(await store.setPersonalCode('mail', '50001018865')).toBe(false);
        expect((await store.accountById('mail'))?.personalCode).toBe('30303039914');

        await store.createAccount(accountFixture('social', null, { createdAt: T0 - 10, passwordHash: null, email: null }));
        expect(await store.addLink('social', 'https://accounts.example#123', T0)).toBe(true);
        expect(await store.addLink('mail', 'https://accounts.example#123', T0 + 1)).toBe(false);
        expect(await store.addLink('gone', 'https://accounts.example#456', T0)).toBe(false);
        expect(await store.addLink('social', 'https://other.example#9', T0 + 2)).toBe(true);
        expect((await store.accountByLink('https://accounts.example#123'))?.id).toBe('social');
        expect(await store.accountByLink('https://accounts.example#999')).toBeNull();
        expect(await store.linksOf('social')).toEqual(['https://accounts.example#123', 'https://other.example#9']);
        expect(await store.linksOf('mail')).toEqual([]);
        // Neither an address nor a code, but a linked social account: not swept as unconfirmed.
        expect(await store.removeUnconfirmedBefore(T0)).toEqual([]);
        expect(await store.accountById('social')).not.toBeNull();
      }));

    it('[BR4] settings M: none chosen is null; the choices are kept per account and go with it', () =>
      withStore(async ({ store }) => {
        await store.createAccount(accountFixture('a', 'a@example.lt'));
        expect(await store.notificationsOf('a')).toBeNull();
        const prefs = { email: false, sms: true, expiryReminders: true, reminderDays: 30 } as const;
        expect(await store.setNotifications('a', prefs)).toBe(true);
        expect(await store.notificationsOf('a')).toEqual(prefs);
        expect(await store.setNotifications('gone', prefs)).toBe(false);
        expect(await store.notificationsOf('gone')).toBeNull();
      }));

    it('[BR5] the declarations an account took part in: each seat once, newest first, gone with the account', () =>
      withStore(async ({ store }) => {
        await store.createAccount(accountFixture('a', 'a@example.lt', { emailConfirmedAt: T0 }));
        await store.linkDeclaration('a', 'd1', 'A', 'h1', T0);
        await store.linkDeclaration('a', 'd1', 'A', 'h1', T0 + 5);
        await store.linkDeclaration('a', 'd2', 'B', 'h2', T0 + 10);
        await store.linkDeclaration('gone', 'd3', 'A', 'h3', T0);
        expect(await store.declarationsOf('a')).toEqual([
          { declarationId: 'd2', party: 'B', tokenHash: 'h2', at: T0 + 10 },
          { declarationId: 'd1', party: 'A', tokenHash: 'h1', at: T0 },
        ]);
        expect(await store.declarationsOf('gone')).toEqual([]);
      }));

    it('[RT1] the links of deleted declarations go, every account\'s, and nothing else', () =>
      withStore(async ({ store }) => {
        await store.createAccount(accountFixture('a', 'a@example.lt', { emailConfirmedAt: T0 }));
        await store.createAccount(accountFixture('b', 'b@example.lt', { emailConfirmedAt: T0 }));
        await store.linkDeclaration('a', 'd1', 'A', 'h1', T0);
        await store.linkDeclaration('b', 'd1', 'B', 'h2', T0);
        await store.linkDeclaration('a', 'd2', 'A', 'h3', T0);
        expect((await store.linkedDeclarationIds()).sort()).toEqual(['d1', 'd2']);
        expect(await store.unlinkDeclarations([])).toBe(0);
        expect(await store.unlinkDeclarations(['d1', 'never'])).toBe(2);
        expect(await store.linkedDeclarationIds()).toEqual(['d2']);
        expect(await store.declarationsOf('b')).toEqual([]);
        expect((await store.declarationsOf('a')).map((l) => l.declarationId)).toEqual(['d2']);
      }));
  });
}
