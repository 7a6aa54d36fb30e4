/**
 * A self-retrying loader (app-shell §4 step 3, §7): runs its task once at start-up and, while it
 * fails, again after a doubling delay (tag manager from 1256 ms, captcha loader from 1000 ms,
 * analytics from 256 ms) until the delay to wait would exceed 172800000 ms; then it gives up. Each
 * failure is reported for the server log. States: loading → loaded, or → waiting → loading, or → gaveUp.
 */
import { BACKOFF_CAP_MS } from '../../rules/constants.js';
import { errorText } from './error-text.js';
import { Observable, type TimersPort } from './timers.js';

export interface LoaderOptions {
  readonly name: string;
  readonly startMs: number;
  readonly capMs?: number;
  readonly task: () => Promise<void>;
  readonly report: (failure: { name: string; tries: number; error: string; willRetry: boolean }) => void;
  readonly timers: TimersPort;
}

export type LoaderState = 'loading' | 'waiting' | 'loaded' | 'gaveUp';

export interface LoaderSnapshot {
  readonly value: LoaderState;
  /** Tries made so far, and the delay to wait after the next failure. */
  readonly context: { readonly tries: number; readonly delayMs: number; readonly lastError: string | null };
}

export class Loader extends Observable<LoaderSnapshot> {
  private readonly capMs: number;

  constructor(private readonly options: LoaderOptions) {
    super({ value: 'loading', context: { tries: 0, delayMs: options.startMs, lastError: null } });
    this.capMs = options.capMs ?? BACKOFF_CAP_MS;
  }

  start(): this {
    if (this.snapshot.context.tries === 0) void this.try();
    return this;
  }

  private async try(): Promise<void> {
    const tries = this.snapshot.context.tries + 1;
    this.update({ value: 'loading', context: { ...this.snapshot.context, tries } });
    try {
      await this.options.task();
      this.update({ value: 'loaded', context: this.snapshot.context });
    } catch (e) {
      const error = errorText(e);
      const { delayMs } = this.snapshot.context;
      const willRetry = delayMs <= this.capMs;
      this.options.report({ name: this.options.name, tries, error, willRetry });
      if (!willRetry) {
        this.update({ value: 'gaveUp', context: { ...this.snapshot.context, lastError: error } });
        return;
      }
      this.update({ value: 'waiting', context: { ...this.snapshot.context, lastError: error } });
      this.options.timers.setTimeout(() => {
        // The delay doubles after each wait.
        this.update({ value: 'loading', context: { ...this.snapshot.context, delayMs: delayMs * 2 } });
        void this.try();
      }, delayMs);
    }
  }
}
