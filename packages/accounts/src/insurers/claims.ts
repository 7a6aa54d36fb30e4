/**
 * Issue 36 item 5: an insurer's system registers its claim number and a contact for a declaration
 * it is responsible for (audited; another insurer's declaration is not found); the driver of each
 * vehicle it insures is told once, in their language (a correction tells them again); their
 * statement page shows it. The bureau's console lists the declarations an insurer has not answered
 * within two working days.
 */
import { insurerAnswerDue, partiesInsuredBy, type ClaimRegistered, type InsurerClaim, type InsurerStorePort, type OverdueAnswersAnswer, type RegisterClaim } from '@eid/domain/insurer';
import type { Declaration, Party, StatementClaim, VehicleRegistryPort } from '@eid/domain';
import type { StaffActor } from '../staff.service.js';
import { refuseInsurer } from './insurer-error.js';
import type { InsurerPorts } from './ports.js';
import { recordInsurerRead, type InsurerCaller } from './pull.js';

/** Entries looked at for the console's list of unanswered declarations at a time. */
const OVERDUE_LIMIT = 500;

export async function registerInsurerClaim(ports: InsurerPorts, caller: InsurerCaller, declarationId: string, input: RegisterClaim): Promise<ClaimRegistered> {
  await recordInsurerRead(ports, caller, 'INSURER_CLAIM_REGISTERED', declarationId);
  const { insurerId } = caller.client;
  const entry = await ports.store.feedEntry(insurerId, declarationId);
  const stored = entry ? await ports.declarations.get(declarationId) : null;
  if (!entry || !stored) refuseInsurer('INSURER_RECORD_NOT_FOUND');
  const vehicles = partiesInsuredBy(stored.declaration, insurerId);
  const claim: InsurerClaim = { declarationId, insurerId, ...input, clientId: caller.client.id, registeredAt: ports.clock.now() };
  const outcome = await ports.store.registerClaim(claim);
  const kept = outcome === 'SAME' ? ((await ports.store.claimsFor(declarationId)).find((c) => c.insurerId === insurerId) ?? claim) : claim;
  // The notice of the claim as kept, each time: its message's id is the claim's (party, insurer, time), so
  // the same again queues nothing new, and a notice lost to a crash after the claim was kept is queued now.
  const insurerName = (await ports.registry.listInsurers()).find((i) => i.id === insurerId)?.name ?? '';
  for (const party of vehicles) await ports.notify.claimRegistered(stored.declaration, party, kept, insurerName);
  return { declarationId, claimNumber: kept.claimNumber, registeredAt: new Date(kept.registeredAt).toISOString(), vehicles, changed: outcome !== 'SAME' };
}

/** The claims registered for a driver's vehicle, as their statement shows them. */
export async function statementClaims(ports: { readonly store: Pick<InsurerStorePort, 'claimsFor'>; readonly registry: Pick<VehicleRegistryPort, 'listInsurers'> }, declaration: Declaration, party: Party): Promise<StatementClaim[]> {
  const claims = (await ports.store.claimsFor(declaration.id)).filter((c) => partiesInsuredBy(declaration, c.insurerId).includes(party));
  if (claims.length === 0) return [];
  const names = new Map((await ports.registry.listInsurers()).map((i) => [i.id, i.name]));
  return claims.map((c) => ({ insurerId: c.insurerId, insurerName: names.get(c.insurerId) ?? '', claimNumber: c.claimNumber, contactName: c.contactName, contactPhone: c.contactPhone, contactEmail: c.contactEmail, registeredAt: c.registeredAt }));
}

/**
 * The declarations an insurer has not answered with a claim number within two working days (any
 * staff member's; audited), newest first. Only insurers with a system registered (not revoked)
 * when the declaration was finished are expected to answer here: another insurer's declarations
 * went to it by e-mail and are not its system's to answer.
 */
export async function overdueInsurerAnswers(ports: InsurerPorts, actor: StaffActor): Promise<OverdueAnswersAnswer> {
  await ports.staff.record(actor, 'INSURER_ANSWERS_LISTED', '');
  const now = ports.clock.now();
  const clients = (await ports.store.listClients()).filter((c) => c.revokedAt === null);
  const since = new Map<number, number>();
  for (const c of clients) since.set(c.insurerId, Math.min(since.get(c.insurerId) ?? Infinity, c.createdAt));
  if (since.size === 0) return { overdue: [] };
  // Two working days are at least two calendar days: only what was finished before that can be late.
  const candidates = (await ports.store.unanswered([...since.keys()], now - 2 * 86_400_000, OVERDUE_LIMIT)).filter((e) => e.finishedAt >= (since.get(e.insurerId) ?? Infinity));
  const names = new Map((await ports.registry.listInsurers()).map((i) => [i.id, i.name]));
  const overdue = candidates.map((e) => ({ declarationId: e.declarationId, insurerId: e.insurerId, insurerName: names.get(e.insurerId) ?? '', finishedAt: e.finishedAt, dueAt: insurerAnswerDue(e.finishedAt) })).filter((e) => e.dueAt <= now);
  return { overdue };
}
