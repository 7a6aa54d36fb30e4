/**
 * Sign-in with a social account over OpenID Connect (issue 15; SPEC.md OI1-OI4): the
 * authorization code flow with PKCE against issuers this installation is configured with. A
 * social account proves who the person is at that provider, never a personal code nor an address
 * of ours: it is known by its issuer and subject alone.
 */
import * as v from 'valibot';
import { object } from '../rules/schema.js';

/** A configured provider's id, as it appears in the sign-in paths (`google`, `local`). */
export const OidcProviderIdSchema = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,30}$/));

/** OI2: the callback's query as the provider sends it back (what is checked is the adapter's work). */
export const OidcCallbackSchema = object({
  state: v.optional(v.pipe(v.string(), v.maxLength(512))),
  code: v.optional(v.pipe(v.string(), v.maxLength(4096))),
  error: v.optional(v.pipe(v.string(), v.maxLength(256))),
});

/** What a verified ID token and the userinfo say about the person. */
export interface OidcClaims {
  readonly issuer: string;
  readonly subject: string;
  readonly email: string | null;
  readonly givenName: string | null;
  readonly familyName: string | null;
}

/** OI3: the one key of a social account: its issuer and its subject there. */
export function oidcLinkKey(issuer: string, subject: string): string {
  return `${issuer}#${subject}`;
}

/** OI2: where to go after signing in: a path of this site only (one leading slash), else the account's home. */
export function safeNextPath(next: unknown): string {
  if (typeof next !== 'string' || next.length > 2000 || !/^\/(?![/\\])/.test(next) || [...next].some((c) => c < ' ')) return '/user';
  return next;
}

/**
 * An OpenID Connect provider (authorization code + PKCE). `begin` gives the provider's address to
 * send the browser to, its state (the key of the sign-in) and what `finish` needs to check the answer (kept by the caller); `finish`
 * takes the callback's whole address and resolves the verified claims, or throws IdentityFailure
 * (USER_REFUSED when the person declined, NOT_VERIFIED when the answer does not verify, FAILED
 * when the provider cannot be reached).
 */
export interface OidcProviderPort {
  /** The name on the button ("Google"). */
  readonly name: string;
  begin(redirectUri: string): Promise<{ readonly url: string; readonly state: string; readonly context: Readonly<Record<string, string>> }>;
  finish(callbackUrl: string, redirectUri: string, context: Readonly<Record<string, string>>): Promise<OidcClaims>;
}
