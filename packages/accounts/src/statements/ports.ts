/**
 * What opening a driver's statement needs (SPEC PV, FU7): the statements, their declarations and files,
 * the password hasher (the statement's preview password is kept hashed), the wrong tries kept
 * across a restart, the clock, the captcha (none when switched off) and the log.
 */
import type { BlobStorePort, CaptchaPort, ClockPort, DeclarationStorePort, ExpiringStorePort, OutputStorePort, PasswordHasherPort, Declaration, Party, StatementClaim } from '@eid/domain';

export interface StatementPorts {
  /** The claim numbers an insurer registered for a driver's vehicle (issue 36), shown on their statement. */
  readonly insurerClaims: (declaration: Declaration, party: Party) => Promise<StatementClaim[]>;
  readonly statements: Pick<OutputStorePort, 'findStatement' | 'statementById'>;
  readonly declarations: Pick<DeclarationStorePort, 'get'>;
  /** The statement's documents and the declaration's images and voice notes. */
  readonly blobs: Pick<BlobStorePort, 'get'>;
  readonly hasher: Pick<PasswordHasherPort, 'verify'>;
  /** A hash checked when the link is unknown, so that the answer takes one check's time either way (made once, at start-up). */
  readonly dummyHash: string;
  readonly expiring: Pick<ExpiringStorePort, 'get' | 'set' | 'delete'>;
  readonly clock: ClockPort;
  readonly captcha: Pick<CaptchaPort, 'verify'> | null;
  readonly log: (message: string, data: Record<string, unknown>) => void;
}
