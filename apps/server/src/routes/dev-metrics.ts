import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyPluginAsync } from 'fastify';
import { HTTP_CALLS as C, BACKEND_BASE_PATH, type HttpResult } from '@eid/domain/protocol';
import { HttpError, parseInput } from '../http-error.js';

export const DEV_METRICS_PATH = `${BACKEND_BASE_PATH}/dev/metrics`;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const ms = (ns: number) => Math.round((ns / 1e6) * 100) / 100;
/** Sampling period of the event-loop histogram (ms). */
const RESOLUTION_MS = 10;

/**
 * Process figures for the benchmarks (event-loop delay percentiles, memory), answered only to this
 * machine, never through a proxy. `?reset=1` starts a new measurement.
 */
const devMetrics: FastifyPluginAsync = async (app) => {
  const loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  // The histogram records each period between its timer's runs, the period itself included: the
  // lag (how late the loop ran the timer) is that minus the resolution, as APM agents report it.
  const lag = (ns: number) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 100) / 100);
  loop.enable();
  app.addHook('onClose', async () => loop.disable());
  app.get(C.devMetrics.path, async (request): Promise<HttpResult<'devMetrics'>> => {
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || request.headers['x-forwarded-for'] !== undefined) throw new HttpError(404, 'ROUTE_NOT_FOUND');
    const figures: HttpResult<'devMetrics'> = {
      eventLoopLagMs: { p50: lag(loop.percentile(50)), p99: lag(loop.percentile(99)), max: lag(loop.max) },
      eventLoopPeriodMs: { resolution: RESOLUTION_MS, p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) },
      rssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
      /** Device sockets bound to a seat on this node. */
      sockets: app.hub.connections,
    };
    if (parseInput(C.devMetrics.query, request.query).reset === '1') loop.reset();
    return figures;
  });
};
export default devMetrics;
