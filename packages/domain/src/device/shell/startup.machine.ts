/**
 * The application's start-up (app-shell §4): up to 3 attempts to load the maps parameter and set up
 * push messaging; a failure of either is retried at once, and after the third the page shows its
 * failure text and a retry button. The retry button waits 1000 ms plus a random 0-1000 ms and
 * resumes at attempt 2. Push set-up that fails is tried again after 256 ms before the attempt
 * counts as failed. Main content appears only once start-up is done (the backend-ready flag).
 * States: starting → ready, or → failed → (retry) waiting → starting. All waiting goes through a
 * TimersPort, so tests run it on a simulated clock.
 */
import { PUSH_RETRY_MS, STARTUP_ATTEMPTS, STARTUP_RETRY_RESUME_ATTEMPT } from '../../rules/constants.js';
import { startupRetryDelay } from '../../rules/shell.js';
import type { IdPort } from '../../ports/id.port.js';
import { errorText } from './error-text.js';
import { Observable, type TimersPort } from './timers.js';

/** What start-up needs from the world. */
export interface StartupPort {
  /** GET {backend}/parametrai/maps: the maps key (may be empty: maps off). Rejects on failure. */
  loadMapsKey(): Promise<string>;
  /** Sets up push messaging. Rejects on failure. */
  setupPush(): Promise<void>;
  /** A start-up failure for the server log (app-shell §8). */
  report(failure: StartupFailure): void;
}

export type StartupFailure =
  | { readonly kind: 'maps'; readonly attempt: number; readonly error: string }
  | { readonly kind: 'push'; readonly attempt: number; readonly willRetry: boolean; readonly error: string };

/** The page-load info state of app-shell §4: failure text and retry button shown only in `error`. */
export type PageLoadInfo = 'initial' | 'loading' | 'error';

export type StartupState = 'starting' | 'failed' | 'waiting' | 'ready';

export interface StartupContext {
  /** The attempt in progress or last made, 1-based. */
  readonly attempt: number;
  readonly mapsKey: string | null;
  /** Whether the retry button was used (the info state is `loading` rather than `initial`). */
  readonly retried: boolean;
}

export interface StartupSnapshot {
  readonly value: StartupState;
  readonly context: StartupContext;
}

export class Startup extends Observable<StartupSnapshot> {
  private started = false;

  constructor(
    private readonly port: StartupPort,
    private readonly random: Pick<IdPort, 'random'>,
    private readonly timers: TimersPort,
  ) {
    super({ value: 'starting', context: { attempt: 1, mapsKey: null, retried: false } });
  }

  start(): this {
    if (!this.started) {
      this.started = true;
      void this.attempt();
    }
    return this;
  }

  /** The retry button: only in `failed`. */
  send(event: { type: 'user.retry' }): void {
    if (event.type !== 'user.retry' || this.snapshot.value !== 'failed') return;
    this.update({ value: 'waiting', context: { ...this.snapshot.context, retried: true } });
    this.timers.setTimeout(() => {
      this.update({ value: 'starting', context: { ...this.snapshot.context, attempt: STARTUP_RETRY_RESUME_ATTEMPT } });
      void this.attempt();
    }, startupRetryDelay(this.random));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.timers.setTimeout(resolve, ms));
  }

  private async push(attempt: number): Promise<void> {
    try {
      await this.port.setupPush();
    } catch (first) {
      this.port.report({ kind: 'push', attempt, willRetry: true, error: errorText(first) });
      await this.sleep(PUSH_RETRY_MS);
      try {
        await this.port.setupPush();
      } catch (second) {
        this.port.report({ kind: 'push', attempt, willRetry: false, error: errorText(second) });
        throw second;
      }
    }
  }

  private async attempt(): Promise<void> {
    const { attempt } = this.snapshot.context;
    const maps = this.port.loadMapsKey().catch((error: unknown) => {
      this.port.report({ kind: 'maps', attempt, error: errorText(error) });
      throw error;
    });
    const push = this.push(attempt);
    try {
      const [mapsKey] = await Promise.all([maps, push]);
      this.update({ value: 'ready', context: { ...this.snapshot.context, mapsKey } });
    } catch {
      // Both settle before the next attempt (no set-up runs twice at once).
      await Promise.allSettled([maps, push]);
      if (attempt < STARTUP_ATTEMPTS) {
        this.update({ value: 'starting', context: { ...this.snapshot.context, attempt: attempt + 1 } });
        void this.attempt();
      } else this.update({ value: 'failed', context: this.snapshot.context });
    }
  }
}

/** The page-load info state for a start-up snapshot. */
export function pageLoadInfo(snapshot: StartupSnapshot): PageLoadInfo {
  if (snapshot.value === 'failed') return 'error';
  return snapshot.context.retried ? 'loading' : 'initial';
}
