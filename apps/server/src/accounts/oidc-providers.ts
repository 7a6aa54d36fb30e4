/**
 * The OpenID Connect providers of this installation (SPEC OI1-OI4): each configured issuer
 * through `openid-client`, or — the id `local` — a local provider started on loopback beside the
 * server, whose one client is ours with our callback registered.
 */
import { LocalOidcProvider, OidcClient } from '@eid/adapter-identity-oidc';
import { type OidcProviderPort } from '@eid/domain';
import { ACCOUNT_PATH } from '@eid/domain/protocol';
import type { ServerConfig } from '../config.js';

/** OI2: the callback registered at the provider for a provider id. */
export function oidcCallbackUrl(publicUrl: string, id: string): string {
  return `${publicUrl}${ACCOUNT_PATH}/oidc/${id}/callback`;
}

export async function oidcProviders(config: Pick<ServerConfig, 'oidc' | 'publicUrl'>): Promise<{ readonly providers: Record<string, OidcProviderPort>; close(): Promise<void> }> {
  const providers: Record<string, OidcProviderPort> = {};
  const closing: Array<() => Promise<void>> = [];
  for (const p of config.oidc) {
    if (p.id === 'local') {
      const local = await LocalOidcProvider.start({ redirectUris: [oidcCallbackUrl(config.publicUrl, p.id)] });
      closing.push(() => local.close());
      providers[p.id] = new OidcClient({ name: p.name, issuer: local.issuer, clientId: local.clientId, clientSecret: local.clientSecret });
    } else {
      providers[p.id] = new OidcClient({ name: p.name, issuer: p.issuer, clientId: p.clientId, clientSecret: p.clientSecret });
    }
  }
  return { providers, close: async () => void (await Promise.all(closing.map((c) => c()))) };
}
