import { hash, verify } from '@node-rs/argon2';
import type { PasswordHasherPort } from '@eid/domain';

/**
 * AC9: argon2id with OWASP's first recommended setting: 19 MiB of memory, 2 passes, 1 lane
 * (≈ 25-35 ms a hash on this machine's cores: `npm run bench:output` does not cover it; the
 * adapter's test prints it). The parameters live in each PHC string, so raising them later
 * leaves the stored hashes verifiable.
 */
/** `algorithm` 2 is Argon2id in @node-rs/argon2's (const) enum. */
export const ARGON2_PARAMETERS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export class Argon2PasswordHasher implements PasswordHasherPort {
  hash(password: string): Promise<string> {
    return hash(password, ARGON2_PARAMETERS);
  }

  async verify(phc: string, password: string): Promise<boolean> {
    return verify(phc, password).catch(() => false);
  }
}
