/**
 * What the records use cases need (SPEC BR1-BR5, settings M): the bureau's records of persons,
 * the insurers' names, the statements and declarations of the live service, the account's
 * declarations and notification choices, and the clock. **API Boundary**: the server's
 * composition builds these from its storage; tests from the memory adapters and a fixed clock.
 */
import type { AccountStorePort, BureauRecordsPort, ClockPort, DeclarationStorePort, OutputStorePort, VehicleRegistryPort, Declaration, Party, StatementClaim } from '@eid/domain';
import type { VictimDeclarationsPort } from '../claim.service.js';

export interface RecordsPorts {
  /** The claim numbers an insurer registered for a driver's vehicle (issue 36), shown on their statement. */
  readonly insurerClaims: (declaration: Declaration, party: Party) => Promise<StatementClaim[]>;
  readonly bureau: Pick<BureauRecordsPort, 'documentsOf' | 'debtsOf' | 'accidentsOf'>;
  readonly insurers: Pick<VehicleRegistryPort, 'listInsurers'>;
  readonly statements: Pick<OutputStorePort, 'statementsFor' | 'statementById'>;
  readonly declarations: Pick<DeclarationStorePort, 'get'>;
  readonly accounts: Pick<AccountStorePort, 'declarationsOf' | 'notificationsOf' | 'setNotifications'>;
  /** The sent declarations the account still holds a seat of (BR5). */
  readonly seated: VictimDeclarationsPort;
  readonly clock: ClockPort;
}

/** The signed-in person the records are read for. */
export interface RecordsReader {
  readonly id: string;
  /** The verified personal code, or null (the records of the bureau are then not shown). */
  readonly personalCode: string | null;
}
