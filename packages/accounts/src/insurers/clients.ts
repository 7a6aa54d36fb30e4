/**
 * Issue 36 item 2: the bureau's supervisor registers an insurer's system as a client of the
 * service, rotates its credentials and revokes it. The secrets are made here, shown once in the
 * answer, and kept only as a hash (the client secret) or sealed (the webhook secret). Each call
 * writes the audit log first.
 */
import { insurerClientView, type InsurerClient, type InsurerClientAnswer, type InsurerClientsAnswer, type InsurerCredentials, type NewInsurerClient } from '@eid/domain/insurer';
import type { StaffActor } from '../staff.service.js';
import { refuseConsole } from '../refusals.js';
import type { InsurerPorts } from './ports.js';

async function insurerNames(ports: InsurerPorts): Promise<Map<number, string>> {
  return new Map((await ports.registry.listInsurers()).map((i) => [i.id, i.name]));
}

function newCredentials(ports: InsurerPorts, clientId: string): { credentials: InsurerCredentials; secretHash: string; webhookKeySealed: string } {
  const clientSecret = ports.credentials.newClientSecret();
  const webhookSecret = ports.credentials.newWebhookSecret();
  return { credentials: { clientId, clientSecret, webhookSecret }, secretHash: ports.credentials.hashSecret(clientSecret), webhookKeySealed: ports.credentials.seal(webhookSecret) };
}

export async function listInsurerClients(ports: InsurerPorts, actor: StaffActor): Promise<InsurerClientsAnswer> {
  ports.staff.require(actor, 'manageInsurers');
  await ports.staff.record(actor, 'INSURER_CLIENTS_LISTED', '');
  const names = await insurerNames(ports);
  const clients = await ports.store.listClients();
  return { clients: clients.map((c) => insurerClientView(c, names.get(c.insurerId) ?? '')), insurers: [...names].map(([id, name]) => ({ id, name })) };
}

/** Refused INSURER_NOT_IN_REGISTRY for an insurer the registry does not hold, WEBHOOK_ADDRESS_REFUSED for an address that points inside. */
export async function registerInsurerClient(ports: InsurerPorts, actor: StaffActor, input: NewInsurerClient): Promise<InsurerClientAnswer> {
  ports.staff.require(actor, 'manageInsurers');
  const names = await insurerNames(ports);
  const insurerName = names.get(input.insurerId);
  if (insurerName === undefined) refuseConsole('INSURER_NOT_IN_REGISTRY');
  if (input.webhookUrl !== null && (await ports.webhookAddress.check(input.webhookUrl)) !== null) refuseConsole('WEBHOOK_ADDRESS_REFUSED');
  const id = `ic_${ports.ids.token()}`;
  const made = newCredentials(ports, id);
  await ports.staff.record(actor, 'INSURER_CLIENT_ADDED', id);
  const client: InsurerClient = { id, insurerId: input.insurerId, name: input.name, webhookUrl: input.webhookUrl, secretHash: made.secretHash, webhookKeySealed: made.webhookKeySealed, previousWebhookKeySealed: null, createdAt: ports.clock.now(), rotatedAt: null, revokedAt: null };
  await ports.store.addClient(client);
  return { client: insurerClientView(client, insurerName), credentials: made.credentials };
}

/** New credentials for a client (the old client secret stops at once, its tokens live out their minutes; the old webhook secret signs beside the new one for a day); a revoked client is not rotated. */
export async function rotateInsurerClient(ports: InsurerPorts, actor: StaffActor, clientId: string): Promise<InsurerClientAnswer> {
  ports.staff.require(actor, 'manageInsurers');
  const found = await ports.store.clientById(clientId);
  if (!found || found.revokedAt !== null) refuseConsole('INSURER_CLIENT_NOT_FOUND');
  const made = newCredentials(ports, clientId);
  await ports.staff.record(actor, 'INSURER_CLIENT_ROTATED', clientId);
  // The old webhook secret still signs for a day beside the new one (WEBHOOK_SECRET_OVERLAP_MS): the receiver has time to change.
  const client = await ports.store.updateClient(clientId, { secretHash: made.secretHash, webhookKeySealed: made.webhookKeySealed, previousWebhookKeySealed: found.webhookKeySealed, rotatedAt: ports.clock.now() });
  if (!client) refuseConsole('INSURER_CLIENT_NOT_FOUND');
  return { client: insurerClientView(client, (await insurerNames(ports)).get(client.insurerId) ?? ''), credentials: made.credentials };
}

/** A revoked client gets no token and its tokens are refused from the next call; revoking twice changes nothing. */
export async function revokeInsurerClient(ports: InsurerPorts, actor: StaffActor, clientId: string): Promise<InsurerClientAnswer> {
  ports.staff.require(actor, 'manageInsurers');
  const found = await ports.store.clientById(clientId);
  if (!found) refuseConsole('INSURER_CLIENT_NOT_FOUND');
  await ports.staff.record(actor, 'INSURER_CLIENT_REVOKED', clientId);
  const client = found.revokedAt !== null ? found : await ports.store.updateClient(clientId, { revokedAt: ports.clock.now() });
  if (!client) refuseConsole('INSURER_CLIENT_NOT_FOUND');
  return { client: insurerClientView(client, (await insurerNames(ports)).get(client.insurerId) ?? '') };
}
