import { describe, expect, it } from 'vitest';
import { Argon2PasswordHasher } from './index.js';

describe('argon2id password hasher', () => {
  it('[AC9] hashes with argon2id, 19 MiB, 2 passes, 1 lane, a salt of its own each time; verifies only the same password', async () => {
    const hasher = new Argon2PasswordHasher();
    const a = await hasher.hash('Slaptas1');
    const b = await hasher.hash('Slaptas1');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await hasher.verify(a, 'Slaptas1')).toBe(true);
    expect(await hasher.verify(a, 'slaptas1')).toBe(false);
    expect(await hasher.verify('not a hash', 'Slaptas1')).toBe(false);
  });
});
