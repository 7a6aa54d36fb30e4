/**
 * A part of the app's code fetched once, on demand, that React components wait for: its state (here,
 * or failed to load) as an external store. The router (navigation.tsx) and the drivers' frame
 * (app.tsx) are such parts of the first screen's bundle (issue 35 items 2 and 3).
 */
import { useSyncExternalStore } from 'react';

export type PartState<T> = { readonly value: T | null; readonly failed: boolean };

export interface LazyPart<T> {
  /** Fetches the part once; after a failure the next call tries again (the connection may be back). */
  load(): Promise<T>;
  get(): PartState<T>;
  subscribe(listener: () => void): () => void;
}

export function lazyPart<T>(fetchPart: () => Promise<T>): LazyPart<T> {
  let state: PartState<T> = { value: null, failed: false };
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const publish = (next: PartState<T>) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    load() {
      loading ??= fetchPart().then(
        (value) => {
          publish({ value, failed: false });
          return value;
        },
        (error: unknown) => {
          loading = null;
          publish({ value: null, failed: true });
          throw error;
        },
      );
      return loading;
    },
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The part's state, re-rendering when it arrives or fails. */
export function usePart<T>(part: LazyPart<T>): PartState<T> {
  return useSyncExternalStore(part.subscribe, part.get);
}
