import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import {
  BACKEND_BASE_PATH,
  LOG_BODY_LIMIT_BYTES,
  LogQuerySchema,
  logBodySchemaFor,
  type LogLevel,
} from '@eid/domain';
import { parseInput } from '../http-error.js';

const ROUTES: ReadonlyArray<{ path: string; level: LogLevel }> = [
  { path: `${BACKEND_BASE_PATH}/log`, level: 'info' },
  { path: `${BACKEND_BASE_PATH}/log/warn`, level: 'warn' },
  { path: `${BACKEND_BASE_PATH}/log/error`, level: 'error' },
];

/**
 * app-shell §7: the client logger. Bodies are validated and size-limited, then written through
 * the server's pino logger under `client`, so browser faults land in the same log stream.
 */
const log: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, {
    global: false,
    store: app.rateLimitStore,
    max: app.config.logRateLimitPerMinute,
    timeWindow: 60_000,
  });
  for (const { path, level } of ROUTES) {
    app.post(
      path,
      {
        bodyLimit: LOG_BODY_LIMIT_BYTES,
        config: { rateLimit: { max: app.config.logRateLimitPerMinute, timeWindow: 60_000 } },
      },
      async (request, reply) => {
        const query = parseInput(LogQuerySchema, request.query);
        const body = parseInput(logBodySchemaFor(level), request.body);
        app.clientLog[level]({ nodeId: query.node_id, ip: request.ip, client: body }, 'client log');
        return reply.code(204).send();
      },
    );
  }
};
export default log;
