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

/** Recent declarations looked at by the sweep. */
const SWEEP_RECENT = 50;

/**
 * The sweep: the most recent finished declarations whose responsible insurers are missing from
 * their feeds (the announcement failed after the drivers' output was made) are announced now. Run
 * on every node every few minutes; what is there already is left as it is.
 */
export async function announceMissed(ports: Pick<InsurerPorts, 'store' | 'ids' | 'links' | 'declarations' | 'statements'>): Promise<number> {
  const { declarations: recent } = await ports.statements.received({ limit: SWEEP_RECENT, offset: 0 });
  let told = 0;
  for (const r of recent) {
    const stored = await ports.declarations.get(r.declarationId);
    if (!stored) continue;
    const insurers = responsibleInsurerIds(stored.declaration);
    const missing = await Promise.all(insurers.map(async (id) => (await ports.store.feedEntry(id, r.declarationId)) === null));
    if (!missing.some(Boolean)) continue;
    await announceFinished(ports, stored.declaration, r.receivedAt);
    told += 1;
  }
  return told;
}
