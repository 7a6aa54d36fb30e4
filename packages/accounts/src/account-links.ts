/**
 * The account e-mails and their single-use links (AC5, AC8, AC15), shared by the account use
 * cases: a link's token is stored only as its SHA-256, used once, and an address gets at most one
 * e-mail of each group a minute (a paced call sends nothing and leaves the link already sent working).
 */
import { ACCOUNT_LINK_MS, KeyedTurns, type AccountTokenPurpose, type UsedToken, type Locale } from '@eid/domain';
import { refuseAccount } from './account-error.js';
import type { AccountMailKind, AccountPorts } from './ports.js';

/** AC8: one registration e-mail and one reset e-mail per address a minute; more calls answer alike and send nothing. */
export const ACCOUNT_MAIL_PACE_MS = 60_000;

export const LINK_TOKEN_RE = /^[A-Za-z0-9_-]{16,128}$/;

/** Which pace an e-mail counts toward: registering (and adding an address), or resetting. */
const PACE_GROUP: Readonly<Record<AccountMailKind, string>> = {
  confirm: 'register',
  'already-registered': 'register',
  reset: 'reset',
  'reset-no-account': 'reset',
  'confirm-email': 'email',
  'email-taken': 'email',
  'reset-no-password': 'reset',
};

export class AccountLinks {
  private readonly turns = new KeyedTurns();

  constructor(private readonly ports: Pick<AccountPorts, 'store' | 'mail' | 'clock' | 'ids' | 'hash' | 'expiring'>) {}

  async issue(accountId: string, purpose: AccountTokenPurpose, carried: { readonly passwordHash?: string; readonly email?: string } = {}): Promise<string> {
    const token = this.ports.ids.token();
    const expiresAt = this.ports.clock.now() + ACCOUNT_LINK_MS[purpose];
    await this.ports.store.addToken({
      tokenHash: await this.ports.hash.sha256Hex(token),
      accountId,
      purpose,
      expiresAt,
      passwordHash: carried.passwordHash ?? null,
      email: carried.email ?? null,
    });
    return token;
  }

  /** Reads a link without using it: what it was stored with, or null (malformed, unknown, used, expired, another purpose). */
  async find(token: string, purpose: AccountTokenPurpose): Promise<UsedToken | null> {
    if (!LINK_TOKEN_RE.test(token)) return null;
    return this.ports.store.findToken(await this.ports.hash.sha256Hex(token), purpose, this.ports.clock.now());
  }

  /** Uses a link once; ACCOUNT_LINK_INVALID for a malformed, unknown, used, expired or other-purpose one. */
  async use(token: string, purpose: AccountTokenPurpose): Promise<UsedToken> {
    if (!LINK_TOKEN_RE.test(token)) refuseAccount('ACCOUNT_LINK_INVALID');
    const used = await this.ports.store.useToken(await this.ports.hash.sha256Hex(token), purpose, this.ports.clock.now());
    return used ?? refuseAccount('ACCOUNT_LINK_INVALID');
  }

  /**
   * AC8: sends the e-mail unless one of its group went to this address within the pace (`by`: paced
   * per asking account too, so one account's requests never hold back another's). The link's token
   * is made only for an e-mail that is sent: a paced call leaves the link already sent working.
   */
  mail(kind: AccountMailKind, to: string, lang: Locale, token?: () => Promise<string>, by = ''): Promise<void> {
    const group = PACE_GROUP[kind];
    return this.turns.run(`mail:${group}:${by}:${to}`, async () => {
      const { expiring, clock, hash } = this.ports;
      const key = `account-mail:${group}:${by === '' ? '' : `${by}:`}${await hash.sha256Hex(to)}`;
      if (!(await expiring.claim(key, 1, clock.now() + ACCOUNT_MAIL_PACE_MS))) return;
      await this.ports.mail.send({ kind, to, lang, token: token ? await token() : null });
    });
  }
}
