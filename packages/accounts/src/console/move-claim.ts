/** UE2, UE9: the operator's move of a claim's state, with the words the victim reads in the claim's chat (logged first). */
import { claimRow, type BureauClaimState, type ClaimRow } from '@eid/domain';
import type { StaffActor } from '../staff.service.js';
import type { ConsolePorts } from './ports.js';

export async function moveClaim(ports: ConsolePorts, actor: StaffActor, claimId: string, to: { readonly state: BureauClaimState; readonly text: string }): Promise<{ readonly claim: ClaimRow }> {
  ports.staff.require(actor, 'answer');
  await ports.staff.record(actor, 'CLAIM_STATE_SET', `${claimId} ${to.state}`);
  return { claim: claimRow(await ports.claims.setState(claimId, to.state, actor.staff.name, to.text)) };
}
