/**
 * An insurer's system calling (issue 36): its bearer token (RFC 6750, the Authorization header
 * only) names its client; none, an unknown, ended or revoked one is INSURER_TOKEN_INVALID (401 with
 * `WWW-Authenticate: Bearer`), before any input is read.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { InsurerApiError, type InsurerCaller } from '@eid/accounts';

export async function requireInsurer(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<InsurerCaller> {
  const client = await app.insurerOAuth.caller({ method: request.method, headers: request.headers, query: {}, body: null });
  if (!client) {
    reply.header('www-authenticate', 'Bearer realm="eid-insurers", error="invalid_token"');
    throw new InsurerApiError('INSURER_TOKEN_INVALID');
  }
  return { client, ip: request.ip };
}
