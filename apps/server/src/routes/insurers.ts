/**
 * Issue 36: the insurers' side over HTTP. Public: the JSON Schema of the data (by major version)
 * and the OpenAPI document of the API, both made when first asked, then kept. The token endpoint
 * (OAuth 2.0 client credentials, form-encoded, by the OAuth library). With a bearer token: the
 * insurer's feed, one declaration as data, its files and its PDF, its claim number registered — each call
 * written to the audit log first.
 */
import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { INSURER_DATA_MAJOR } from '@eid/domain/insurer';
import { HTTP_CALLS as C } from '@eid/domain/protocol';
import { readInsurerDeclaration, readInsurerFeed, readInsurerFile, readInsurerPdf, registerInsurerClaim } from '@eid/accounts';
import { HttpError, parseInput } from '../http-error.js';
import { serveCall } from '../http/serve-call.js';
import { insurerDeclarationJsonSchema } from '../insurers/declaration-schema.js';
import { requireInsurer } from '../insurers/insurer-guard.js';
import { insurerOpenApi } from '../insurers/openapi.js';
import { perMinute } from './rate-limit.js';

const FORM = 'application/x-www-form-urlencoded';
/** The insurers' PDFs a node renders at once (each takes a core for a moment). */
export const PDF_RENDERS_AT_ONCE = 2;

const insurers: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { global: false, store: app.rateLimitStore });
  const ports = app.insurers;

  // Made when first asked (not on every node's start), then kept: they change only with a release.
  let schema: ReturnType<typeof insurerDeclarationJsonSchema> | null = null;
  const declarationSchema = () => (schema ??= insurerDeclarationJsonSchema(app.config.publicUrl));
  let openApi: ReturnType<typeof insurerOpenApi> | null = null;

  serveCall(app, 'insurerDataSchema', async ({ params }, { reply }) => {
    // Only the current major is served: v1 (lt and en only) was retired by v2 before any insurer was connected (docs/decisions/insurers.md).
    if (params.major !== `v${INSURER_DATA_MAJOR}`) throw new HttpError(404, 'ROUTE_NOT_FOUND');
    reply.header('cache-control', 'public, max-age=3600').type('application/schema+json');
    return declarationSchema();
  });

  serveCall(app, 'insurerOpenApi', async (_input, { reply }) => {
    reply.header('cache-control', 'public, max-age=3600');
    return (openApi ??= insurerOpenApi(app.config.publicUrl, declarationSchema()));
  });

  // The token endpoint reads a form (RFC 6749 §4.4.2); only this plugin's routes take one.
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.post(C.insurerToken.path, perMinute(C.insurerToken.limit.perMinute, C.insurerToken.limit.bodyBytes), async (request, reply) => {
    const outcome = await app.insurerOAuth.token({ method: request.method, headers: request.headers, query: {}, body: request.body });
    // RFC 6749 §5.2 answers; the service's typed code beside the protocol's.
    const body = outcome.status === 200 ? outcome.body : { ...outcome.body, code: outcome.status === 400 ? 'DATA_ERROR' : 'INSURER_TOKEN_INVALID' };
    return reply.code(outcome.status).headers(outcome.headers).send(body);
  });

  serveCall(app, 'insurerFeed', ({ query }, { insurer }) => readInsurerFeed(ports, insurer, query));
  serveCall(app, 'insurerDeclaration', ({ params }, { insurer }) => readInsurerDeclaration(ports, insurer, params.declarationId));
  serveCall(app, 'registerInsurerClaim', ({ params, body }, { insurer }) => registerInsurerClaim(ports, insurer, params.declarationId, body));

  /**
   * The insurers' PDF, made again at each call: one at a time per client, at most
   * PDF_RENDERS_AT_ONCE on a node (one insurer's system cannot hold the others out); the rest are
   * told to come back (429, Retry-After).
   */
  const rendering = new Set<string>();
  app.get(C.insurerPdf.path, perMinute(C.insurerPdf.limit.perMinute), async (request, reply) => {
    const insurer = await requireInsurer(app, request, reply);
    const { declarationId } = parseInput(C.insurerPdf.params, request.params);
    const clientId = insurer.client.id;
    if (rendering.has(clientId) || rendering.size >= PDF_RENDERS_AT_ONCE) {
      reply.header('retry-after', '5');
      throw new HttpError(429, 'RATE_LIMITED');
    }
    rendering.add(clientId);
    try {
      const pdf = await readInsurerPdf(ports, insurer, declarationId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${declarationId}.pdf"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(pdf));
    } finally {
      rendering.delete(clientId);
    }
  });

  app.get(C.insurerFile.path, perMinute(C.insurerFile.limit.perMinute), async (request, reply) => {
    const insurer = await requireInsurer(app, request, reply);
    const { declarationId, fileId } = parseInput(C.insurerFile.params, request.params);
    const file = await readInsurerFile(ports, insurer, declarationId, fileId);
    return reply.header('content-type', file.contentType).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(Buffer.from(file.bytes));
  });
};
export default insurers;
