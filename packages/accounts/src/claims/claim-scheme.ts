/**
 * The scheme of a claim started from a declaration (UE8): the declaration's own scheme image, shown
 * in the victim's form and put in the claim's PDF. None for a typed claim, one whose scheme the
 * victim drew, or an image that is not that declaration's.
 */
import type { BlobStorePort, Claim, DeclarationStorePort } from '@eid/domain';
import type { ClaimService } from '../claim.service.js';

export interface ClaimSchemePorts {
  readonly declarations: Pick<DeclarationStorePort, 'get'>;
  readonly blobs: Pick<BlobStorePort, 'get'>;
}

export interface ClaimImage {
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

export async function claimScheme(ports: ClaimSchemePorts, claim: Claim): Promise<ClaimImage | null> {
  if (!claim.data.scheme.fromDeclaration || claim.declarationId === null) return null;
  const imageId = (await ports.declarations.get(claim.declarationId))?.declaration.scheme.imageId ?? null;
  const stored = imageId === null ? null : await ports.blobs.get(imageId);
  return stored && stored.declarationId === claim.declarationId ? { contentType: stored.contentType, bytes: stored.bytes } : null;
}

/** The victim's own claim's scheme (another's claim is CLAIM_NOT_FOUND), or null when it has none. */
export async function readClaimScheme(ports: ClaimSchemePorts & { readonly claims: Pick<ClaimService, 'own'> }, accountId: string, claimId: string): Promise<ClaimImage | null> {
  return claimScheme(ports, await ports.claims.own(accountId, claimId));
}
