/**
 * OidcProviderPort over `openid-client` (SPEC.md OI1, OI4): the issuer's metadata discovered once
 * (again after a failure), the authorization code flow with PKCE (S256), a fresh state and nonce
 * per sign-in, the ID token checked by the library (issuer, audience, signature, expiry, nonce),
 * and the profile from the userinfo endpoint (its subject must be the token's). Plain http is
 * allowed only for an issuer on loopback (the local provider of the tests).
 */
import * as client from 'openid-client';
import { IdentityFailure, type OidcClaims, type OidcProviderPort } from '@eid/domain';

export interface OidcClientConfig {
  /** The name on the button ("Google"). */
  readonly name: string;
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Seconds a call to the provider may take. */
  readonly timeoutSeconds?: number;
}

const isLoopback = (url: URL) => url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export class OidcClient implements OidcProviderPort {
  readonly name: string;
  private configuration: Promise<client.Configuration> | null = null;

  constructor(private readonly config: OidcClientConfig) {
    this.name = config.name;
  }

  async begin(redirectUri: string): Promise<{ readonly url: string; readonly state: string; readonly context: Readonly<Record<string, string>> }> {
    const configuration = await this.discovered();
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, context: { verifier, nonce, state } };
  }

  async finish(callbackUrl: string, redirectUri: string, context: Readonly<Record<string, string>>): Promise<OidcClaims> {
    const configuration = await this.discovered();
    const answer = new URL(callbackUrl);
    // The person said no at the provider.
    const error = answer.searchParams.get('error');
    if (error === 'access_denied') throw new IdentityFailure('USER_REFUSED');
    // The provider could not sign the person in (server_error, temporarily_unavailable, …): try again later.
    if (error !== null) throw new IdentityFailure('FAILED');
    const { verifier, nonce, state } = context;
    if (!verifier || !nonce || !state) throw new IdentityFailure('NOT_VERIFIED');
    // The token request's redirect_uri must be the one the authorization used.
    const current = new URL(redirectUri);
    current.search = answer.search;
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(configuration, current, { pkceCodeVerifier: verifier, expectedNonce: nonce, expectedState: state, idTokenExpected: true });
    } catch (e) {
      throw new IdentityFailure(e instanceof TypeError || (e as { name?: string }).name === 'TimeoutError' ? 'FAILED' : 'NOT_VERIFIED');
    }
    const idToken = tokens.claims();
    if (!idToken) throw new IdentityFailure('NOT_VERIFIED');
    const profile = await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub).catch(() => null);
    return {
      issuer: idToken.iss,
      subject: idToken.sub,
      email: text(profile?.email_verified === true ? profile.email : null),
      givenName: text(profile?.given_name ?? idToken.given_name),
      familyName: text(profile?.family_name ?? idToken.family_name),
    };
  }

  private discovered(): Promise<client.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.config.issuer);
      this.configuration = client
        .discovery(issuer, this.config.clientId, undefined, client.ClientSecretBasic(this.config.clientSecret), {
          timeout: this.config.timeoutSeconds ?? 10,
          ...(isLoopback(issuer) ? { execute: [client.allowInsecureRequests] } : {}),
        })
        .catch(() => {
          this.configuration = null;
          throw new IdentityFailure('FAILED');
        });
    }
    return this.configuration;
  }
}
