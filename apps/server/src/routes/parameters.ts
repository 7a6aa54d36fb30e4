import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { BACKEND_BASE_PATH, PARAMETER_NAMES } from '@eid/domain';
import { HttpError, parseInput } from '../http-error.js';

const ParamsSchema = v.object({ name: v.string() });

/** app-shell §7: GET {backend}/parametrai/{maps|gtm|recaptcha|ga4} in plain text. */
const parameters: FastifyPluginAsync = async (app) => {
  app.get(`${BACKEND_BASE_PATH}/parametrai/:name`, async (request, reply) => {
    const { name } = parseInput(ParamsSchema, request.params);
    const key = PARAMETER_NAMES.find((n) => n === name);
    if (!key) throw new HttpError(404, 'ROUTE_NOT_FOUND');
    return reply
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(app.config.parameters[key]);
  });
};
export default parameters;
