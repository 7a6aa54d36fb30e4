import type { ConsoleUser } from '@eid/domain';
import type { ConsolePorts } from './ports.js';

/** Who an account is, as the console shows them: the address and the name it gave, if any. */
export async function userOf(ports: Pick<ConsolePorts, 'accounts'>, accountId: string): Promise<ConsoleUser> {
  const account = await ports.accounts.accountById(accountId);
  return { email: account?.email ?? null, name: [account?.person.firstName, account?.person.lastName].filter(Boolean).join(' ') };
}
