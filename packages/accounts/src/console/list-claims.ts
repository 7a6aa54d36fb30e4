/** UE9, AL1: the queue of submitted claims (not decided first, oldest first, searched by number or plate; logged first). */
import { claimRow, CONSOLE_PAGE_SIZE, type ConsoleClaimsAnswer } from '@eid/domain';
import type { StaffActor } from '../staff.service.js';
import type { ConsolePage, ConsolePorts } from './ports.js';

export async function listClaims(ports: ConsolePorts, actor: StaffActor, page: ConsolePage): Promise<ConsoleClaimsAnswer> {
  await ports.staff.record(actor, 'CLAIMS_LISTED', page.search);
  const found = await ports.claims.queue({ limit: CONSOLE_PAGE_SIZE, offset: page.offset, search: page.search });
  return { claims: found.claims.map(claimRow), total: found.total };
}
