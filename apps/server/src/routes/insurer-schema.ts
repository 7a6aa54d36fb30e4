/**
 * Issue 36 item 1: the JSON Schema of the data insurers receive, at a stable address per major
 * version (GET /serveris/insurers/schemas/declaration/v1). Public: it holds no data; made once at
 * first request from the domain's schema, cached by its readers for an hour.
 */
import type { FastifyPluginAsync } from 'fastify';
import { INSURER_DATA_MAJOR } from '@eid/domain/insurer';
import { HttpError } from '../http-error.js';
import { serveCall } from '../http/serve-call.js';
import { insurerDeclarationJsonSchema } from '../insurers/declaration-schema.js';

const insurerSchema: FastifyPluginAsync = async (app) => {
  // Made when first asked (not on every node's start), then kept: it changes only with a release.
  let current: ReturnType<typeof insurerDeclarationJsonSchema> | null = null;
  serveCall(app, 'insurerDataSchema', async ({ params }, { reply }) => {
    // Only the current major is served; an older one would be kept here beside it when a v2 comes.
    if (params.major !== `v${INSURER_DATA_MAJOR}`) throw new HttpError(404, 'ROUTE_NOT_FOUND');
    reply.header('cache-control', 'public, max-age=3600').type('application/schema+json');
    current ??= insurerDeclarationJsonSchema(app.config.publicUrl);
    return current;
  });
};
export default insurerSchema;
