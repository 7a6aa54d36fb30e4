import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { openStatement, readStatement } from '@eid/accounts';
import { serveCall } from '../http/serve-call.js';
import { grantStatementAccess, hasStatementAccess } from '../output/statement-access.js';

const statement: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { global: false, store: app.rateLimitStore });
  const ports = app.statements;

  serveCall(app, 'openStatement', async ({ body }, { request, reply }) => {
    const { statementId, view } = await openStatement(ports, body);
    // The statement's files open for this browser too.
    grantStatementAccess(request, reply, statementId, app.clock.now());
    reply.header('cache-control', 'no-store');
    return view;
  });

  serveCall(app, 'statement', async ({ params }, { request, reply }) => {
    const view = await readStatement(ports, params.statementId, hasStatementAccess(request, params.statementId, app.clock.now()));
    reply.header('cache-control', 'no-store');
    return view;
  });
};
export default statement;
