/** SF2, AL1: a page of the sent declarations, newest first, searched by the accident number, each with its two plates (logged first). */
import { CONSOLE_PAGE_SIZE, type ConsoleDeclarationsAnswer, type Party } from '@eid/domain';
import type { StaffActor } from '../staff.service.js';
import type { ConsolePage, ConsolePorts } from './ports.js';

export async function listDeclarations(ports: ConsolePorts, actor: StaffActor, page: ConsolePage): Promise<ConsoleDeclarationsAnswer> {
  await ports.staff.record(actor, 'DECLARATIONS_LISTED', page.search);
  const found = await ports.statements.received({ limit: CONSOLE_PAGE_SIZE, offset: page.offset, search: page.search });
  const declarations = [];
  for (const d of found.declarations) {
    const stored = await ports.declarations.get(d.declarationId);
    const plate = (p: Party) => stored?.declaration.parties[p].vehicle.plate || stored?.declaration.parties[p].plates.plate || '';
    declarations.push({ ...d, plates: stored ? [plate('A'), plate('B')] : [] });
  }
  return { declarations, total: found.total };
}
