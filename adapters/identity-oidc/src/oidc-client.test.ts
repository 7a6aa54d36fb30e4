import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityFailure } from '@eid/domain';
import { walkToCallback } from './browser-walk.js';
import { LocalOidcProvider } from './local-provider.js';
import { OidcClient } from './oidc-client.js';

const CALLBACK = 'https://eid.test/serveris/account/oidc/local/callback';

describe('OpenID Connect (openid-client) against a real local provider (oidc-provider)', () => {
  let provider: LocalOidcProvider;
  let client: OidcClient;
  beforeAll(async () => {
    provider = await LocalOidcProvider.start({ redirectUris: [CALLBACK] });
    client = new OidcClient({ name: 'Local', issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret });
  });
  afterAll(async () => {
    await provider.close();
  });

  it('[OI1] authorization code with PKCE: the address asks S256 with a fresh state and nonce; the answer gives the subject and the profile', async () => {
    const begun = await client.begin(CALLBACK);
    const url = new URL(begun.url);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ response_type: 'code', client_id: 'eid-local', redirect_uri: CALLBACK, code_challenge_method: 'S256', scope: 'openid email profile', state: begun.state });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('nonce')).toBe(begun.context.nonce);
    // The verifier itself never leaves our side.
    expect(begun.url).not.toContain(begun.context.verifier);
    const again = await client.begin(CALLBACK);
    expect(again.state).not.toBe(begun.state);
    const callback = await walkToCallback(begun.url, 'ona.petraitiene', CALLBACK);
    expect(await client.finish(callback, CALLBACK, begun.context)).toEqual({ issuer: provider.issuer, subject: 'ona.petraitiene', email: 'ona.petraitiene@local.test', givenName: 'Ona', familyName: 'Petraitiene' });
  });

  it('[OI4] an answer checked with another sign-in\'s verifier, nonce or state is NOT_VERIFIED; a code is used once', async () => {
    const first = await client.begin(CALLBACK);
    const second = await client.begin(CALLBACK);
    const callback = await walkToCallback(first.url, 'jonas', CALLBACK);
    await expect(client.finish(callback, CALLBACK, second.context)).rejects.toEqual(new IdentityFailure('NOT_VERIFIED'));
    await expect(client.finish(callback, CALLBACK, { ...first.context, verifier: second.context.verifier ?? '' })).rejects.toEqual(new IdentityFailure('NOT_VERIFIED'));
    const third = await client.begin(CALLBACK);
    const good = await walkToCallback(third.url, 'jonas', CALLBACK);
    expect((await client.finish(good, CALLBACK, third.context)).subject).toBe('jonas');
    await expect(client.finish(good, CALLBACK, third.context)).rejects.toEqual(new IdentityFailure('NOT_VERIFIED'));
  });

  it('[OI4] the person\'s "no" at the provider is USER_REFUSED; a provider that fails or cannot be reached is FAILED', async () => {
    const begun = await client.begin(CALLBACK);
    await expect(client.finish(`${CALLBACK}?error=access_denied&state=${begun.state}`, CALLBACK, begun.context)).rejects.toEqual(new IdentityFailure('USER_REFUSED'));
    for (const error of ['server_error', 'temporarily_unavailable']) {
      await expect(client.finish(`${CALLBACK}?error=${error}&state=${begun.state}`, CALLBACK, begun.context)).rejects.toEqual(new IdentityFailure('FAILED'));
    }
    const nowhere = new OidcClient({ name: 'Nowhere', issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y', timeoutSeconds: 2 });
    await expect(nowhere.begin(CALLBACK)).rejects.toEqual(new IdentityFailure('FAILED'));
  });
});
