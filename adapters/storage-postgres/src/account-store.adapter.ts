import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, notExists, or } from 'drizzle-orm';
import { DEFAULT_LOCALE, isLocale, type Account, type AccountPerson, type DeclarationLink, type NotificationPreferences, type AccountSession, type AccountStorePort, type AccountToken, type AccountTokenPurpose, type UsedToken, type SignInMethod } from '@eid/domain';
import type { PgDatabase } from './database.js';
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

/** AccountStorePort in PostgreSQL (several nodes). Cascades delete an account's sessions and tokens. */
export class PgAccountStore implements AccountStorePort {
  constructor(private readonly db: PgDatabase) {}

  async createAccount(a: Account): Promise<boolean> {
    const rows = await this.db
      .insert(accounts)
      .values({ id: a.id, email: a.email, emailConfirmedAt: a.emailConfirmedAt, passwordHash: a.passwordHash, personalCode: a.personalCode, ...a.person, lang: a.lang, createdAt: a.createdAt })
      .onConflictDoNothing()
      .returning({ id: accounts.id });
    return rows.length === 1;
  }

  async accountById(id: string): Promise<Account | null> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.id, id));
    return row ? toAccount(row) : null;
  }

  async accountByEmail(email: string): Promise<Account | null> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.email, email));
    return row ? toAccount(row) : null;
  }

  async accountByPersonalCode(personalCode: string): Promise<Account | null> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.personalCode, personalCode));
    return row ? toAccount(row) : null;
  }

  async updateAccount(
    id: string,
    changes: Partial<Pick<Account, 'passwordHash' | 'emailConfirmedAt' | 'lang'>> & { readonly person?: AccountPerson },
  ): Promise<boolean> {
    const { person, ...rest } = changes;
    const set = { ...rest, ...(person ?? {}) };
    if (Object.keys(set).length === 0) return (await this.accountById(id)) !== null;
    const rows = await this.db.update(accounts).set(set).where(eq(accounts.id, id)).returning({ id: accounts.id });
    return rows.length === 1;
  }

  async setPersonalCode(id: string, personalCode: string): Promise<boolean> {
    try {
      const rows = await this.db.update(accounts).set({ personalCode }).where(and(eq(accounts.id, id), isNull(accounts.personalCode))).returning({ id: accounts.id });
      return rows.length === 1;
    } catch (e) {
      // Another account has the code (unique_violation).
      if ((e as { code?: unknown }).code === '23505' || (e as { cause?: { code?: unknown } }).cause?.code === '23505') return false;
      throw e;
    }
  }

  async setConfirmedEmail(id: string, email: string, at: number): Promise<boolean> {
    try {
      const rows = await this.db.update(accounts).set({ email, emailConfirmedAt: at }).where(eq(accounts.id, id)).returning({ id: accounts.id });
      return rows.length === 1;
    } catch (e) {
      // Another account has the address (unique_violation).
      if ((e as { code?: unknown }).code === '23505' || (e as { cause?: { code?: unknown } }).cause?.code === '23505') return false;
      throw e;
    }
  }

  async linkDeclaration(accountId: string, declarationId: string, party: 'A' | 'B', tokenHash: string, at: number): Promise<void> {
    try {
      await this.db.insert(accountDeclarations).values({ accountId, declarationId, party, tokenHash, createdAt: at }).onConflictDoNothing();
    } catch (e) {
      // The account is gone (foreign_key_violation): nothing to link.
      if ((e as { code?: unknown }).code !== '23503' && (e as { cause?: { code?: unknown } }).cause?.code !== '23503') throw e;
    }
  }

  async declarationsOf(accountId: string): Promise<DeclarationLink[]> {
    const rows = await this.db.select().from(accountDeclarations).where(eq(accountDeclarations.accountId, accountId)).orderBy(desc(accountDeclarations.createdAt));
    return rows.map((r) => ({ declarationId: r.declarationId, party: r.party === 'B' ? ('B' as const) : ('A' as const), tokenHash: r.tokenHash, at: r.createdAt }));
  }

  async linkedDeclarationIds(): Promise<string[]> {
    return (await this.db.selectDistinct({ id: accountDeclarations.declarationId }).from(accountDeclarations)).map((r) => r.id);
  }

  async unlinkDeclarations(declarationIds: readonly string[]): Promise<number> {
    let removed = 0;
    // In slices: a statement carries at most 65,535 parameters.
    for (let i = 0; i < declarationIds.length; i += 1000) {
      const rows = await this.db.delete(accountDeclarations).where(inArray(accountDeclarations.declarationId, declarationIds.slice(i, i + 1000))).returning({ id: accountDeclarations.declarationId });
      removed += rows.length;
    }
    return removed;
  }

  async notificationsOf(id: string): Promise<NotificationPreferences | null> {
    const [row] = await this.db.select({ n: accounts.notifications }).from(accounts).where(eq(accounts.id, id));
    return row?.n ?? null;
  }

  async setNotifications(id: string, prefs: NotificationPreferences): Promise<boolean> {
    const rows = await this.db.update(accounts).set({ notifications: prefs }).where(eq(accounts.id, id)).returning({ id: accounts.id });
    return rows.length === 1;
  }

  async accountByLink(key: string): Promise<Account | null> {
    const [row] = await this.db.select({ account: accounts }).from(accountLinks).innerJoin(accounts, eq(accounts.id, accountLinks.accountId)).where(eq(accountLinks.key, key));
    return row ? toAccount(row.account) : null;
  }

  async addLink(accountId: string, key: string, at: number): Promise<boolean> {
    try {
      const rows = await this.db.insert(accountLinks).values({ key, accountId, createdAt: at }).onConflictDoNothing().returning({ key: accountLinks.key });
      return rows.length === 1;
    } catch (e) {
      // The account is gone (foreign_key_violation).
      if ((e as { code?: unknown }).code === '23503' || (e as { cause?: { code?: unknown } }).cause?.code === '23503') return false;
      throw e;
    }
  }

  async linksOf(accountId: string): Promise<string[]> {
    const rows = await this.db.select({ key: accountLinks.key }).from(accountLinks).where(eq(accountLinks.accountId, accountId)).orderBy(asc(accountLinks.createdAt), asc(accountLinks.key));
    return rows.map((r) => r.key);
  }

  async removeUnconfirmedBefore(before: number): Promise<string[]> {
    const rows = await this.db
      .delete(accounts)
      .where(and(isNull(accounts.emailConfirmedAt), isNull(accounts.personalCode), lt(accounts.createdAt, before), notExists(this.db.select({ one: accountLinks.key }).from(accountLinks).where(eq(accountLinks.accountId, accounts.id)))))
      .returning({ id: accounts.id });
    return rows.map((r) => r.id);
  }

  async createSession(s: AccountSession): Promise<void> {
    await this.db.insert(accountSessions).values(s);
  }

  async sessionByTokenHash(tokenHash: string): Promise<AccountSession | null> {
    const [row] = await this.db.select().from(accountSessions).where(eq(accountSessions.tokenHash, tokenHash));
    return row ? toSession(row) : null;
  }

  async touchSession(id: string, at: number): Promise<void> {
    await this.db.update(accountSessions).set({ lastSeenAt: at }).where(and(eq(accountSessions.id, id), lt(accountSessions.lastSeenAt, at)));
  }

  async removeSession(accountId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(accountSessions)
      .where(and(eq(accountSessions.id, id), eq(accountSessions.accountId, accountId)))
      .returning({ id: accountSessions.id });
    return rows.length === 1;
  }

  async removeSessionsOf(accountId: string, keep?: string): Promise<number> {
    const mine = eq(accountSessions.accountId, accountId);
    const rows = await this.db
      .delete(accountSessions)
      .where(keep === undefined ? mine : and(mine, ne(accountSessions.id, keep)))
      .returning({ id: accountSessions.id });
    return rows.length;
  }

  async sessionsOf(accountId: string): Promise<AccountSession[]> {
    const rows = await this.db.select().from(accountSessions).where(eq(accountSessions.accountId, accountId)).orderBy(desc(accountSessions.createdAt));
    return rows.map(toSession);
  }

  async removeSessionsEnded(idleBefore: number, startedBefore: number): Promise<number> {
    const rows = await this.db
      .delete(accountSessions)
      .where(or(lt(accountSessions.lastSeenAt, idleBefore), lt(accountSessions.createdAt, startedBefore)))
      .returning({ id: accountSessions.id });
    return rows.length;
  }

  async addToken(t: AccountToken): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (t.purpose !== 'confirm') await tx.delete(accountTokens).where(and(eq(accountTokens.accountId, t.accountId), eq(accountTokens.purpose, t.purpose)));
      await tx.insert(accountTokens).values(t);
    });
  }

  async findToken(tokenHash: string, purpose: AccountTokenPurpose, now: number): Promise<UsedToken | null> {
    const [row] = await this.db
      .select({ accountId: accountTokens.accountId, passwordHash: accountTokens.passwordHash, email: accountTokens.email })
      .from(accountTokens)
      .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose), gt(accountTokens.expiresAt, now)));
    return row ?? null;
  }

  async useToken(tokenHash: string, purpose: AccountTokenPurpose, now: number): Promise<UsedToken | null> {
    const [row] = await this.db
      .delete(accountTokens)
      .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)))
      .returning({ accountId: accountTokens.accountId, expiresAt: accountTokens.expiresAt, passwordHash: accountTokens.passwordHash, email: accountTokens.email });
    return row && row.expiresAt > now ? { accountId: row.accountId, passwordHash: row.passwordHash, email: row.email } : null;
  }
}
