import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { OtplibTotp } from './index.js';

describe('TOTP (otplib)', () => {
  const totp = new OtplibTotp();

  it('[SF1] RFC 6238 appendix B: the SHA-1 vector at 59 s (the library under the adapter)', async () => {
    // The RFC's secret is the ASCII "12345678901234567890": base32 GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ.
    expect(await generate({ secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', epoch: 59, digits: 8 })).toBe('94287082');
    expect(await generate({ secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', epoch: 1111111109, digits: 8 })).toBe('07081804');
  });

  it('[SF1] a code matches its step and one step either way, not two; the matched step is the one it was made in', async () => {
    const secret = totp.newSecret();
    const now = 1_795_000_000_000;
    const code = await totp.codeAt(secret, now);
    const step = Math.floor(now / 30_000) * 30;
    expect(await totp.matchedStep(secret, code, now)).toBe(step);
    expect(await totp.matchedStep(secret, code, now + 30_000)).toBe(step);
    expect(await totp.matchedStep(secret, code, now - 30_000)).toBe(step);
    expect(await totp.matchedStep(secret, code, now + 61_000)).toBeNull();
  });

  it('[SF1] a malformed or wrong code is no match, never a throw', async () => {
    const secret = totp.newSecret();
    const now = 1_795_000_000_000;
    const right = await totp.codeAt(secret, now);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456', wrong]) expect(await totp.matchedStep(secret, code, now)).toBeNull();
    expect(await totp.matchedStep('not base32!', '123456', now)).toBeNull();
  });

  it('the address an authenticator reads names the issuer, the staff member and the secret', () => {
    const uri = new URL(totp.uri('JBSWY3DPEHPK3PXP', 'ona@eid.lt'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(uri.searchParams.get('issuer')).toBe('EID');
    expect(decodeURIComponent(uri.pathname)).toContain('ona@eid.lt');
  });
});
