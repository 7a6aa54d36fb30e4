import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ADDRESS_SUGGESTION_LIMIT } from '@eid/domain/protocol';
import { serveCall } from '../http/serve-call.js';

/** Address suggestions for the time-and-place and driver steps (declaration-flow §5). */
const addresses: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { global: false, store: app.rateLimitStore });
  serveCall(app, 'findAddress', async ({ query }) =>
    'q' in query ? app.addressLookup.suggest(query.q, ADDRESS_SUGGESTION_LIMIT) : app.addressLookup.nearest({ latitude: query.lat, longitude: query.lon }, ADDRESS_SUGGESTION_LIMIT),
  );
};
export default addresses;
