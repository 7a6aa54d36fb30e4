import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { HTTP_CALLS as C, LOG_BODY_LIMIT_BYTES, type HttpCall, type LogLevel } from '@eid/domain/protocol';
import { parseInput } from '../http-error.js';

const ROUTES: ReadonlyArray<{ call: HttpCall; level: LogLevel }> = [
  { call: C.logInfo, level: 'info' },
  { call: C.logWarn, level: 'warn' },
  { call: C.logError, level: 'error' },
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
  for (const { call, level } of ROUTES) {
    app.post(
      call.path,
      {
        bodyLimit: LOG_BODY_LIMIT_BYTES,
        config: { rateLimit: { max: app.config.logRateLimitPerMinute, timeWindow: 60_000 } },
      },
      async (request, reply) => {
        const query = parseInput(C.logInfo.query, request.query);
        const body = parseInput(call.body as typeof C.logError.body, request.body);
        app.clientLog[level]({ nodeId: query.node_id, ip: request.ip, client: body }, 'client log');
        return reply.code(204).send();
      },
    );
  }
};
export default log;
