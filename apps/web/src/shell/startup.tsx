/**
 * Start-up in the page (app-shell §4): the domain's start-up machine over the real calls (the maps
 * parameter; the backend's readiness stands for the push channel, which is the hub's socket here).
 * Main content appears only once it is done; meanwhile the page-load info state shows nothing, a
 * spinner, or the failure text with the retry button.
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { BACKEND_READY_PATH, pageLoadInfo, Startup, type StartupPort } from '@eid/domain/shell';
import { fetchText, readParameter, windowTimers } from './browser';
import { log } from './client-log';

const port: StartupPort = {
  loadMapsKey: () => readParameter('maps'),
  setupPush: async () => {
    await fetchText(BACKEND_READY_PATH);
  },
  report: (f) =>
    f.kind === 'maps'
      ? log('warn', 'startup', `maps setup failed (attempt ${f.attempt}): ${f.error}`)
      : log('warn', 'startup', `push messaging init error (attempt ${f.attempt}, ${f.willRetry ? 'will retry' : 'will not retry'}): ${f.error}`),
};

const startup = new Startup(port, { random: Math.random }, windowTimers);

/** Calls `fn` once start-up is done (at once if it is). */
export function whenStarted(fn: () => void): void {
  if (startup.getSnapshot().value === 'ready') {
    fn();
    return;
  }
  const sub = startup.subscribe((s) => {
    if (s.value !== 'ready') return;
    sub.unsubscribe();
    fn();
  });
}

/** Starts the start-up once (main.tsx). */
export function beginStartup(): void {
  startup.start();
}

function subscribe(onChange: () => void) {
  const sub = startup.subscribe(onChange);
  return () => sub.unsubscribe();
}

/** Children once the backend is ready (the `rpc` ready flag); the page-load info state until then. */
export function BackendReady({ children }: { children: ReactNode }) {
  const snapshot = useSyncExternalStore(subscribe, () => startup.getSnapshot());
  if (snapshot.value === 'ready') return <>{children}</>;
  const info = pageLoadInfo(snapshot);
  return (
    <div className="page page-load" data-state={info}>
      {info === 'error' ? (
        <>
          <p role="alert">
            <Trans>The page could not be loaded. Check the internet connection and try again.</Trans>
          </p>
          <button type="button" className="button" onClick={() => startup.send({ type: 'user.retry' })}>
            <Trans>Try again</Trans>
          </button>
        </>
      ) : (
        <p className="loading loading--page" role="status">
          <span className="spinner spinner--large" aria-hidden="true" /> <Trans>Loading…</Trans>
        </p>
      )}
    </div>
  );
}
