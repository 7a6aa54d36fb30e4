import type { FastifyPluginAsync } from 'fastify';
import { BACKEND_BASE_PATH } from '@eid/domain';
import { HttpError } from '../http-error.js';

export const DEV_OUTBOX_PATH = `${BACKEND_BASE_PATH}/dev/outbox`;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The local outbox, for developers: the SMS and e-mails the local installation "sent" (it has no
 * gateway), newest first. Answered only to requests from this machine itself, never through a
 * proxy: a confirmation code must not be readable from the network.
 */
const devOutbox: FastifyPluginAsync = async (app) => {
  app.get(DEV_OUTBOX_PATH, async (request) => {
    const direct = request.socket.remoteAddress ?? '';
    if (!LOOPBACK.has(direct) || request.headers['x-forwarded-for'] !== undefined) throw new HttpError(404, 'ROUTE_NOT_FOUND');
    return { messages: app.outbox.list({ limit: 50 }) };
  });
};
export default devOutbox;
