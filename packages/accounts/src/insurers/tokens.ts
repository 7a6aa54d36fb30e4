/**
 * Issue 36 item 3: OAuth 2.0 client credentials, the service's half (the token endpoint's protocol
 * is the library's, on the server): a client is who its secret says, while it is not revoked; an
 * access token is kept only as its hash in the expiring store every node shares, for its lifetime.
 */
import { INSURER_CLIENT_ID_PATTERN, INSURER_TOKEN_LIFETIME_S, type InsurerClient } from '@eid/domain/insurer';
import type { InsurerPorts } from './ports.js';

const tokenKey = (ports: InsurerPorts, token: string) => `insurer-token:${ports.credentials.hashSecret(token)}`;

/** The client whose id and secret these are, null for anything else (unknown, wrong secret, revoked: one answer). */
export async function authenticateInsurerClient(ports: InsurerPorts, clientId: string, secret: string): Promise<InsurerClient | null> {
  if (!INSURER_CLIENT_ID_PATTERN.test(clientId)) return null;
  const client = await ports.store.clientById(clientId);
  if (!client || client.revokedAt !== null) return null;
  return ports.credentials.secretMatches(secret, client.secretHash) ? client : null;
}

/** When a token issued now ends. */
export function insurerTokenExpiry(ports: Pick<InsurerPorts, 'clock'>): number {
  return ports.clock.now() + INSURER_TOKEN_LIFETIME_S * 1000;
}

/** Keeps an issued token (its hash) until it ends. */
export async function keepInsurerToken(ports: InsurerPorts, token: string, client: InsurerClient, expiresAt: number): Promise<void> {
  await ports.expiring.set(tokenKey(ports, token), { clientId: client.id, expiresAt }, expiresAt);
}

/** The client a bearer token was issued to and when the token ends; null when the token is unknown, has ended, or its client is revoked. */
export async function insurerTokenHolder(ports: InsurerPorts, token: string): Promise<{ readonly client: InsurerClient; readonly expiresAt: number } | null> {
  const kept = (await ports.expiring.get(tokenKey(ports, token))) as { clientId?: unknown; expiresAt?: unknown } | null;
  if (!kept || typeof kept.clientId !== 'string' || typeof kept.expiresAt !== 'number' || kept.expiresAt <= ports.clock.now()) return null;
  const client = await ports.store.clientById(kept.clientId);
  return client && client.revokedAt === null ? { client, expiresAt: kept.expiresAt } : null;
}
