/**
 * The insurers' credentials, made and kept with node:crypto (issue 36): a client secret is 256
 * random bits, kept as its SHA-256 (a random secret needs no slow hash: nothing to guess); the
 * webhook secret is sealed with AES-256-GCM under a key derived from the installation's secret,
 * since signing a webhook needs the secret itself.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CredentialsPort } from '@eid/accounts';
import { INSURER_SECRET_PREFIX } from '@eid/domain/insurer';

const SEALED_PREFIX = 'v1.';

export class NodeCredentials implements CredentialsPort {
  private readonly key: Buffer;

  constructor(installationSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', installationSecret, 'eid-insurers', 'webhook-secrets', 32));
  }

  newClientSecret(): string {
    return `${INSURER_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  }

  newWebhookSecret(): string {
    return `whsec_${randomBytes(32).toString('base64')}`;
  }

  hashSecret(secret: string): string {
    return createHash('sha256').update(secret, 'utf8').digest('hex');
  }

  secretMatches(secret: string, hash: string): boolean {
    const given = createHash('sha256').update(secret, 'utf8').digest();
    const kept = Buffer.from(hash, 'hex');
    return kept.length === given.length && timingSafeEqual(given, kept);
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The webhook secret a `seal` made (a changed or foreign value throws). */
  open(sealed: string): string {
    if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('not a sealed webhook secret');
    const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
