/**
 * The checks of an SK certificate (Smart-ID and Mobile-ID): the chain to the configured trust
 * anchors only (never the system's store), each certificate's validity at the time, the leaf not
 * a CA, its policies, its authentication purpose, and the person in its subject.
 */
import 'reflect-metadata';
import { X509Certificate as NodeCertificate } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { personOfSubject, type VerifiedPerson } from '@eid/domain';

/** Smart-ID's certificate policies by level (both of a level must be present). */
export const SMART_ID_POLICIES = {
  QUALIFIED: ['1.3.6.1.4.1.10015.17.2', '0.4.0.2042.1.2'],
  ADVANCED: ['1.3.6.1.4.1.10015.17.1', '0.4.0.2042.1.1'],
} as const;
/** Smart-ID's authentication purpose (certificates since April 2025), and the older client-authentication one. */
export const SMART_ID_AUTH_EKU = '1.3.6.1.4.1.62306.5.7.0';
export const CLIENT_AUTH_EKU = '1.3.6.1.5.5.7.3.2';

const OID = { serialNumber: '2.5.4.5', givenName: '2.5.4.42', surname: '2.5.4.4', country: '2.5.4.6' } as const;

/** Trust anchors from PEM texts (a file may hold several certificates). */
export function parseAnchors(pems: readonly string[]): NodeCertificate[] {
  return pems.flatMap((pem) => (pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).map((one) => new NodeCertificate(one)));
}

const validAt = (cert: NodeCertificate, now: number) => Date.parse(cert.validFrom) <= now && now <= Date.parse(cert.validTo);

/**
 * The leaf chains to a self-signed anchor through anchors only, every link's signature verified
 * and every certificate valid at `now`; intermediates are CAs, the leaf is not.
 */
export function chainsToAnchors(leaf: NodeCertificate, anchors: readonly NodeCertificate[], now: number): boolean {
  if (leaf.ca || !validAt(leaf, now)) return false;
  let current = leaf;
  for (let depth = 0; depth < 5; depth += 1) {
    const issuer = anchors.find((a) => a.ca && current.checkIssued(a) && current.verify(a.publicKey));
    if (!issuer || !validAt(issuer, now)) return false;
    if (issuer.checkIssued(issuer) && issuer.verify(issuer.publicKey)) return true;
    current = issuer;
  }
  return false;
}

export interface LeafFacts {
  readonly policies: readonly string[];
  readonly digitalSignature: boolean;
  readonly extendedUsages: readonly string[];
  readonly person: VerifiedPerson | null;
}

/** What a leaf certificate says: its policies, key usages and the person in its subject. */
export function leafFacts(der: Uint8Array): LeafFacts {
  const cert = new x509.X509Certificate(Uint8Array.from(der));
  const policies = cert.getExtension(x509.CertificatePolicyExtension)?.policies ?? [];
  const usages = cert.getExtension(x509.KeyUsagesExtension)?.usages ?? 0;
  const eku = (cert.getExtension(x509.ExtendedKeyUsageExtension)?.usages ?? []).map(String);
  const field = (oid: string) => cert.subjectName.getField(oid)[0];
  const subject = {
    ...(field(OID.serialNumber) ? { serialNumber: field(OID.serialNumber) } : {}),
    ...(field(OID.givenName) ? { givenName: field(OID.givenName) } : {}),
    ...(field(OID.surname) ? { surname: field(OID.surname) } : {}),
    ...(field(OID.country) ? { country: field(OID.country) } : {}),
  };
  return { policies, digitalSignature: (usages & x509.KeyUsageFlags.digitalSignature) !== 0, extendedUsages: eku, person: personOfSubject(subject) };
}
