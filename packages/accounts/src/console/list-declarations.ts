/**
 * SF2, AL1: a page of the sent declarations, newest first, searched by the accident number, each
 * with its two plates (logged first). Issue 36: an insurer's staff member sees only the
 * declarations its insurer is responsible for (its feed), and learns nothing of the others.
 */
import { CONSOLE_PAGE_SIZE, type ConsoleDeclarationsAnswer, type Party, type ReceivedDeclaration } from '@eid/domain';
import type { StaffActor } from '../staff.service.js';
import type { ConsolePage, ConsolePorts } from './ports.js';

/** How many of the bureau's newest matches an insurer's search looks through (an accident number matches one). */
export const INSURER_SEARCH_SCAN = 200;

export async function listDeclarations(ports: ConsolePorts, actor: StaffActor, page: ConsolePage): Promise<ConsoleDeclarationsAnswer> {
  await ports.staff.record(actor, 'DECLARATIONS_LISTED', page.search);
  // An insurer's member without an insurer (the schema allows none) sees nothing.
  const found =
    actor.staff.role !== 'insurer'
      ? await ports.statements.received({ limit: CONSOLE_PAGE_SIZE, offset: page.offset, search: page.search })
      : actor.staff.insurerId === null
        ? { declarations: [], total: 0 }
        : await insurersPage(ports, actor.staff.insurerId, page);
  const declarations = [];
  for (const d of found.declarations) {
    const stored = await ports.declarations.get(d.declarationId);
    const plate = (p: Party) => stored?.declaration.parties[p].vehicle.plate || stored?.declaration.parties[p].plates.plate || '';
    declarations.push({ ...d, plates: stored ? [plate('A'), plate('B')] : [] });
  }
  return { declarations, total: found.total };
}

/** The insurer's own declarations: its feed, newest first; searched, the bureau's newest matches that are in its feed. */
async function insurersPage(ports: ConsolePorts, insurerId: number, page: ConsolePage): Promise<{ declarations: ReceivedDeclaration[]; total: number }> {
  const search = page.search.trim();
  if (search) {
    const matches = await ports.statements.received({ limit: INSURER_SEARCH_SCAN, offset: 0, search });
    const own = await ports.insurerFeed.inFeed(insurerId, matches.declarations.map((d) => d.declarationId));
    const mine: ReceivedDeclaration[] = matches.declarations.filter((d) => own.has(d.declarationId));
    return { declarations: mine.slice(page.offset, page.offset + CONSOLE_PAGE_SIZE), total: mine.length };
  }
  const { entries, total } = await ports.insurerFeed.feedPage(insurerId, CONSOLE_PAGE_SIZE, page.offset);
  const declarations: ReceivedDeclaration[] = [];
  for (const e of entries) {
    const [statement] = await ports.statements.statementsFor(e.declarationId);
    declarations.push({ declarationId: e.declarationId, accidentId: statement?.accidentId ?? '', receivedAt: e.finishedAt });
  }
  return { declarations, total };
}
