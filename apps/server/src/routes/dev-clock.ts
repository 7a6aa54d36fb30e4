import type { FastifyPluginAsync } from 'fastify';
import { HTTP_CALLS as C, type HttpResult } from '@eid/domain/protocol';
import { HttpError, parseInput } from '../http-error.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Moves a test installation's clock forward (`POST {advanceMs}`): registered only with
 * EID_DEV_CLOCK=on (refused in production) and answered only to this machine itself, never through
 * a proxy.
 */
const devClock: FastifyPluginAsync = async (app) => {
  app.post(C.devClock.path, async (request): Promise<HttpResult<'devClock'>> => {
    const direct = request.socket.remoteAddress ?? '';
    const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    if (!LOOPBACK.has(direct) || proxied || !app.devClock) throw new HttpError(404, 'ROUTE_NOT_FOUND');
    const { advanceMs } = parseInput(C.devClock.body, request.body);
    return { now: app.devClock.advance(advanceMs) };
  });
};
export default devClock;
