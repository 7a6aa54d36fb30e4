import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { CaptchaChallengeAnswer } from '@eid/domain/protocol';
import { serveCall } from '../http/serve-call.js';

/** A proof-of-work challenge for an action (the captcha of declaration-flow §7), or `{ off: true }`. */
const captcha: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { global: false, store: app.rateLimitStore });
  serveCall(app, 'captchaChallenge', async ({ query }, { reply }) => {
    reply.header('cache-control', 'no-store');
    return app.captcha ? ((await app.captcha.challenge(query.action, query.work)) as CaptchaChallengeAnswer) : { off: true };
  });
};
export default captcha;
