/**
 * Waiting, for the shell's start-up and loaders: the window's timers in the page, XState's
 * SimulatedClock (which has this shape) in tests, so every delay runs instantly there. The shell
 * keeps its state machines free of XState so the first screen does not download it.
 */
export interface TimersPort {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** A tiny observable for the shell's state machines (subscribe / getSnapshot, as React's useSyncExternalStore wants). */
export class Observable<S> {
  private listeners = new Set<(s: S) => void>();

  constructor(protected snapshot: S) {}

  getSnapshot(): S {
    return this.snapshot;
  }

  subscribe(listener: (s: S) => void): { unsubscribe(): void } {
    this.listeners.add(listener);
    return { unsubscribe: () => void this.listeners.delete(listener) };
  }

  protected update(next: S): void {
    this.snapshot = next;
    for (const l of this.listeners) l(next);
  }
}
