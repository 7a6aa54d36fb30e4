/**
 * Sign-in with a social account over OpenID Connect (SPEC.md OI1-OI4): the browser is sent to the
 * provider with a fresh state, nonce and PKCE verifier kept here (any node, 10 minutes) and bound
 * to that browser by the hash of its HTTP-only cookie; the callback is taken once, checked by the
 * provider's adapter, and signs in to the account linked to that issuer and subject — made at the
 * first sign-in, with no address, password or personal code.
 */
import {
  DEFAULT_LOCALE,
  IdentityFailure,
  isLocale,
  NO_PERSON,
  oidcLinkKey,
  safeNextPath,
  type Account,
  type Locale,
  type OidcClaims,
  type OidcProviderPort,
} from '@eid/domain';
import { refuseAccount } from './account-error.js';
import type { AccountService, StartedSession } from './account.service.js';
import type { AccountPorts } from './ports.js';

/** OI2: a sign-in at a provider may take this long (the person may have to sign in there first). */
export const OIDC_ATTEMPT_MS = 10 * 60_000;

interface PendingOidc {
  readonly provider: string;
  readonly binding: string;
  readonly next: string;
  /** OI3: the hash of the session the browser had when it left (the strict session cookie does not come back with the provider's redirect): it ends at the sign-in. */
  readonly replacing?: string;
  readonly context: Readonly<Record<string, string>>;
  /** The language of the page the sign-in was started on: an account it makes speaks it (issue 37). */
  readonly lang?: Locale;
}

const isPendingOidc = (x: unknown): x is PendingOidc =>
  typeof x === 'object' && x !== null && typeof (x as PendingOidc).provider === 'string' && typeof (x as PendingOidc).binding === 'string' && typeof (x as PendingOidc).context === 'object';

export class OidcSignIn {
  constructor(
    private readonly ports: AccountPorts,
    private readonly accounts: AccountService,
    private readonly providers: Readonly<Record<string, OidcProviderPort>>,
  ) {}

  /** The providers offered, with their buttons' names. */
  available(): Array<{ readonly id: string; readonly name: string }> {
    return Object.entries(this.providers).map(([id, p]) => ({ id, name: p.name }));
  }

  /** OI1, OI2: the provider's address to send this browser to; the state is the key of what the callback needs. */
  async start(providerId: string, redirectUri: string, binding: string, next: unknown, replacing?: string, lang?: Locale): Promise<string> {
    const provider = this.providers[providerId];
    if (!provider) return refuseAccount('IDENTITY_FAILED');
    const { expiring, hash, clock } = this.ports;
    const begun = await provider.begin(redirectUri).catch((e: unknown) => refuseAccount(e instanceof IdentityFailure ? `IDENTITY_${e.outcome}` : 'IDENTITY_FAILED'));
    const pending: PendingOidc = {
      provider: providerId,
      binding: await hash.sha256Hex(binding),
      next: safeNextPath(next),
      context: begun.context,
      ...(lang ? { lang } : {}),
      ...(replacing ? { replacing: await hash.sha256Hex(replacing) } : {}),
    };
    await expiring.set(await this.key(begun.state), pending, clock.now() + OIDC_ATTEMPT_MS);
    return begun.url;
  }

  /**
   * OI2-OI4: the provider's answer for the browser that started it, taken once; a session on the
   * account of that social account. Refusals are the identity codes (the provider's "no" is
   * USER_REFUSED); an unknown, used or another browser's state is SIGN_IN_ATTEMPT_UNKNOWN.
   */
  async finish(providerId: string, callback: { readonly url: string; readonly state: string }, redirectUri: string, binding: string, device: string, replacing?: string): Promise<{ readonly started: StartedSession; readonly next: string }> {
    const { state } = callback;
    if (state === '' || state.length > 512) return refuseAccount('SIGN_IN_ATTEMPT_UNKNOWN');
    const { expiring, hash } = this.ports;
    const key = await this.key(state);
    const pending = await expiring.get(key);
    if (!isPendingOidc(pending) || pending.provider !== providerId || pending.binding !== (await hash.sha256Hex(binding))) return refuseAccount('SIGN_IN_ATTEMPT_UNKNOWN');
    // Used once, whatever the answer: taken in one step (of two callbacks at once, on any nodes, one gets it).
    if ((await expiring.take(key)) === null) return refuseAccount('SIGN_IN_ATTEMPT_UNKNOWN');
    const provider = this.providers[providerId];
    if (!provider) return refuseAccount('IDENTITY_FAILED');
    const claims = await provider.finish(callback.url, redirectUri, pending.context).catch((e: unknown) => {
      if (!(e instanceof IdentityFailure)) return refuseAccount('IDENTITY_NOT_VERIFIED');
      return refuseAccount(e.outcome === 'USER_REFUSED' ? 'SOCIAL_SIGN_IN_CANCELLED' : `IDENTITY_${e.outcome}`);
    });
    const account = await this.accountOf(claims, isLocale(pending.lang) ? pending.lang : DEFAULT_LOCALE);
    // The session the browser had when it left ends (no fixation); so does one it came back with.
    const old = pending.replacing ? await this.ports.store.sessionByTokenHash(pending.replacing) : null;
    if (old) await this.ports.store.removeSession(old.accountId, old.id);
    return { started: await this.accounts.startSession(account, 'oidc', device, replacing), next: pending.next };
  }

  /** OI3: the account linked to the social account; made at its first sign-in (names from the claims, not verified; `lang` the page's). */
  private async accountOf(claims: OidcClaims, lang: Locale): Promise<Account> {
    const { store, ids, clock } = this.ports;
    const link = oidcLinkKey(claims.issuer, claims.subject);
    const linked = await store.accountByLink(link);
    if (linked) return linked;
    const account: Account = {
      id: ids.token(),
      email: null,
      emailConfirmedAt: null,
      passwordHash: null,
      personalCode: null,
      person: { ...NO_PERSON, firstName: claims.givenName?.slice(0, 100) ?? null, lastName: claims.familyName?.slice(0, 100) ?? null },
      lang,
      createdAt: clock.now(),
    };
    await store.createAccount(account);
    if (await store.addLink(account.id, link, clock.now())) return account;
    // Linked at the same moment by another sign-in: that account (this one is swept as never used).
    return (await store.accountByLink(link)) ?? refuseAccount('IDENTITY_FAILED');
  }

  private async key(state: string): Promise<string> {
    return `oidc:${await this.ports.hash.sha256Hex(state)}`;
  }
}
