/**
 * A local OpenID Connect provider (`oidc-provider`) for the tests and the local installation: one
 * client (ours) with PKCE required, its development sign-in page (any login name, any password:
 * the login name is the subject), the consent given to our client, and the profile claims of a
 * made-up person. It is never a real provider: production names real issuers.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export interface LocalOidcProviderOptions {
  /** Our callback address(es) registered for the client. */
  readonly redirectUris: readonly string[];
  readonly clientId?: string;
  readonly host?: string;
}

/** The made-up person of a login name: "ona.petraitiene" → Ona Petraitiene. */
function personOf(login: string): { given_name: string; family_name: string; email: string; email_verified: boolean } {
  const [first = login, last = 'Vietinė'] = login.split(/[._\s]+/);
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return { given_name: cap(first), family_name: cap(last), email: `${login.replace(/[^a-z0-9._-]/gi, '')}@local.test`, email_verified: true };
}

export class LocalOidcProvider {
  private constructor(
    private readonly server: ReturnType<typeof createServer>,
    readonly issuer: string,
    readonly clientId: string,
    readonly clientSecret: string,
  ) {}

  static async start(options: LocalOidcProviderOptions): Promise<LocalOidcProvider> {
    let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
    const server = createServer((req, res) => handler(req, res));
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
    const clientId = options.clientId ?? 'eid-local';
    const clientSecret = randomBytes(24).toString('base64url');
    const provider = new Provider(issuer, {
      clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [...options.redirectUris], grant_types: ['authorization_code'], response_types: ['code'] }],
      pkce: { required: () => true },
      cookies: { keys: [randomBytes(32).toString('base64url')] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      features: { devInteractions: { enabled: true } },
      ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
      findAccount: (_ctx: KoaContextWithOIDC, id: string) => ({ accountId: id, claims: () => ({ sub: id, ...personOf(id) }) }),
      // Our client is first-party here: the person is not asked to consent.
      loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
        const oidc = ctx.oidc;
        const clientId = oidc.client?.clientId;
        const accountId = oidc.session?.accountId;
        if (!clientId || !accountId) return undefined;
        const existing = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId);
        if (existing) return oidc.provider.Grant.find(existing);
        const grant = new oidc.provider.Grant({ clientId, accountId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
    });
    // Development-only warnings (no keys configured, dev interactions) are expected here.
    provider.on('server_error', () => undefined);
    handler = provider.callback();
    return new LocalOidcProvider(server, issuer, clientId, clientSecret);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
