import type { FastifyPluginAsync } from 'fastify';
import { HTTP_CALLS as C, PARAMETER_NAMES } from '@eid/domain/protocol';
import { HttpError, parseInput } from '../http-error.js';
import { serveCall } from '../http/serve-call.js';

/** app-shell §7: GET {backend}/parametrai/{maps|gtm|recaptcha|ga4} in plain text. */
const parameters: FastifyPluginAsync = async (app) => {
  app.get(C.parameter.path, async (request, reply) => {
    const { name } = parseInput(C.parameter.params, request.params);
    const key = PARAMETER_NAMES.find((n) => n === name);
    if (!key) throw new HttpError(404, 'ROUTE_NOT_FOUND');
    return reply
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(app.config.parameters[key]);
  });

  /** SU2: the system update announced or in progress, for the drivers' screens (read through a 5 s cache: no store read per phone). */
  serveCall(app, 'systemUpdate', async (_input, { reply }) => {
    reply.header('cache-control', 'no-store');
    return { update: await app.systemUpdates.current() };
  });
};
export default parameters;
