/**
 * **API Boundary.** Password hashing for accounts (argon2id in production). Slow on purpose; the
 * caller runs `verify` against a dummy hash when there is no account, so that an answer's time
 * does not tell whether an address has one.
 */
export interface PasswordHasherPort {
  /** A PHC string with its own salt and parameters. */
  hash(password: string): Promise<string>;
  /** Whether `password` matches the PHC string; false (never a throw) for a malformed hash. */
  verify(hash: string, password: string): Promise<boolean>;
}
