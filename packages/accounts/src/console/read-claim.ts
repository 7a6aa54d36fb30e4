/** UE9, AL1: one claim with its victim (logged first). */
import type { ConsoleClaimAnswer } from '@eid/domain';
import type { StaffActor } from '../staff.service.js';
import type { ConsolePorts } from './ports.js';
import { userOf } from './user-of.js';

export async function readClaim(ports: ConsolePorts, actor: StaffActor, claimId: string): Promise<ConsoleClaimAnswer> {
  await ports.staff.record(actor, 'CLAIM_READ', claimId);
  const claim = await ports.claims.forBureau(claimId);
  return { claim, user: await userOf(ports, claim.accountId) };
}
