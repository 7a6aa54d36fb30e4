/**
 * What the insurers' use cases need (issue 36): the insurers' store, the staff's permissions and the
 * audit log, the registry's insurers, the sent declarations, their statements and files, and the
 * server's cryptography and address checks behind small ports. **API Boundary**: the server's
 * composition builds these; tests from the memory adapters.
 */
import type { BlobStorePort, ClockPort, Declaration, DeclarationStorePort, Party, ExpiringStorePort, OutputStorePort, StaffStorePort, VehicleRegistryPort } from '@eid/domain';
import type { InsurerClaim, InsurerStorePort } from '@eid/domain/insurer';
import type { StaffService } from '../staff.service.js';

/** The credentials' cryptography (the server's, node:crypto): made at random, kept only as a hash or sealed. */
export interface CredentialsPort {
  /** A new client secret (`ics_` and 256 random bits). */
  newClientSecret(): string;
  /** A new Standard Webhooks signing secret (`whsec_` and 32 random bytes in base64). */
  newWebhookSecret(): string;
  /** The hash a client secret is kept as. */
  hashSecret(secret: string): string;
  /** Does `secret` hash to `hash`? Compared in constant time. */
  secretMatches(secret: string, hash: string): boolean;
  /** The webhook secret sealed with the server's key (HMAC needs the secret itself, so it cannot be hashed). */
  seal(secret: string): string;
}

/** Why a webhook address is refused where it points: plain http to a host not allowed it, a private or special network, this service, a name that does not resolve. */
export type WebhookAddressRefusal = 'NOT_HTTPS' | 'PRIVATE' | 'SELF' | 'UNRESOLVED';

export interface WebhookAddressPort {
  check(url: string): Promise<WebhookAddressRefusal | null>;
}

/** Tells a driver that their insurer registered a claim (the server words it in their language and queues it as their SMS or e-mail). */
export interface ClaimNotifierPort {
  claimRegistered(declaration: Declaration, party: Party, claim: InsurerClaim, insurerName: string): Promise<void>;
}

/** The insurers' copy of a declaration's document (the PDF their e-mail carries), rendered again when an insurer's system asks. */
export interface InsurerDocumentPort {
  insurersCopy(declaration: Declaration, accidentId: string, completedAt: number): Promise<Uint8Array>;
}

export interface InsurerPorts {
  readonly store: InsurerStorePort;
  readonly staff: Pick<StaffService, 'record' | 'require'>;
  readonly audit: Pick<StaffStorePort, 'appendAudit'>;
  readonly registry: Pick<VehicleRegistryPort, 'listInsurers'>;
  readonly declarations: Pick<DeclarationStorePort, 'get'>;
  readonly statements: Pick<OutputStorePort, 'statementsFor' | 'received'>;
  readonly blobs: Pick<BlobStorePort, 'get'>;
  readonly expiring: ExpiringStorePort;
  readonly credentials: CredentialsPort;
  readonly webhookAddress: WebhookAddressPort;
  readonly notify: ClaimNotifierPort;
  readonly documents: InsurerDocumentPort;
  readonly clock: ClockPort;
  readonly ids: { token(): string };
  /** The API's addresses, absolute (the links in what an insurer reads). */
  readonly links: {
    declaration(declarationId: string): string;
    file(declarationId: string, fileId: string): string;
  };
}
