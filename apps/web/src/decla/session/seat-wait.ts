/**
 * JN6: the seat asked for is still counted on the device used before (its heartbeat has not timed
 * out). The device waits the seconds the hub gave and asks again by itself; the plates step shows
 * the time left. A wait ends early when the session is disposed.
 */
export class SeatWait {
  private readonly listeners = new Set<() => void>();
  private current: number | null = null;
  private cancelWait: (() => void) | null = null;

  /** When the device asks again (epoch ms), or null when it is not waiting. */
  get until(): number | null {
    return this.current;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Waits `ms`; resolves true when the wait ran out, false when it was cancelled. */
  wait(ms: number): Promise<boolean> {
    this.cancel();
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => finish(true), ms);
      const finish = (ranOut: boolean) => {
        clearTimeout(timer);
        this.cancelWait = null;
        this.set(null);
        resolve(ranOut);
      };
      this.cancelWait = () => finish(false);
      this.set(Date.now() + ms);
    });
  }

  cancel(): void {
    this.cancelWait?.();
  }

  private set(until: number | null): void {
    this.current = until;
    for (const l of this.listeners) l();
  }
}
