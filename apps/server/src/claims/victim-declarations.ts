/**
 * The sent live declarations an account took part in, with its party (BR1, BR5, UE8): only while
 * the seat is still the one the account's browser held (not withdrawn, not taken over).
 */
import type { Declaration, Party } from '@eid/domain';
import type { VictimDeclarationsPort } from '@eid/accounts';
import type { Storage } from '../storage/storage.js';

export interface SeatedDeclaration {
  readonly declaration: Declaration;
  readonly party: Party;
}

export async function seatedDeclarations(storage: Pick<Storage, 'accounts' | 'declarations'>, accountId: string): Promise<SeatedDeclaration[]> {
  const out: SeatedDeclaration[] = [];
  for (const link of await storage.accounts.declarationsOf(accountId)) {
    const stored = await storage.declarations.get(link.declarationId);
    if (stored?.declaration.status !== 'FINISHED' || stored.declaration.mode !== 'live' || stored.slots[link.party].tokenHash !== link.tokenHash) continue;
    out.push({ declaration: stored.declaration, party: link.party });
  }
  return out;
}

export function victimDeclarations(storage: Pick<Storage, 'accounts' | 'declarations'>): VictimDeclarationsPort {
  return { ofAccount: (accountId) => seatedDeclarations(storage, accountId) };
}
