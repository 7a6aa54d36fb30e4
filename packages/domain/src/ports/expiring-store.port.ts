/**
 * **API Boundary.** Short-lived state with an expiry: how often a plate was checked, a pending
 * phone code and its wrong tries, when an e-mail link was last sent. An entry past its expiry is
 * gone (reads answer null), so the state never grows with traffic that has ended. Values are plain
 * JSON data; the reader parses them with its own schema.
 */
export interface ExpiringStorePort {
  /** The value under `key`, or null when there is none or it has expired. */
  get(key: string): Promise<unknown>;
  /** Keeps `value` under `key` until `expiresAt` (ms since the epoch), replacing what was there. */
  set(key: string, value: unknown, expiresAt: number): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Keeps `value` under `key` only when nothing live is there, in one step every node sees: true
   * when this call claimed it. Two nodes claiming at once: one gets true (a pace, a job's turn, a
   * message sent once).
   */
  claim(key: string, value: unknown, expiresAt: number): Promise<boolean>;
  /** Removes and answers the live value under `key` in one step (null when none): of two nodes taking at once, one gets it. */
  take(key: string): Promise<unknown>;
}
