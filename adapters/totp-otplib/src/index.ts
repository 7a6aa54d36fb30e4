/**
 * SecondFactorPort with otplib (RFC 6238): 30-second steps, six digits, SHA-1 — what every
 * authenticator app reads from an otpauth:// QR code. A code is accepted one step either way
 * (a phone's clock may drift); a malformed code is no match, never a throw.
 */
import { generate, generateSecret, generateURI, verify } from 'otplib';
import type { SecondFactorPort } from '@eid/domain';

const STEP_S = 30;

export class OtplibTotp implements SecondFactorPort {
  constructor(private readonly issuer = 'EID') {}

  newSecret(): string {
    return generateSecret();
  }

  uri(secret: string, label: string): string {
    return generateURI({ issuer: this.issuer, label, secret });
  }

  async matchedStep(secret: string, code: string, now: number): Promise<number | null> {
    if (!/^\d{6}$/.test(code)) return null;
    try {
      const result = await verify({ secret, token: code, epoch: Math.floor(now / 1000), epochTolerance: STEP_S });
      // The step's start in seconds: the current step moved by the drift the code matched at.
      return result.valid ? (Math.floor(now / 1000 / STEP_S) + result.delta) * STEP_S : null;
    } catch {
      return null;
    }
  }

  codeAt(secret: string, now: number): Promise<string> {
    return generate({ secret, epoch: Math.floor(now / 1000) });
  }
}
