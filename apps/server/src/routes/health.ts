import type { FastifyPluginAsync } from 'fastify';
import { HEALTH_PATH } from '@eid/domain';

/** Liveness and readiness in one: 200 only when the database answers. */
const health: FastifyPluginAsync = async (app) => {
  app.get(HEALTH_PATH, async (_request, reply) => {
    const database = (await app.storage.ping().catch(() => false)) ? 'ok' : 'down';
    return reply.code(database === 'ok' ? 200 : 503).send({ status: database === 'ok' ? 'ok' : 'degraded', database });
  });
};
export default health;
