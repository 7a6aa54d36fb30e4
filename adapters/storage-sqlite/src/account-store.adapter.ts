import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, notExists, or } from 'drizzle-orm';
import { DEFAULT_LOCALE, isLocale, type Account, type AccountPerson, type DeclarationLink, type NotificationPreferences, type AccountSession, type AccountStorePort, type AccountToken, type AccountTokenPurpose, type UsedToken, type SignInMethod } from '@eid/domain';
import type { EidDatabase } from './database.js';
import { accountDeclarations, accountLinks, accounts, accountSessions, accountTokens } from './schema.js';

type AccountRow = typeof accounts.$inferSelect;
type SessionRow = typeof accountSessions.$inferSelect;

function toAccount(r: AccountRow): Account {
  return {
    id: r.id,
    email: r.email,
    emailConfirmedAt: r.emailConfirmedAt,
    passwordHash: r.passwordHash,
    personalCode: r.personalCode,
    person: { firstName: r.firstName, lastName: r.lastName, birthDate: r.birthDate, phone: r.phone, address: r.address ?? null, licence: r.licence },
    lang: isLocale(r.lang) ? r.lang : DEFAULT_LOCALE,
    createdAt: r.createdAt,
  };
}

const toSession = (r: SessionRow): AccountSession => ({ ...r, method: r.method as SignInMethod });

/** AccountStorePort in SQLite (one process). Cascades delete an account's sessions and tokens. */
export class SqliteAccountStore implements AccountStorePort {
  constructor(private readonly db: EidDatabase) {}

  async createAccount(a: Account): Promise<boolean> {
    const result = this.db
      .insert(accounts)
      .values({ id: a.id, email: a.email, emailConfirmedAt: a.emailConfirmedAt, passwordHash: a.passwordHash, personalCode: a.personalCode, ...a.person, lang: a.lang, createdAt: a.createdAt })
      .onConflictDoNothing()
      .run();
    return result.changes === 1;
  }

  async accountById(id: string): Promise<Account | null> {
    const row = this.db.select().from(accounts).where(eq(accounts.id, id)).get();
    return row ? toAccount(row) : null;
  }

  async accountByEmail(email: string): Promise<Account | null> {
    const row = this.db.select().from(accounts).where(eq(accounts.email, email)).get();
    return row ? toAccount(row) : null;
  }

  async accountByPersonalCode(personalCode: string): Promise<Account | null> {
    const row = this.db.select().from(accounts).where(eq(accounts.personalCode, personalCode)).get();
    return row ? toAccount(row) : null;
  }

  async updateAccount(
    id: string,
    changes: Partial<Pick<Account, 'passwordHash' | 'emailConfirmedAt' | 'lang'>> & { readonly person?: AccountPerson },
  ): Promise<boolean> {
    const { person, ...rest } = changes;
    const set = { ...rest, ...(person ?? {}) };
    if (Object.keys(set).length === 0) return (await this.accountById(id)) !== null;
    return this.db.update(accounts).set(set).where(eq(accounts.id, id)).run().changes === 1;
  }

  async setPersonalCode(id: string, personalCode: string): Promise<boolean> {
    try {
      return this.db.update(accounts).set({ personalCode }).where(and(eq(accounts.id, id), isNull(accounts.personalCode))).run().changes === 1;
    } catch (e) {
      // Another account has the code (the unique index).
      if (String((e as { code?: unknown }).code).startsWith('SQLITE_CONSTRAINT')) return false;
      throw e;
    }
  }

  async setConfirmedEmail(id: string, email: string, at: number): Promise<boolean> {
    try {
      return this.db.update(accounts).set({ email, emailConfirmedAt: at }).where(eq(accounts.id, id)).run().changes === 1;
    } catch (e) {
      // Another account has the address (the unique index).
      if (String((e as { code?: unknown }).code).startsWith('SQLITE_CONSTRAINT')) return false;
      throw e;
    }
  }

  async linkDeclaration(accountId: string, declarationId: string, party: 'A' | 'B', tokenHash: string, at: number): Promise<void> {
    if (!this.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).get()) return;
    this.db.insert(accountDeclarations).values({ accountId, declarationId, party, tokenHash, createdAt: at }).onConflictDoNothing().run();
  }

  async declarationsOf(accountId: string): Promise<DeclarationLink[]> {
    return this.db
      .select()
      .from(accountDeclarations)
      .where(eq(accountDeclarations.accountId, accountId))
      .orderBy(desc(accountDeclarations.createdAt))
      .all()
      .map((r) => ({ declarationId: r.declarationId, party: r.party === 'B' ? ('B' as const) : ('A' as const), tokenHash: r.tokenHash, at: r.createdAt }));
  }

  async linkedDeclarationIds(): Promise<string[]> {
    return this.db.selectDistinct({ id: accountDeclarations.declarationId }).from(accountDeclarations).all().map((r) => r.id);
  }

  async unlinkDeclarations(declarationIds: readonly string[]): Promise<number> {
    let removed = 0;
    // In slices: SQLite limits the variables of one statement.
    for (let i = 0; i < declarationIds.length; i += 500) {
      removed += this.db.delete(accountDeclarations).where(inArray(accountDeclarations.declarationId, declarationIds.slice(i, i + 500))).run().changes;
    }
    return removed;
  }

  async notificationsOf(id: string): Promise<NotificationPreferences | null> {
    return this.db.select({ n: accounts.notifications }).from(accounts).where(eq(accounts.id, id)).get()?.n ?? null;
  }

  async setNotifications(id: string, prefs: NotificationPreferences): Promise<boolean> {
    return this.db.update(accounts).set({ notifications: prefs }).where(eq(accounts.id, id)).run().changes === 1;
  }

  async accountByLink(key: string): Promise<Account | null> {
    const row = this.db.select({ account: accounts }).from(accountLinks).innerJoin(accounts, eq(accounts.id, accountLinks.accountId)).where(eq(accountLinks.key, key)).get();
    return row ? toAccount(row.account) : null;
  }

  async addLink(accountId: string, key: string, at: number): Promise<boolean> {
    if (!this.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).get()) return false;
    return this.db.insert(accountLinks).values({ key, accountId, createdAt: at }).onConflictDoNothing().run().changes === 1;
  }

  async linksOf(accountId: string): Promise<string[]> {
    return this.db.select({ key: accountLinks.key }).from(accountLinks).where(eq(accountLinks.accountId, accountId)).orderBy(asc(accountLinks.createdAt), asc(accountLinks.key)).all().map((r) => r.key);
  }

  async removeUnconfirmedBefore(before: number): Promise<string[]> {
    return this.db
      .delete(accounts)
      .where(and(isNull(accounts.emailConfirmedAt), isNull(accounts.personalCode), lt(accounts.createdAt, before), notExists(this.db.select({ one: accountLinks.key }).from(accountLinks).where(eq(accountLinks.accountId, accounts.id)))))
      .returning({ id: accounts.id })
      .all()
      .map((r) => r.id);
  }

  async createSession(s: AccountSession): Promise<void> {
    this.db.insert(accountSessions).values(s).run();
  }

  async sessionByTokenHash(tokenHash: string): Promise<AccountSession | null> {
    const row = this.db.select().from(accountSessions).where(eq(accountSessions.tokenHash, tokenHash)).get();
    return row ? toSession(row) : null;
  }

  async touchSession(id: string, at: number): Promise<void> {
    this.db.update(accountSessions).set({ lastSeenAt: at }).where(and(eq(accountSessions.id, id), lt(accountSessions.lastSeenAt, at))).run();
  }

  async removeSession(accountId: string, id: string): Promise<boolean> {
    return this.db.delete(accountSessions).where(and(eq(accountSessions.id, id), eq(accountSessions.accountId, accountId))).run().changes === 1;
  }

  async removeSessionsOf(accountId: string, keep?: string): Promise<number> {
    const mine = eq(accountSessions.accountId, accountId);
    return this.db.delete(accountSessions).where(keep === undefined ? mine : and(mine, ne(accountSessions.id, keep))).run().changes;
  }

  async sessionsOf(accountId: string): Promise<AccountSession[]> {
    return this.db.select().from(accountSessions).where(eq(accountSessions.accountId, accountId)).orderBy(desc(accountSessions.createdAt)).all().map(toSession);
  }

  async removeSessionsEnded(idleBefore: number, startedBefore: number): Promise<number> {
    return this.db
      .delete(accountSessions)
      .where(or(lt(accountSessions.lastSeenAt, idleBefore), lt(accountSessions.createdAt, startedBefore)))
      .run().changes;
  }

  async addToken(t: AccountToken): Promise<void> {
    this.db.transaction((tx) => {
      if (t.purpose !== 'confirm') tx.delete(accountTokens).where(and(eq(accountTokens.accountId, t.accountId), eq(accountTokens.purpose, t.purpose))).run();
      tx.insert(accountTokens).values(t).run();
    });
  }

  async findToken(tokenHash: string, purpose: AccountTokenPurpose, now: number): Promise<UsedToken | null> {
    const row = this.db
      .select({ accountId: accountTokens.accountId, passwordHash: accountTokens.passwordHash, email: accountTokens.email })
      .from(accountTokens)
      .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose), gt(accountTokens.expiresAt, now)))
      .get();
    return row ?? null;
  }

  async useToken(tokenHash: string, purpose: AccountTokenPurpose, now: number): Promise<UsedToken | null> {
    const row = this.db
      .delete(accountTokens)
      .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)))
      .returning({ accountId: accountTokens.accountId, expiresAt: accountTokens.expiresAt, passwordHash: accountTokens.passwordHash, email: accountTokens.email })
      .get();
    return row && row.expiresAt > now ? { accountId: row.accountId, passwordHash: row.passwordHash, email: row.email } : null;
  }
}
