import type { ClockPort } from '@eid/domain';

/** A clock that only moves when told to: for rules and machines that read "now". */
export class FixedClock implements ClockPort {
  constructor(private current: number) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(ms: number): void {
    this.current = ms;
  }
}
