/**
 * The announced system update (SU1-SU3; declaration-flow §4 "system update in progress"): kept in the
 * expiring store (every node reads it, it ends by itself at `until`), read through a short cache by
 * the drivers' screens, and handed to this node's hub, which refuses new declarations while it runs.
 * Each node refreshes it every few seconds, so an announcement made on another node reaches it.
 */
import * as v from 'valibot';
import { SYSTEM_UPDATE_KEY, SystemUpdateSchema, systemUpdateError, type ClockPort, type ExpiringStorePort, type SystemUpdate } from '@eid/domain';
import { HttpError } from '../http-error.js';

/** How long a node answers from what it last read (and how often it reads again by itself). */
export const SYSTEM_UPDATE_REFRESH_MS = 5_000;

export class SystemUpdates {
  private cached: { readonly value: SystemUpdate | null; readonly at: number } | null = null;

  constructor(
    private readonly store: ExpiringStorePort,
    private readonly clock: ClockPort,
    /** Told what is announced (or null) whenever it is read anew: the hub's refusal follows it. */
    private readonly apply: (update: SystemUpdate | null) => void,
  ) {}

  /** The announcement still to come or running; null when none (an ended one is gone from the store). */
  async current(): Promise<SystemUpdate | null> {
    const now = this.clock.now();
    if (this.cached && now - this.cached.at < SYSTEM_UPDATE_REFRESH_MS) return this.live(this.cached.value, now);
    return this.refresh();
  }

  /** Reads the store again (every node, every few seconds) and hands the result to the hub. */
  async refresh(): Promise<SystemUpdate | null> {
    const parsed = v.safeParse(SystemUpdateSchema, await this.store.get(SYSTEM_UPDATE_KEY));
    return this.remember(parsed.success ? parsed.output : null);
  }

  /** SU1: a supervisor's announcement; refused SYSTEM_UPDATE_TIMES when its times cannot be. It replaces the one before. */
  async announce(update: SystemUpdate): Promise<SystemUpdate> {
    const error = systemUpdateError(update, this.clock.now());
    if (error) throw new HttpError(400, error);
    await this.store.set(SYSTEM_UPDATE_KEY, update, update.until);
    return this.remember(update) as Promise<SystemUpdate>;
  }

  /** SU3: called off: the drivers' screens stop saying it and new declarations are taken again. */
  async cancel(): Promise<void> {
    await this.store.delete(SYSTEM_UPDATE_KEY);
    await this.remember(null);
  }

  private async remember(value: SystemUpdate | null): Promise<SystemUpdate | null> {
    const now = this.clock.now();
    this.cached = { value, at: now };
    const live = this.live(value, now);
    this.apply(live);
    return live;
  }

  private live(value: SystemUpdate | null, now: number): SystemUpdate | null {
    return value && now < value.until ? value : null;
  }
}
