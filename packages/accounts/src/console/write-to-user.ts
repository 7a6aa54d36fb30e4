/**
 * The bureau writes to a user first, by the account's address. The lookup itself tells whether an
 * address has an account: it is logged, found or not; an unknown address is RECIPIENT_NOT_FOUND.
 */
import { accountEmail, type Chat } from '@eid/domain';
import { refuseConsole as refuse } from '../refusals.js';
import type { StaffActor } from '../staff.service.js';
import type { ConsolePorts } from './ports.js';

export async function writeToUser(ports: ConsolePorts, actor: StaffActor, input: { readonly email: string; readonly topic: string; readonly text: string }): Promise<{ readonly chat: Chat }> {
  ports.staff.require(actor, 'answer');
  await ports.staff.record(actor, 'MESSAGE_SENT', `to ${input.email}`);
  const email = accountEmail(input.email);
  const account = email === null ? null : await ports.accounts.accountByEmail(email);
  if (!account) return refuse('RECIPIENT_NOT_FOUND');
  return { chat: await ports.chats.write(account.id, actor.staff.name, input) };
}
