/**
 * API Boundary: time. The domain never reads the wall clock; everything that needs "now"
 * or waits takes a ClockPort so that tests can run every timing instantly.
 */
export interface ClockPort {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}
