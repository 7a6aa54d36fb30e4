/**
 * SF2, AL1: one sent declaration's statements as each driver's view shows them (logged first); null
 * when there is none. Reading only: no console call changes a declaration. Issue 36: an insurer's
 * staff member reads only its insurer's declarations; another one is null, as one that does not
 * exist (the same answer: nothing tells that it exists).
 */
import { statementView, type ConsoleDeclarationAnswer } from '@eid/domain';
import type { StaffActor } from '../staff.service.js';
import type { ConsolePorts } from './ports.js';

export async function readDeclaration(ports: ConsolePorts, actor: StaffActor, declarationId: string): Promise<ConsoleDeclarationAnswer | null> {
  await ports.staff.record(actor, 'DECLARATION_READ', declarationId);
  if (actor.staff.role === 'insurer' && (actor.staff.insurerId === null || !(await ports.insurerFeed.feedEntry(actor.staff.insurerId, declarationId)))) return null;
  const stored = await ports.declarations.get(declarationId);
  const statements = stored ? await ports.statements.statementsFor(declarationId) : [];
  const first = statements[0];
  if (!stored || !first) return null;
  // An insurer's member sees its own insurer's claim only (another insurer's number and handler are not its business, as in its API).
  const claimsOf = async (party: (typeof statements)[number]['party']) => (await ports.insurerClaims(stored.declaration, party)).filter((c) => actor.staff.role !== 'insurer' || c.insurerId === actor.staff.insurerId);
  return { declarationId, accidentId: first.accidentId, statements: await Promise.all(statements.map(async (s) => statementView(stored.declaration, s, await claimsOf(s.party)))) };
}
