import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { type CaptchaAction } from '@eid/domain';
import { CAPTCHA_PATH } from '@eid/domain/protocol';

/** Solves a captcha of the app for an action the way a browser does: fetch, prove work, encode. */
export async function captchaToken(app: FastifyInstance, action: CaptchaAction, work = 1): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `${CAPTCHA_PATH}?action=${action}${work > 1 ? `&work=${work}` : ''}` });
  if (res.statusCode !== 200) throw new Error(`captcha challenge: ${res.statusCode}`);
  const challenge = res.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
