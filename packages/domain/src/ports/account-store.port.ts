import type { NotificationPreferences } from '../bureau/records.js';
import type { Account, AccountPerson, AccountSession, AccountToken, AccountTokenPurpose } from '../account/account.js';

/**
 * **API Boundary.** Accounts, their sessions and their single-use link tokens. Addresses are
 * stored normalised and unique; tokens only as SHA-256, so a leaked table signs nobody in.
 */
export interface AccountStorePort {
  /** Stores a new account; false (nothing stored) when its address or personal code is taken. */
  createAccount(account: Account): Promise<boolean>;
  accountById(id: string): Promise<Account | null>;
  accountByEmail(email: string): Promise<Account | null>;
  /** Changes the given fields of an account; false when it is gone. */
  /** AC1: the account of a verified personal code. */
  accountByPersonalCode(personalCode: string): Promise<Account | null>;
  updateAccount(
    id: string,
    changes: Partial<Pick<Account, 'passwordHash' | 'emailConfirmedAt' | 'lang'>> & { readonly person?: AccountPerson },
  ): Promise<boolean>;
  /** AC14: gives the account this confirmed address (its messages go there); false when another account has it, or the account is gone. */
  setConfirmedEmail(id: string, email: string, at: number): Promise<boolean>;
  /** ID9: gives an account without one its verified personal code (linking Smart-ID or Mobile-ID); false when another account has it, the account has one already, or is gone. */
  setPersonalCode(id: string, personalCode: string): Promise<boolean>;
  /** Settings M: the account's notification choices; null when it never chose (the defaults apply) or is gone. */
  notificationsOf(id: string): Promise<NotificationPreferences | null>;
  /** Settings M: stores the choices; false when the account is gone. */
  setNotifications(id: string, prefs: NotificationPreferences): Promise<boolean>;
  /** BR5: records that the account's browser held this party's seat (the seat's token hash) of the declaration (kept once). */
  linkDeclaration(accountId: string, declarationId: string, party: 'A' | 'B', tokenHash: string, at: number): Promise<void>;
  /** BR5: the declarations the account took part in, newest first. */
  declarationsOf(accountId: string): Promise<DeclarationLink[]>;
  /** RT1: the declarations any account is linked to (the retention sweep drops the links of those deleted). */
  linkedDeclarationIds(): Promise<string[]>;
  /** RT1: removes every account's links to these declarations; resolves how many went. */
  unlinkDeclarations(declarationIds: readonly string[]): Promise<number>;
  /** OI3: the account a social account (its issuer and subject, one key) signs in to. */
  accountByLink(key: string): Promise<Account | null>;
  /** OI3: links a social account to an account; false when the key is linked already (to any account). */
  addLink(accountId: string, key: string, at: number): Promise<boolean>;
  /** OI3: the keys linked to an account, oldest first. */
  linksOf(accountId: string): Promise<string[]>;
  /** Deletes the accounts never confirmed that were made before `before` (an address never confirmed, no verified personal code, no linked social account), with their sessions, tokens and links; resolves their ids. */
  removeUnconfirmedBefore(before: number): Promise<string[]>;

  createSession(session: AccountSession): Promise<void>;
  sessionByTokenHash(tokenHash: string): Promise<AccountSession | null>;
  /** Records a call of the session (its idle time starts again). */
  touchSession(id: string, at: number): Promise<void>;
  /** Ends one session of the account; false when it is not the account's (or gone). */
  removeSession(accountId: string, id: string): Promise<boolean>;
  /** Ends every session of the account, but `keep`; resolves how many ended. */
  removeSessionsOf(accountId: string, keep?: string): Promise<number>;
  /** The account's sessions, newest first. */
  sessionsOf(accountId: string): Promise<AccountSession[]>;
  /** Deletes the sessions idle since `idleBefore` or started before `startedBefore`; resolves how many. */
  removeSessionsEnded(idleBefore: number, startedBefore: number): Promise<number>;

  /**
   * Stores a link's token (its hash). A reset link replaces the account's earlier ones; confirmation
   * links stay side by side (each carries the password of its own registration).
   */
  addToken(token: AccountToken): Promise<void>;
  /** Reads a token without using it: its account and password when stored for this purpose and unexpired at `now`. */
  findToken(tokenHash: string, purpose: AccountTokenPurpose, now: number): Promise<UsedToken | null>;
  /**
   * Uses a token once: atomically removes it and resolves its account (and a confirmation link's
   * password) when it was stored for this purpose and is unexpired at `now`; null otherwise (a
   * second use, a wrong purpose, expired).
   */
  useToken(tokenHash: string, purpose: AccountTokenPurpose, now: number): Promise<UsedToken | null>;
}

/** What a link's token was stored with: its account, and a confirmation link's password or a new address's. */
export type UsedToken = Pick<AccountToken, 'accountId' | 'passwordHash' | 'email'>;

/** BR5: an account's seat in a declaration: the party and the hash of the seat's token it held. */
export interface DeclarationLink {
  readonly declarationId: string;
  readonly party: 'A' | 'B';
  readonly tokenHash: string;
  readonly at: number;
}
