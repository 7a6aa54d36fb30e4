/**
 * API Boundary: a one-way hash. The hub stores only hashes of the connection tokens, so a leaked
 * database does not let anyone act as a driver.
 */
export interface HashPort {
  /** SHA-256 of the UTF-8 text, lower-case hex. */
  sha256Hex(text: string): Promise<string>;
}
