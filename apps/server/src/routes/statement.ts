import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import * as v from 'valibot';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { linkKey, previewLockMs, statementView, type StatementView } from '@eid/domain';
import { HTTP_CALLS as C } from '@eid/domain/protocol';
import { HttpError, parseInput } from '../http-error.js';
import { grantStatementAccess, hasStatementAccess } from '../output/statement-access.js';

/** Wrong passwords of a link are remembered this long (more than the lock-out window needs). */
const FAILURES_KEPT_MS = 60 * 60_000;
const Times = v.array(v.number());

/**
 * The statement preview (app-shell §2): opened with the driver's preview password, limited per
 * link (ST3); an unknown link costs the same time (a real hash check against a dummy hash) and gets
 * the same answer as a wrong password (ST2). The right password answers the detail view and a
 * cookie for the statement's files.
 */
const statement: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { global: false, store: app.rateLimitStore });
  const dummyHash = await argon2Hash('no-such-statement');
  // Wrong passwords per link, in the database: a restart does not lift a lock-out (FU7).
  const failuresOf = async (key: string, now: number): Promise<number[]> => {
    const parsed = v.safeParse(Times, await app.expiring.get(`preview-fail:${key}`));
    return parsed.success ? parsed.output.filter((t) => now - t < FAILURES_KEPT_MS) : [];
  };
  const fail = async (key: string, now: number) => {
    await app.expiring.set(`preview-fail:${key}`, [...(await failuresOf(key, now)), now], now + FAILURES_KEPT_MS);
  };

  app.post(C.openStatement.path, { bodyLimit: 16 * 1024, config: { rateLimit: { max: 60, timeWindow: 60_000 } } }, async (request, reply): Promise<StatementView> => {
    const body = parseInput(C.openStatement.body, request.body);
    if (app.captcha) {
      if (!body.captcha) throw new HttpError(400, 'CAPTCHA_REQUIRED');
      if (!(await app.captcha.verify(body.captcha, 'preview')).valid) throw new HttpError(403, 'CAPTCHA_INVALID');
    }
    const key = linkKey(body.link);
    const now = app.clock.now();
    const locked = previewLockMs(await failuresOf(key, now), now);
    if (locked > 0) {
      reply.header('retry-after', String(Math.ceil(locked / 1000)));
      throw new HttpError(429, 'RATE_LIMITED');
    }
    const found = await app.output.findStatement(body.link);
    const right = await argon2Verify(found?.passwordHash ?? dummyHash, body.password).catch(() => false);
    const record = found && right ? await app.declarations.get(found.declarationId) : null;
    if (!found || !right || !record) {
      await fail(key, now);
      request.log.info({ link: key.slice(0, 8) }, 'statement not opened');
      throw new HttpError(403, 'PREVIEW_LOAD_FAILED');
    }
    await app.expiring.delete(`preview-fail:${key}`);
    grantStatementAccess(request, reply, found.statementId, now);
    reply.header('cache-control', 'no-store');
    return statementView(record.declaration, found);
  });

  app.get(C.statement.path, async (request, reply): Promise<StatementView> => {
    const { statementId } = parseInput(C.statement.params, request.params);
    const found = hasStatementAccess(request, statementId, app.clock.now()) ? await app.output.statementById(statementId) : null;
    const record = found ? await app.declarations.get(found.declarationId) : null;
    if (!found || !record) throw new HttpError(403, 'PREVIEW_LOAD_FAILED');
    reply.header('cache-control', 'no-store');
    return statementView(record.declaration, found);
  });
};
export default statement;
