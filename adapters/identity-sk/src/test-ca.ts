/**
 * A test certificate authority for the local SK services: a root and an issuing CA made at start
 * (RSA 2048), and per person an authentication certificate (Smart-ID's with SK's qualified
 * policies and its purpose, Mobile-ID's with the client-authentication purpose) and the ETSI identifier in the subject. Keys live in memory only.
 */
import 'reflect-metadata';
import { KeyObject, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { CLIENT_AUTH_EKU, SMART_ID_AUTH_EKU, SMART_ID_POLICIES } from './certificates.js';


const ALG = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
const DAY = 24 * 60 * 60_000;

export interface Person {
  readonly personalCode: string;
  readonly firstName: string;
  readonly lastName: string;
}

export interface Leaf {
  readonly der: Buffer;
  readonly privateKey: KeyObject;
}

const keys = () => webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']) as Promise<webcrypto.CryptoKeyPair>;

export class TestCa {
  private readonly leaves = new Map<string, Promise<Leaf>>();

  private constructor(
    readonly rootPem: string,
    readonly intermediatePem: string,
    private readonly issuer: x509.X509Certificate,
    private readonly issuerKeys: webcrypto.CryptoKeyPair,
  ) {}

  static async create(name: string): Promise<TestCa> {
    const now = Date.now();
    const [rootKeys, issuerKeys] = await Promise.all([keys(), keys()]);
    const root = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: '01',
      name: `CN=${name} ROOT G1E, O=EID test, C=LT`,
      notBefore: new Date(now - DAY),
      notAfter: new Date(now + 3650 * DAY),
      signingAlgorithm: ALG,
      keys: rootKeys,
      extensions: [new x509.BasicConstraintsExtension(true, 1, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true)],
    });
    const issuer = await x509.X509CertificateGenerator.create({
      serialNumber: '02',
      subject: `CN=${name} EID-Q 2024E, O=EID test, C=LT`,
      issuer: root.subject,
      notBefore: new Date(now - DAY),
      notAfter: new Date(now + 3650 * DAY),
      signingAlgorithm: ALG,
      publicKey: issuerKeys.publicKey,
      signingKey: rootKeys.privateKey,
      extensions: [new x509.BasicConstraintsExtension(true, 0, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true)],
    });
    return new TestCa(root.toString('pem'), issuer.toString('pem'), issuer, issuerKeys);
  }

  /** The person's authentication certificate and key (made once per person and service). */
  leaf(person: Person, service: 'smart-id' | 'mobile-id' = 'smart-id'): Promise<Leaf> {
    const key = `${service}|${person.personalCode}|${person.firstName}|${person.lastName}`;
    let made = this.leaves.get(key);
    if (!made) {
      made = this.makeLeaf(person, service);
      this.leaves.set(key, made);
    }
    return made;
  }

  private async makeLeaf(person: Person, service: 'smart-id' | 'mobile-id'): Promise<Leaf> {
    const now = Date.now();
    const leafKeys = await keys();
    const subject = new x509.Name([
      { '2.5.4.6': ['LT'] },
      { '2.5.4.3': [`${person.lastName},${person.firstName}`] },
      { '2.5.4.4': [person.lastName] },
      { '2.5.4.42': [person.firstName] },
      { '2.5.4.5': [`PNOLT-${person.personalCode}`] },
    ]);
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: Buffer.from(person.personalCode).toString('hex'),
      subject,
      issuer: this.issuer.subject,
      notBefore: new Date(now - DAY),
      notAfter: new Date(now + 365 * DAY),
      signingAlgorithm: ALG,
      publicKey: leafKeys.publicKey,
      signingKey: this.issuerKeys.privateKey,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        // Smart-ID's certificates carry its purpose and policies; Mobile-ID's the client-authentication purpose.
        ...(service === 'smart-id'
          ? [new x509.ExtendedKeyUsageExtension([SMART_ID_AUTH_EKU]), new x509.CertificatePolicyExtension([...SMART_ID_POLICIES.QUALIFIED])]
          : [new x509.ExtendedKeyUsageExtension([CLIENT_AUTH_EKU])]),
      ],
    });
    return { der: Buffer.from(cert.rawData), privateKey: KeyObject.from(leafKeys.privateKey) };
  }
}
