import type { Account, AccountSession, AccountStorePort, AccountToken, AccountTokenPurpose, AccountPerson, DeclarationLink, NotificationPreferences, UsedToken } from '@eid/domain';

/** Accounts are plain data: a copy in and out keeps the caller from changing what is stored. */
const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** AccountStorePort in Maps: tests and the practice build's composition. */
export class MemoryAccountStore implements AccountStorePort {
  private readonly accounts = new Map<string, Account>();
  private readonly sessions = new Map<string, AccountSession>();
  private readonly tokens = new Map<string, AccountToken>();
  private readonly notifications = new Map<string, NotificationPreferences>();
  private readonly declarations = new Map<string, DeclarationLink & { readonly accountId: string }>();
  private readonly links = new Map<string, { readonly accountId: string; readonly at: number }>();

  async createAccount(account: Account): Promise<boolean> {
    for (const a of this.accounts.values()) {
      if (account.email !== null && a.email === account.email) return false;
      if (account.personalCode !== null && a.personalCode === account.personalCode) return false;
    }
    if (this.accounts.has(account.id)) return false;
    this.accounts.set(account.id, copy(account));
    return true;
  }

  async accountById(id: string): Promise<Account | null> {
    const a = this.accounts.get(id);
    return a ? copy(a) : null;
  }

  async accountByEmail(email: string): Promise<Account | null> {
    for (const a of this.accounts.values()) if (a.email === email) return copy(a);
    return null;
  }

  async accountByPersonalCode(personalCode: string): Promise<Account | null> {
    const found = [...this.accounts.values()].find((a) => a.personalCode === personalCode);
    return found ? copy(found) : null;
  }

  async updateAccount(
    id: string,
    changes: Partial<Pick<Account, 'passwordHash' | 'emailConfirmedAt' | 'lang'>> & { readonly person?: AccountPerson },
  ): Promise<boolean> {
    const a = this.accounts.get(id);
    if (!a) return false;
    this.accounts.set(id, copy({ ...a, ...changes }));
    return true;
  }

  async setPersonalCode(id: string, personalCode: string): Promise<boolean> {
    const a = this.accounts.get(id);
    if (!a || a.personalCode !== null || [...this.accounts.values()].some((o) => o.id !== id && o.personalCode === personalCode)) return false;
    this.accounts.set(id, { ...a, personalCode });
    return true;
  }

  async setConfirmedEmail(id: string, email: string, at: number): Promise<boolean> {
    const a = this.accounts.get(id);
    if (!a || [...this.accounts.values()].some((o) => o.id !== id && o.email === email)) return false;
    this.accounts.set(id, { ...a, email, emailConfirmedAt: at });
    return true;
  }

  async linkDeclaration(accountId: string, declarationId: string, party: 'A' | 'B', tokenHash: string, at: number): Promise<void> {
    const key = `${accountId}|${declarationId}|${party}|${tokenHash}`;
    if (this.accounts.has(accountId) && !this.declarations.has(key)) this.declarations.set(key, { accountId, declarationId, party, tokenHash, at });
  }

  async declarationsOf(accountId: string): Promise<DeclarationLink[]> {
    return [...this.declarations.values()]
      .filter((d) => d.accountId === accountId)
      .sort((a, b) => b.at - a.at)
      .map(({ declarationId, party, tokenHash, at }) => ({ declarationId, party, tokenHash, at }));
  }

  async linkedDeclarationIds(): Promise<string[]> {
    return [...new Set([...this.declarations.values()].map((d) => d.declarationId))];
  }

  async unlinkDeclarations(declarationIds: readonly string[]): Promise<number> {
    const gone = new Set(declarationIds);
    let removed = 0;
    for (const [key, d] of this.declarations) {
      if (gone.has(d.declarationId)) {
        this.declarations.delete(key);
        removed += 1;
      }
    }
    return removed;
  }

  async notificationsOf(id: string): Promise<NotificationPreferences | null> {
    const found = this.notifications.get(id);
    return found && this.accounts.has(id) ? { ...found } : null;
  }

  async setNotifications(id: string, prefs: NotificationPreferences): Promise<boolean> {
    if (!this.accounts.has(id)) return false;
    this.notifications.set(id, { ...prefs });
    return true;
  }

  async accountByLink(key: string): Promise<Account | null> {
    const link = this.links.get(key);
    return link ? this.accountById(link.accountId) : null;
  }

  async addLink(accountId: string, key: string, at: number): Promise<boolean> {
    if (this.links.has(key) || !this.accounts.has(accountId)) return false;
    this.links.set(key, { accountId, at });
    return true;
  }

  async linksOf(accountId: string): Promise<string[]> {
    return [...this.links.entries()]
      .filter(([, l]) => l.accountId === accountId)
      .sort((a, b) => a[1].at - b[1].at)
      .map(([k]) => k);
  }

  async removeUnconfirmedBefore(before: number): Promise<string[]> {
    const linked = new Set([...this.links.values()].map((l) => l.accountId));
    const gone = [...this.accounts.values()].filter((a) => a.emailConfirmedAt === null && a.personalCode === null && !linked.has(a.id) && a.createdAt < before).map((a) => a.id);
    for (const id of gone) this.removeAccount(id);
    return gone;
  }

  private removeAccount(id: string): void {
    this.accounts.delete(id);
    for (const [k, s] of this.sessions) if (s.accountId === id) this.sessions.delete(k);
    for (const [k, t] of this.tokens) if (t.accountId === id) this.tokens.delete(k);
    for (const [k, l] of this.links) if (l.accountId === id) this.links.delete(k);
    this.notifications.delete(id);
    for (const [k, d] of this.declarations) if (d.accountId === id) this.declarations.delete(k);
  }

  async createSession(session: AccountSession): Promise<void> {
    this.sessions.set(session.id, { ...session });
  }

  async sessionByTokenHash(tokenHash: string): Promise<AccountSession | null> {
    for (const s of this.sessions.values()) if (s.tokenHash === tokenHash) return { ...s };
    return null;
  }

  async touchSession(id: string, at: number): Promise<void> {
    const s = this.sessions.get(id);
    if (s) this.sessions.set(id, { ...s, lastSeenAt: Math.max(s.lastSeenAt, at) });
  }

  async removeSession(accountId: string, id: string): Promise<boolean> {
    if (this.sessions.get(id)?.accountId !== accountId) return false;
    return this.sessions.delete(id);
  }

  async removeSessionsOf(accountId: string, keep?: string): Promise<number> {
    let n = 0;
    for (const [k, s] of this.sessions) {
      if (s.accountId === accountId && k !== keep) {
        this.sessions.delete(k);
        n += 1;
      }
    }
    return n;
  }

  async sessionsOf(accountId: string): Promise<AccountSession[]> {
    return [...this.sessions.values()].filter((s) => s.accountId === accountId).sort((a, b) => b.createdAt - a.createdAt).map((s) => ({ ...s }));
  }

  async removeSessionsEnded(idleBefore: number, startedBefore: number): Promise<number> {
    let n = 0;
    for (const [k, s] of this.sessions) {
      if (s.lastSeenAt < idleBefore || s.createdAt < startedBefore) {
        this.sessions.delete(k);
        n += 1;
      }
    }
    return n;
  }

  async addToken(token: AccountToken): Promise<void> {
    if (token.purpose !== 'confirm') for (const [k, t] of this.tokens) if (t.accountId === token.accountId && t.purpose === token.purpose) this.tokens.delete(k);
    this.tokens.set(token.tokenHash, { ...token });
  }

  async findToken(tokenHash: string, purpose: AccountTokenPurpose, now: number): Promise<UsedToken | null> {
    const t = this.tokens.get(tokenHash);
    return t && t.purpose === purpose && t.expiresAt > now ? { accountId: t.accountId, passwordHash: t.passwordHash, email: t.email } : null;
  }

  async useToken(tokenHash: string, purpose: AccountTokenPurpose, now: number): Promise<UsedToken | null> {
    const t = this.tokens.get(tokenHash);
    if (!t || t.purpose !== purpose) return null;
    this.tokens.delete(tokenHash);
    return t.expiresAt > now ? { accountId: t.accountId, passwordHash: t.passwordHash, email: t.email } : null;
  }
}
