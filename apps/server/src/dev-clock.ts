/**
 * A test installation's clock (EID_DEV_CLOCK=on, refused in production): the system's, moved
 * forward on request, so that an end-to-end test can let 45 seconds of a heartbeat pass without
 * waiting them (with the browser's own clock moved by the test too).
 */
import type { ClockPort } from '@eid/domain';

export class DevClock implements ClockPort {
  private offset = 0;

  constructor(private readonly base: ClockPort) {}

  now(): number {
    return this.base.now() + this.offset;
  }

  /** Moves the clock forward by `ms` (never back: what was stored stays in the past). */
  advance(ms: number): number {
    this.offset += Math.max(0, ms);
    return this.now();
  }
}
