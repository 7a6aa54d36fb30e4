/**
 * Issue 36 item 3: the insurers' token endpoint and bearer tokens, by the OAuth 2.0 library
 * `@node-oauth/oauth2-server` (RFC 6749 §4.4 client credentials only; RFC 6750 bearer tokens in
 * the Authorization header only, never in a query string). The library speaks the protocol; the
 * model below answers it from the insurers' use cases: a client's secret checked against its hash,
 * a token kept as its hash in the expiring store every node shares, for 5 minutes.
 */
import { randomBytes } from 'node:crypto';
import OAuth2Server, { OAuthError, Request, Response, ServerError, type ClientCredentialsModel } from '@node-oauth/oauth2-server';
import { authenticateInsurerClient, insurerTokenExpiry, insurerTokenHolder, keepInsurerToken, type InsurerPorts } from '@eid/accounts';
import { INSURER_TOKEN_LIFETIME_S, type InsurerClient } from '@eid/domain/insurer';

/** The token as the library carries it; the client is ours. */
type LibraryClient = { id: string; grants: string[]; insurer: InsurerClient };

/** What a request is to the library (Fastify's request, read). */
export interface OAuthRequestParts {
  readonly method: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly query: Record<string, unknown>;
  readonly body: unknown;
}

export interface OAuthOutcome {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Record<string, unknown>;
}

function libraryRequest(parts: OAuthRequestParts): Request {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(parts.headers)) if (typeof v === 'string') headers[k.toLowerCase()] = v;
  return new Request({ method: parts.method, headers, query: {}, body: parts.body && typeof parts.body === 'object' ? parts.body : {} });
}

/** The error a ServerError of the library wraps (ours), else the error itself. */
const innerOf = (e: unknown): unknown => (e instanceof ServerError && (e as { inner?: unknown }).inner instanceof Error ? (e as { inner?: unknown }).inner : e);

export class InsurerOAuth {
  private readonly server: OAuth2Server;

  constructor(private readonly ports: InsurerPorts) {
    const wallExpiry = (expiresAt: number) => new Date(Date.now() + (expiresAt - ports.clock.now()));
    const model: ClientCredentialsModel = {
      getClient: async (clientId: string, secret: string) => {
        const client = await authenticateInsurerClient(ports, clientId, secret);
        return client ? ({ id: client.id, grants: ['client_credentials'], insurer: client } satisfies LibraryClient) : false;
      },
      getUserFromClient: async (client) => ({ clientId: client.id }),
      generateAccessToken: async () => `eat_${randomBytes(32).toString('base64url')}`,
      saveToken: async (token, client) => {
        const expiresAt = insurerTokenExpiry(ports);
        await keepInsurerToken(ports, token.accessToken, (client as LibraryClient).insurer, expiresAt);
        return { accessToken: token.accessToken, accessTokenExpiresAt: wallExpiry(expiresAt), client, user: { clientId: client.id } };
      },
      getAccessToken: async (accessToken: string) => {
        const holder = await insurerTokenHolder(ports, accessToken);
        if (!holder) return false;
        const client: LibraryClient = { id: holder.client.id, grants: ['client_credentials'], insurer: holder.client };
        return { accessToken, accessTokenExpiresAt: wallExpiry(holder.expiresAt), client, user: { clientId: holder.client.id } };
      },
    };
    this.server = new OAuth2Server({ model, accessTokenLifetime: INSURER_TOKEN_LIFETIME_S, allowBearerTokensInQueryString: false, allowExtendedTokenAttributes: false });
  }

  /** The token endpoint's answer (RFC 6749 §5.1 or §5.2), whatever was asked. */
  async token(parts: OAuthRequestParts): Promise<OAuthOutcome> {
    const response = new Response({});
    try {
      await this.server.token(libraryRequest(parts), response, { requireClientAuthentication: { client_credentials: true } });
      return { status: 200, headers: { ...(response.headers as Record<string, string>), 'cache-control': 'no-store', pragma: 'no-cache' }, body: response.body as Record<string, unknown> };
    } catch (e) {
      // The library wraps a fault of ours (the database away) as its ServerError: a fault, not the client's error, and its text is not the client's to read.
      if (!(e instanceof OAuthError) || e instanceof ServerError) throw innerOf(e);
      return { status: e.code, headers: { ...(response.headers as Record<string, string>), 'cache-control': 'no-store' }, body: { error: e.name, error_description: e.message } };
    }
  }

  /** The client a request's bearer token was issued to, null when it carries none that is valid. */
  async caller(parts: OAuthRequestParts): Promise<InsurerClient | null> {
    try {
      const token = await this.server.authenticate(libraryRequest(parts), new Response({}));
      return (token.client as LibraryClient).insurer;
    } catch (e) {
      if (e instanceof OAuthError && !(e instanceof ServerError)) return null;
      throw innerOf(e);
    }
  }
}
