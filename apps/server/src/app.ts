import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
import type { ClockPort, IdPort } from '@eid/domain';
import { type ApiErrorBody } from '@eid/domain/protocol';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { persistentRateLimitStore } from './plugins/rate-limit-store.js';
import type { ServerConfig } from './config.js';
import type { Storage } from './storage/index.js';
import { buildServices, type Services } from './services.js';
import hubSocket from './plugins/hub-socket.js';
import errorAnswers from './plugins/error-answers.js';
import requestLog from './plugins/request-log.js';
import devClockRoutes from './routes/dev-clock.js';
import security from './plugins/security.js';
import web from './plugins/web.js';
import health from './routes/health.js';
import insurers from './routes/insurers.js';
import parameters from './routes/parameters.js';
import log from './routes/log.js';
import blob from './routes/blob.js';
import devOutbox from './routes/dev-outbox.js';
import devMetrics from './routes/dev-metrics.js';
import addresses from './routes/addresses.js';
import cookie from '@fastify/cookie';
import statement from './routes/statement.js';
import getFile from './routes/get-file.js';
import captcha from './routes/captcha.js';
import confirmEmail from './routes/confirm-email.js';
import account from './routes/account.js';
import oidc from './routes/oidc.js';
import records from './routes/records.js';
import claims from './routes/claims.js';
import chat from './routes/chat.js';
import consoleRoutes from './routes/console.js';

/** What the HTTP app is given of the services: everything but their own start and stop. */
type ServedServices = Omit<Services, 'start' | 'stop' | 'endStreams'>;

declare module 'fastify' {
  interface FastifyInstance extends ServedServices {
    /** Where the browser's log calls are written (a pino child named "client"). */
    clientLog: Logger;
    /** The HTTP routes' per-IP counters, in the database (FU7). */
    rateLimitStore: FastifyRateLimitStoreCtor;
    /** Every route registered (method and path), in order. */
    routeTable: ReadonlyArray<{ readonly method: string; readonly url: string }>;
  }
}

export interface AppDeps {
  readonly config: ServerConfig;
  /** Opened (and closed) by the caller with the same clock and ids (openStorage). */
  readonly storage: Storage;
  readonly clock: ClockPort;
  readonly ids: IdPort;
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
    // A request (its headers and body) must arrive within 5 minutes: a body trickled in slowly holds
    // no upload slot or buffer longer (20 MB at 0.6 Mbit/s still fits).
    requestTimeout: 300_000,
    // Only the configured proxies may say who the client is (X-Forwarded-For); otherwise the socket's address counts.
    trustProxy: deps.config.trustedProxies.length > 0 ? [...deps.config.trustedProxies] : false,
    // One line per request, within its address's budget (plugins/request-log.ts, FU12).
    logController: new LogController({ disableRequestLogging: true }),
    // The router's own refusals (a path parameter over its length, a malformed URL) are typed like the rest.
    frameworkErrors: (_error, _request, reply) => {
      const body: ApiErrorBody = { code: 'DATA_ERROR' };
      void (reply as FastifyReply).code(400).type('application/json; charset=utf-8').send(body);
    },
  });
  // Every route as registered, for the check that each is a call of the domain's HTTP_CALLS.
  const routeTable: Array<{ readonly method: string; readonly url: string }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
  app.decorate('routeTable', routeTable);

  // The one composition root: every service built without Fastify (services.ts); the plugins only adapt it.
  const services = await buildServices(deps);
  await app.register(
    fp(
      async (instance) => {
        const { start: _start, stop: _stop, endStreams: _endStreams, ...built } = services;
        for (const [name, value] of Object.entries(built)) instance.decorate(name, value as never);
        instance.decorate('rateLimitStore', persistentRateLimitStore(services.expiring, () => services.clock.now()));
        const clientLog: Logger = deps.logger.child({ name: 'client' });
        instance.decorate('clientLog', { getter: () => clientLog });
        instance.addHook('preClose', async () => services.endStreams());
        instance.addHook('onClose', async () => services.stop());
        // A server that cannot encrypt must say so at once: its declarations would wait and then fail,
        // never be sent unencrypted.
        instance.addHook('onReady', async () => {
          const check = await services.encryption.check();
          if (check.ok) instance.log.info({ qpdf: check.version }, 'documents are encrypted with qpdf (AES-256)');
          else instance.log.error({ reason: check.reason }, 'CANNOT ENCRYPT the declaration documents: no declaration can be sent until qpdf works');
        });
        await services.start();
      },
      { name: 'eid-config' },
    ),
  );
  await app.register(requestLog);
  await app.register(errorAnswers);
  await app.register(cookie, { secret: app.secret });
  await app.register(security);
  // The WebSocket plugin must come before the other routes (it intercepts upgrades).
  await app.register(hubSocket);
  await app.register(health);
  await app.register(parameters);
  await app.register(log);
  await app.register(blob);
  if (deps.config.devOutbox) await app.register(devOutbox);
  if (deps.config.devClock) await app.register(devClockRoutes);
  await app.register(devMetrics);
  await app.register(addresses);
  await app.register(statement);
  await app.register(getFile);
  await app.register(insurers);
  await app.register(captcha);
  await app.register(confirmEmail);
  await app.register(account);
  await app.register(oidc);
  await app.register(records);
  await app.register(chat);
  await app.register(claims);
  await app.register(consoleRoutes);
  await app.register(web);
  return app;
}
