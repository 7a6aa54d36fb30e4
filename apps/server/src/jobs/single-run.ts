/**
 * One run of a background job at a time: concurrent callers share the run in progress (a timer
 * tick and a nudge after a submit never process the same entries twice in parallel).
 */
export class SingleRun {
  private running: Promise<number> | null = null;

  constructor(private readonly work: () => Promise<number>) {}

  /** Starts a run unless one is in progress; resolves what that run reports (entries handled). */
  run(): Promise<number> {
    this.running ??= this.work().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Resolves when no run is in progress (shutdown waits for it; it starts none). */
  async idle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }
}
