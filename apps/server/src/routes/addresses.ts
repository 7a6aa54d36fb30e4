import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { perMinute } from './limits.js';
import { type AddressSuggestion } from '@eid/domain';
import { HTTP_CALLS as C, ADDRESS_SUGGESTION_LIMIT } from '@eid/domain/protocol';
import { parseInput } from '../http-error.js';

/** Address suggestions for the time-and-place and driver steps (declaration-flow §5). */
const addresses: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { global: false, store: app.rateLimitStore });
  app.get(C.findAddress.path, perMinute(600), async (request): Promise<readonly AddressSuggestion[]> => {
    const query = parseInput(C.findAddress.query, request.query);
    return 'q' in query
      ? app.addressLookup.suggest(query.q, ADDRESS_SUGGESTION_LIMIT)
      : app.addressLookup.nearest({ latitude: query.lat, longitude: query.lon }, ADDRESS_SUGGESTION_LIMIT);
  });
};
export default addresses;
