/**
 * AC15: an account without a password (made by Smart-ID, Mobile-ID or a social account) gives an
 * address for its messages and reminders; the link sent there confirms it, opened in a browser
 * signed in to that same account (so a link someone else asked for, clicked by the address's owner,
 * gives that someone nothing). An account with a password keeps the address it signs in with. An
 * address that is another account's is never taken: the request answers alike (the e-mail to that
 * address says why nothing changed), and a link whose address another account confirmed in the
 * meantime is EMAIL_TAKEN. The e-mails are paced per asking account and address.
 */
import type { Account, Locale } from '@eid/domain';
import { refuseAccount } from './account-error.js';
import type { AccountLinks } from './account-links.js';
import type { AccountPorts } from './ports.js';

export class AccountAddress {
  constructor(
    private readonly ports: AccountPorts,
    private readonly links: AccountLinks,
  ) {}

  /** Sends the confirmation link (or, for another account's address, the e-mail saying so). */
  async request(account: Account, input: { readonly email: string; readonly lang: Locale }): Promise<void> {
    if (account.passwordHash !== null) refuseAccount('EMAIL_IS_SIGN_IN');
    const owner = await this.ports.store.accountByEmail(input.email);
    if (owner && owner.id !== account.id) return this.links.mail('email-taken', input.email, owner.lang);
    await this.links.mail('confirm-email', input.email, input.lang, () => this.links.issue(account.id, 'email', { email: input.email }), account.id);
  }

  /** The link, once, by the account that asked for it: its address becomes the one it was sent to, confirmed. */
  async confirm(signedIn: Account, token: string): Promise<{ readonly email: string }> {
    const { store, clock } = this.ports;
    // Another account's link (or none) is refused and stays as it is.
    const found = await this.links.find(token, 'email');
    if (!found || found.accountId !== signedIn.id) refuseAccount('ACCOUNT_LINK_INVALID');
    const used = await this.links.use(token, 'email');
    const account = await store.accountById(used.accountId);
    if (!account || account.id !== signedIn.id || used.email === null) return refuseAccount('ACCOUNT_LINK_INVALID');
    // A password came since (a reset by this very address): the address is its sign-in now.
    if (account.passwordHash !== null) refuseAccount('EMAIL_IS_SIGN_IN');
    if (!(await store.setConfirmedEmail(account.id, used.email, clock.now()))) refuseAccount('EMAIL_TAKEN');
    return { email: used.email };
  }
}
