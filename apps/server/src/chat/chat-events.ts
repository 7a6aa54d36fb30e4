/**
 * The open pages' live updates (CH6): each account's server-sent-event streams (and the console's)
 * hear that one of its chats changed. On several nodes the change is told to the others through
 * the cluster link (PostgreSQL NOTIFY), so a page open on any node hears it.
 */
import type { ChatEventsPort } from '@eid/accounts';

type Listener = (chatId: string) => void;

/** The console's lists hear every chat's change. */
export const CONSOLE_CHANNEL = '*console*';

export class ChatEvents implements ChatEventsPort {
  private readonly listeners = new Map<string, Set<Listener>>();
  /** The open streams' ends (a closing server ends them, or it would wait for them forever). */
  private readonly streams = new Set<() => void>();
  /** Set when several nodes share the chats: tells the other nodes. */
  publishToCluster: ((accountId: string, chatId: string) => void) | null = null;

  changed(accountId: string, chatId: string): void {
    this.deliver(accountId, chatId);
    this.publishToCluster?.(accountId, chatId);
  }

  /** A change another node announced (not told again). */
  deliver(accountId: string, chatId: string): void {
    for (const key of [accountId, CONSOLE_CHANNEL]) for (const listener of this.listeners.get(key) ?? []) listener(chatId);
  }

  /** The listener learned nothing while the cluster link was down: every stream looks again. */
  resync(): void {
    for (const set of this.listeners.values()) for (const listener of set) listener('');
  }

  subscribe(key: string, listener: Listener): () => void {
    const set = this.listeners.get(key) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(key, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  /** Registers an open stream's end; returns its removal. */
  track(end: () => void): () => void {
    this.streams.add(end);
    return () => this.streams.delete(end);
  }

  /** Ends every open stream (the server is closing). */
  endAll(): void {
    for (const end of [...this.streams]) end();
    this.streams.clear();
  }

  /** How many streams a key has open (the per-account cap). */
  count(key: string): number {
    return this.listeners.get(key)?.size ?? 0;
  }
}
