/** CH3: the chats waiting for an answer, longest first, with the time waited (the search is logged first). */
import { CONSOLE_PAGE_SIZE, type ConsoleChatsAnswer } from '@eid/domain';
import type { StaffActor } from '../staff.service.js';
import type { ConsolePage, ConsolePorts } from './ports.js';

export async function listWaitingChats(ports: ConsolePorts, actor: StaffActor, page: ConsolePage): Promise<ConsoleChatsAnswer> {
  await ports.staff.record(actor, 'CHATS_LISTED', page.search);
  return ports.chats.waiting({ limit: CONSOLE_PAGE_SIZE, offset: page.offset, search: page.search });
}
