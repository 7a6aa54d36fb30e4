import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { perMinute } from './limits.js';
import { parseInput } from '../http-error.js';
import { HTTP_CALLS as C } from '@eid/domain/protocol';

/** A proof-of-work challenge for an action (the captcha of declaration-flow §7), or `{ off: true }`. */
const captcha: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { global: false, store: app.rateLimitStore });
  app.get(C.captchaChallenge.path, perMinute(120), async (request, reply) => {
    const { action, work } = parseInput(C.captchaChallenge.query, request.query);
    reply.header('cache-control', 'no-store');
    return app.captcha ? app.captcha.challenge(action, work) : { off: true };
  });
};
export default captcha;
