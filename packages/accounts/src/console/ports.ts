/**
 * What the console's use cases need (issue 16, 17; SF2, CH3-CH6, UE9, AL1): the staff service (its
 * permissions and the audit log every call writes first), the chats and claims services, the
 * accounts (who wrote), the sent declarations and their statements. **API Boundary**: the server's
 * composition builds these; tests from the memory adapters.
 */
import type { AccountStorePort, DeclarationStorePort, OutputStorePort, Declaration, Party, StatementClaim, VehicleRegistryPort } from '@eid/domain';
import type { InsurerStorePort } from '@eid/domain/insurer';
import type { ChatService } from '../chat.service.js';
import type { ClaimService } from '../claim.service.js';
import type { StaffService } from '../staff.service.js';

export interface ConsolePorts {
  /** The claim numbers an insurer registered for a driver's vehicle (issue 36), shown on their statement. */
  readonly insurerClaims: (declaration: Declaration, party: Party) => Promise<StatementClaim[]>;
  readonly staff: Pick<StaffService, 'record' | 'require' | 'list' | 'add'>;
  readonly chats: Pick<ChatService, 'waiting' | 'openForBureau' | 'answer' | 'write'>;
  readonly claims: Pick<ClaimService, 'queue' | 'forBureau' | 'setState'>;
  readonly accounts: Pick<AccountStorePort, 'accountById' | 'accountByEmail'>;
  readonly statements: Pick<OutputStorePort, 'received' | 'statementsFor'>;
  readonly declarations: Pick<DeclarationStorePort, 'get'>;
  /** Issue 36: each insurer's finished declarations, what its staff members may read. */
  readonly insurerFeed: Pick<InsurerStorePort, 'feedPage' | 'feedEntry' | 'inFeed'>;
  /** The registry's insurers (an insurer's staff member works for one). */
  readonly registry: Pick<VehicleRegistryPort, 'listInsurers'>;
}

/** A page of a console list: where it starts and what is searched. */
export interface ConsolePage {
  readonly offset: number;
  readonly search: string;
}
