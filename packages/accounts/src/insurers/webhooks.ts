/**
 * Issue 36 item 4, the console's side: the webhook deliveries with their states and attempts (a
 * supervisor's), and a replay of one (sent again with its id, so a receiver that had it skips it).
 * Each call writes the audit log first.
 */
import { CONSOLE_PAGE_SIZE } from '@eid/domain';
import type { WebhookAttemptsAnswer, WebhookDeliveriesAnswer } from '@eid/domain/insurer';
import type { StaffActor } from '../staff.service.js';
import { refuseConsole } from '../refusals.js';
import type { InsurerPorts } from './ports.js';

export async function listWebhookDeliveries(ports: InsurerPorts, actor: StaffActor, offset: number): Promise<WebhookDeliveriesAnswer> {
  ports.staff.require(actor, 'manageInsurers');
  await ports.staff.record(actor, 'WEBHOOKS_LISTED', String(offset));
  const page = await ports.store.deliveries({ limit: CONSOLE_PAGE_SIZE, offset });
  const names = new Map((await ports.store.listClients()).map((c) => [c.id, c.name]));
  return { deliveries: page.deliveries.map(({ payload: _payload, ...d }) => ({ ...d, clientName: names.get(d.clientId) ?? d.clientId })), total: page.total };
}

export async function webhookAttempts(ports: InsurerPorts, actor: StaffActor, deliveryId: string): Promise<WebhookAttemptsAnswer> {
  ports.staff.require(actor, 'manageInsurers');
  await ports.staff.record(actor, 'WEBHOOKS_LISTED', deliveryId);
  if (!(await ports.store.deliveryById(deliveryId))) refuseConsole('WEBHOOK_NOT_FOUND');
  return { attempts: await ports.store.attemptsOf(deliveryId) };
}

/** Sends a delivery again now (after a receiver's outage past the retries, or at its request). */
export async function replayWebhook(ports: InsurerPorts, actor: StaffActor, deliveryId: string): Promise<WebhookDeliveriesAnswer['deliveries'][number]> {
  ports.staff.require(actor, 'manageInsurers');
  if (!(await ports.store.deliveryById(deliveryId))) refuseConsole('WEBHOOK_NOT_FOUND');
  await ports.staff.record(actor, 'WEBHOOK_REPLAYED', deliveryId);
  const replayed = await ports.store.replayDelivery(deliveryId, ports.clock.now());
  if (!replayed) refuseConsole('WEBHOOK_NOT_FOUND');
  const client = await ports.store.clientById(replayed.clientId);
  const { payload: _payload, ...rest } = replayed;
  return { ...rest, clientName: client?.name ?? replayed.clientId };
}
