/** CH6: the operator's answer; the driver's open page hears it, settings M's channels tell them. */
import type { Chat } from '@eid/domain';
import type { StaffActor } from '../staff.service.js';
import type { ConsolePorts } from './ports.js';

export async function answerChat(ports: ConsolePorts, actor: StaffActor, chatId: string, text: string): Promise<{ readonly chat: Chat }> {
  ports.staff.require(actor, 'answer');
  await ports.staff.record(actor, 'CHAT_ANSWERED', chatId);
  return { chat: await ports.chats.answer(chatId, actor.staff.name, text, []) };
}
