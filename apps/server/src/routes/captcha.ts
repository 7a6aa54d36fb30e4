import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { perMinute } from './limits.js';
import * as v from 'valibot';
import { CAPTCHA_ACTIONS, CAPTCHA_DEFAULT_ACTION, CAPTCHA_PATH, JOIN_WORK_MAX } from '@eid/domain';
import { parseInput } from '../http-error.js';

const QuerySchema = v.object({
  action: v.optional(v.picklist(CAPTCHA_ACTIONS), CAPTCHA_DEFAULT_ACTION),
  /** JN8: a device asked for a harder proof names the work the hub asked of it. */
  work: v.optional(v.pipe(v.string(), v.regex(/^[1-9]$/), v.transform(Number), v.maxValue(JOIN_WORK_MAX)), '1'),
});

/** A proof-of-work challenge for an action (the captcha of declaration-flow §7), or `{ off: true }`. */
const captcha: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { global: false, store: app.rateLimitStore });
  app.get(CAPTCHA_PATH, perMinute(120), async (request, reply) => {
    const { action, work } = parseInput(QuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return app.captcha ? app.captcha.challenge(action, work) : { off: true };
  });
};
export default captcha;
