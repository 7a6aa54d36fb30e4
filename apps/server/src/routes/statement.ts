import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import * as v from 'valibot';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { linkKey, previewLockMs, statementView, StatementOpenSchema, STATEMENT_PATH, type StatementView } from '@eid/domain';
import { HttpError, parseInput } from '../http-error.js';
import { grantStatementAccess, hasStatementAccess } from '../output/statement-access.js';

const OpenBodySchema = v.object({ ...StatementOpenSchema.entries, captcha: v.optional(v.pipe(v.string(), v.maxLength(8192))) });
const IdParamSchema = v.object({ statementId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/)) });
/** Links whose wrong passwords are remembered (the oldest forgotten first): memory stays bounded. */
const MAX_TRACKED_LINKS = 20_000;

/**
 * The statement preview (app-shell §2): opened with the driver's preview password, limited per
 * link (ST3); an unknown link costs the same time (a real hash check against a dummy hash) and gets
 * the same answer as a wrong password (ST2). The right password answers the detail view and a
 * cookie for the statement's files.
 */
const statement: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { global: false });
  const failures = new Map<string, number[]>();
  const dummyHash = await argon2Hash('no-such-statement');

  const fail = (key: string, now: number) => {
    const list = (failures.get(key) ?? []).filter((t) => now - t < 60 * 60_000);
    failures.delete(key);
    failures.set(key, [...list, now]);
    if (failures.size > MAX_TRACKED_LINKS) failures.delete(failures.keys().next().value as string);
  };

  app.post(STATEMENT_PATH, { bodyLimit: 16 * 1024, config: { rateLimit: { max: 60, timeWindow: 60_000 } } }, async (request, reply): Promise<StatementView> => {
    const body = parseInput(OpenBodySchema, request.body);
    if (app.captcha) {
      if (!body.captcha) throw new HttpError(400, 'CAPTCHA_REQUIRED');
      if (!(await app.captcha.verify(body.captcha, 'preview'))) throw new HttpError(403, 'CAPTCHA_INVALID');
    }
    const key = linkKey(body.link);
    const now = app.clock.now();
    const locked = previewLockMs(failures.get(key) ?? [], now);
    if (locked > 0) {
      reply.header('retry-after', String(Math.ceil(locked / 1000)));
      throw new HttpError(429, 'RATE_LIMITED');
    }
    const found = await app.output.findStatement(body.link);
    const right = await argon2Verify(found?.passwordHash ?? dummyHash, body.password).catch(() => false);
    const record = found && right ? await app.declarations.get(found.declarationId) : null;
    if (!found || !right || !record) {
      fail(key, now);
      request.log.info({ link: key.slice(0, 8) }, 'statement not opened');
      throw new HttpError(403, 'PREVIEW_LOAD_FAILED');
    }
    failures.delete(key);
    grantStatementAccess(request, reply, found.statementId, now);
    reply.header('cache-control', 'no-store');
    return statementView(record.declaration, found);
  });

  app.get(`${STATEMENT_PATH}/:statementId`, async (request, reply): Promise<StatementView> => {
    const { statementId } = parseInput(IdParamSchema, request.params);
    const found = hasStatementAccess(request, statementId, app.clock.now()) ? await app.output.statementById(statementId) : null;
    const record = found ? await app.declarations.get(found.declarationId) : null;
    if (!found || !record) throw new HttpError(403, 'PREVIEW_LOAD_FAILED');
    reply.header('cache-control', 'no-store');
    return statementView(record.declaration, found);
  });
};
export default statement;
