/**
 * The log's lines tied to an address, each within that address's budget (FU12): one line per
 * request (its route as `req` redacts it, its status and time) in place of Fastify's two, and the
 * warnings of the declaration sockets (`app.logBudget`). A flood of requests or frames from one
 * address costs the log a bounded number of lines; a fault (5xx) is always written.
 */
import fp from 'fastify-plugin';
import { LogBudget } from './log-budget.js';

/** Lines per address for requests: a page with its files, uploads, polling — generous. */
export const REQUEST_LINES_PER_MINUTE = 300;
/** Lines per address for the warnings a device can cause (a socket closed, a protocol error). */
export const WARNING_LINES_PER_MINUTE = 10;

declare module 'fastify' {
  interface FastifyInstance {
    /** The budget of the warnings one address can cause (FU12). */
    logBudget: LogBudget;
    /** The budget of the request lines of one address (FU12). */
    requestLogBudget: LogBudget;
  }
}

export default fp(
  async (app) => {
    const notice = (message: string, data: Record<string, unknown>) => app.log.warn(data, message);
    app.decorate('logBudget', new LogBudget({ burst: WARNING_LINES_PER_MINUTE, perMinute: WARNING_LINES_PER_MINUTE, clock: app.clock, notice }));
    app.decorate('requestLogBudget', new LogBudget({ burst: REQUEST_LINES_PER_MINUTE, perMinute: REQUEST_LINES_PER_MINUTE, clock: app.clock, notice }));
    app.addHook('onResponse', async (request, reply) => {
      const line = () => request.log.info({ req: request, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime) }, 'request completed');
      // A fault is the service's, not the caller's: always written.
      if (reply.statusCode >= 500) line();
      else app.requestLogBudget.line(request.ip, line);
    });
  },
  { name: 'eid-request-log', dependencies: ['eid-config'] },
);
