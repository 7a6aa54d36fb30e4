/**
 * Issue 36 items 3 and 4: a finished declaration reaches its responsible insurers: it enters each
 * one's feed, and each of their registered systems with a webhook address gets a delivery (sent by
 * the server's worker). Run again after a crash, it adds nothing twice (the store keeps each once).
 */
import { responsibleInsurerIds, webhookPayload, WEBHOOK_EVENT_FINISHED, type WebhookDelivery } from '@eid/domain/insurer';
import type { Declaration } from '@eid/domain';
import type { InsurerPorts } from './ports.js';

export async function announceFinished(ports: Pick<InsurerPorts, 'store' | 'ids' | 'links'>, declaration: Declaration, finishedAt: number): Promise<void> {
  const insurers = responsibleInsurerIds(declaration);
  if (insurers.length === 0) return;
  await ports.store.addToFeed(insurers.map((insurerId) => ({ insurerId, declarationId: declaration.id, finishedAt })));
  const payload = webhookPayload(declaration.id, finishedAt, ports.links.declaration(declaration.id));
  const clients = (await ports.store.listClients()).filter((c) => insurers.includes(c.insurerId) && c.revokedAt === null && c.webhookUrl !== null);
  const deliveries: WebhookDelivery[] = clients.map((c) => ({
    id: `msg_${ports.ids.token()}`,
    clientId: c.id,
    insurerId: c.insurerId,
    declarationId: declaration.id,
    event: WEBHOOK_EVENT_FINISHED,
    payload,
    state: 'PENDING',
    attempts: 0,
    nextAttemptAt: finishedAt,
    createdAt: finishedAt,
    deliveredAt: null,
    lastStatus: null,
    lastError: null,
  }));
  await ports.store.addDeliveries(deliveries);
}
