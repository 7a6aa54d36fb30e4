/**
 * Issue 36 item 2: the insurers' clients in the console (a supervisor's): the list, a registration
 * (the credentials shown once in its answer), a rotation (new credentials, shown once), a
 * revocation; the webhook deliveries, their attempts and a replay. Each is in the audit log before it answers.
 */
import type { FastifyInstance } from 'fastify';
import { overdueInsurerAnswers, listInsurerClients, listWebhookDeliveries, registerInsurerClient, replayWebhook, revokeInsurerClient, rotateInsurerClient, webhookAttempts } from '@eid/accounts';
import { serveCall } from '../http/serve-call.js';

export function consoleInsurers(app: FastifyInstance): void {
  const ports = app.insurers;
  serveCall(app, 'insurerClients', (_input, { staff }) => listInsurerClients(ports, staff));
  serveCall(app, 'addInsurerClient', ({ body }, { staff }) => registerInsurerClient(ports, staff, body));
  serveCall(app, 'rotateInsurerClient', ({ params }, { staff }) => rotateInsurerClient(ports, staff, params.clientId));
  serveCall(app, 'revokeInsurerClient', ({ params }, { staff }) => revokeInsurerClient(ports, staff, params.clientId));
  serveCall(app, 'overdueInsurerAnswers', (_input, { staff }) => overdueInsurerAnswers(ports, staff));
  serveCall(app, 'webhookDeliveries', ({ query }, { staff }) => listWebhookDeliveries(ports, staff, query.offset));
  serveCall(app, 'webhookAttempts', ({ params }, { staff }) => webhookAttempts(ports, staff, params.deliveryId));
  serveCall(app, 'replayWebhook', async ({ params }, { staff }) => {
    const replayed = await replayWebhook(ports, staff, params.deliveryId);
    // Sent now, not at the next tick (where this node does background work).
    if (app.config.backgroundJobs) void app.webhookWorker.runOnce().catch(() => undefined);
    return replayed;
  });
}
