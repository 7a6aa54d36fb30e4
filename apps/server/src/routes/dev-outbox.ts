import type { FastifyPluginAsync } from 'fastify';
import { HTTP_CALLS as C, BACKEND_BASE_PATH, type HttpResult } from '@eid/domain/protocol';
import { HttpError } from '../http-error.js';

export const DEV_OUTBOX_PATH = `${BACKEND_BASE_PATH}/dev/outbox`;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The local outbox: the SMS and e-mails the local installation "sent" (it has no gateway), newest
 * first. Registered only with EID_DEV_OUTBOX=on (what `npm start` sets; refused in production) and
 * answered only to requests from this machine itself, never through a proxy (no X-Forwarded-For nor
 * Forwarded header): a confirmation code must not be readable from the network.
 */
const devOutbox: FastifyPluginAsync = async (app) => {
  app.get(C.devOutbox.path, async (request): Promise<HttpResult<'devOutbox'>> => {
    const direct = request.socket.remoteAddress ?? '';
    const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    if (!LOOPBACK.has(direct) || proxied) throw new HttpError(404, 'ROUTE_NOT_FOUND');
    return { messages: await app.outbox.list({ limit: 50 }) };
  });
};
export default devOutbox;
