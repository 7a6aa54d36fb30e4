import type { FastifyPluginAsync } from 'fastify';
import { HTTP_CALLS as C, type HttpResult } from '@eid/domain/protocol';

type Check = 'ok' | 'down';

/** Resolves 'ok' when the check answers true within 2 s, 'down' otherwise (never throws, never hangs). */
async function check(run: () => Promise<boolean>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), 2000);
  });
  try {
    return (await Promise.race([run(), timeout])) ? 'ok' : 'down';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness (`/serveris/health`: the process answers) and readiness (`/serveris/ready`: the
 * database, the object store, the change feed and the job queue answer, and the node is not stopping). A node
 * that is stopping answers 503 to readiness at once, so the balancer sends new devices elsewhere.
 */
const health: FastifyPluginAsync = async (app) => {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });

  // Asked by every page at start-up (preloaded from its HTML): never an answer kept by a cache.
  app.get(C.health.path, async (_request, reply): Promise<HttpResult<'health'>> => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get(C.ready.path, async (_request, reply) => {
    const { storage } = app;
    const [database, objects] = await Promise.all([check(() => storage.ping()), storage.pingObjects ? check(storage.pingObjects) : Promise.resolve(undefined)]);
    const changes: Check | undefined = storage.cluster ? (storage.cluster.isListening ? 'ok' : 'down') : undefined;
    const jobs: Check | undefined = storage.work.kind === 'jobs' ? (storage.work.jobs.isStarted ? 'ok' : 'down') : undefined;
    const parts = { database, ...(objects ? { objects } : {}), ...(changes ? { changes } : {}), ...(jobs ? { jobs } : {}) };
    const ready = !stopping && Object.values(parts).every((p) => p === 'ok');
    const answer: HttpResult<'ready'> = { status: stopping ? 'stopping' : ready ? 'ready' : 'degraded', ...parts };
    return reply.code(ready ? 200 : 503).send(answer);
  });
};
export default health;
