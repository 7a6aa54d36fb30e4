/**
 * The signed-in person's records (issue 15; SPEC BR1-BR5): insurance documents, debts to the
 * bureau, accidents, a statement of the account's own declaration, and the notification choices of
 * settings M. Each call is its registry entry served by its use case (@eid/accounts records/): this
 * file only says which, and what only HTTP can do (the statement's files opened for this browser).
 */
import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { openOwnStatement, readAccidents, readDebts, readDocuments, readNotificationChoices, saveNotificationChoices } from '@eid/accounts';
import { serveCall } from '../http/serve-call.js';
import { grantStatementAccess } from '../output/statement-access.js';

const records: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { global: false, store: app.rateLimitStore });
  const ports = app.records;
  serveCall(app, 'documents', (_input, { signedIn }) => readDocuments(ports, signedIn.account));
  serveCall(app, 'liabilities', (_input, { signedIn }) => readDebts(ports, signedIn.account));
  serveCall(app, 'accidents', (_input, { signedIn }) => readAccidents(ports, signedIn.account));
  serveCall(app, 'accountStatement', async ({ params }, { signedIn, request, reply }) => {
    const { statementId, view } = await openOwnStatement(ports, signedIn.account, params.statementId);
    // The statement's files open for this browser too.
    grantStatementAccess(request, reply, statementId, app.clock.now());
    return view;
  });
  serveCall(app, 'notifications', (_input, { signedIn }) => readNotificationChoices(ports, signedIn.account));
  serveCall(app, 'saveNotifications', ({ body }, { signedIn }) => saveNotificationChoices(ports, signedIn.account, body));
};

export default records;
