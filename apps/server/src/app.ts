import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
import type { EidDatabase } from '@eid/adapter-storage-sqlite';
import type { ServerConfig } from './config.js';
import errors from './plugins/errors.js';
import security from './plugins/security.js';
import web from './plugins/web.js';
import health from './routes/health.js';
import parameters from './routes/parameters.js';
import log from './routes/log.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    db: EidDatabase;
    /** Where the browser's log calls are written (a pino child named "client"). */
    clientLog: Logger;
  }
}

export interface AppDeps {
  readonly config: ServerConfig;
  readonly db: EidDatabase;
  /** The process's pino logger; tests pass one writing to a buffer. */
  readonly logger: Logger;
}

/**
 * Builds the whole HTTP application without listening: server.ts listens, tests inject.
 * A default body limit of 1 MiB applies to every route; routes that take more (uploads)
 * raise it for themselves, routes that take less (logs) lower it.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });

  await app.register(
    fp(
      async (instance) => {
        instance.decorate('config', deps.config);
        instance.decorate('db', deps.db);
        const clientLog: Logger = deps.logger.child({ name: 'client' });
        instance.decorate('clientLog', { getter: () => clientLog });
      },
      { name: 'eid-config' },
    ),
  );
  await app.register(errors);
  await app.register(security);
  await app.register(health);
  await app.register(parameters);
  await app.register(log);
  await app.register(web);
  return app;
}
