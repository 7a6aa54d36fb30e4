/** CH5: a chat with its messages and who wrote it; opening it reads the driver's messages (logged first). */
import type { ConsoleChatAnswer } from '@eid/domain';
import type { StaffActor } from '../staff.service.js';
import type { ConsolePorts } from './ports.js';
import { userOf } from './user-of.js';

export async function readChat(ports: ConsolePorts, actor: StaffActor, chatId: string): Promise<ConsoleChatAnswer> {
  await ports.staff.record(actor, 'CHAT_READ', chatId);
  const thread = await ports.chats.openForBureau(chatId);
  return { ...thread, user: await userOf(ports, thread.chat.accountId) };
}
