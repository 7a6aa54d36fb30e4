/**
 * **API Boundary.** The staff's second factor: TOTP (RFC 6238, 30-second steps, six digits) as an
 * authenticator app shows it.
 */
export interface SecondFactorPort {
  /** A new random secret (base32). */
  newSecret(): string;
  /** The otpauth:// address an authenticator app reads (from a QR code). */
  uri(secret: string, label: string): string;
  /** SF1: the time step (seconds at its start) a code matched at `now` (one step either way for clock drift), or null. */
  matchedStep(secret: string, code: string, now: number): Promise<number | null>;
  /** The code at `now` (the demo staff's authenticator in tests and the local installation). */
  codeAt(secret: string, now: number): Promise<string>;
}
