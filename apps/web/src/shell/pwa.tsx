/**
 * The installable app (app-shell §1, §4): the service worker (vite-plugin-pwa, prompt mode) keeps
 * the app shell for offline use; an update found under a running tab opens the new-version reload
 * dialog; the browser's install prompt is captured, deferred, and offered as a button.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { registerSW } from 'virtual:pwa-register';
import { log } from './client-log';
import { useModal } from './use-modal';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

type State = { updateFound: boolean; requestRefresh: boolean; installable: boolean; offlineReady: boolean };
let state: State = { updateFound: false, requestRefresh: false, installable: false, offlineReady: false };
const listeners = new Set<() => void>();
const set = (patch: Partial<State>) => {
  state = { ...state, ...patch };
  for (const l of listeners) l();
};
let deferredPrompt: BeforeInstallPromptEvent | null = null;

/** The waiting worker takes over (SKIP_WAITING), then the page reloads under it. */
async function activateUpdate(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const waiting = registration?.waiting;
  if (!waiting) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/** A tab left open for hours still learns of a new build. */
const UPDATE_CHECK_MS = 60 * 60_000;

/**
 * A new worker installed while another is active is a new build waiting (updateFound), however the
 * update was found: the browser's own check, the hourly one, or a navigation.
 */
function watchForUpdates(registration: ServiceWorkerRegistration): void {
  const check = () => {
    if (registration.waiting && registration.active) set({ updateFound: true });
  };
  check();
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') check();
    });
  });
  setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
}

/** Registers the service worker and captures the install prompt (main.tsx, once). */
export function setUpPwa(): void {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    deferredPrompt = e as BeforeInstallPromptEvent;
    set({ installable: true });
  });
  if (!('serviceWorker' in navigator)) return;
  registerSW({
    immediate: false,
    onNeedRefresh: () => set({ updateFound: true }),
    onRegisteredSW: (_url: string, registration: ServiceWorkerRegistration | undefined) => {
      if (registration) watchForUpdates(registration);
    },
    onOfflineReady: () => set({ offlineReady: true }),
    onRegisterError: (error: unknown) => log('warn', 'pwa', `service worker registration failed: ${String(error)}`),
  });
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
export const usePwa = () => useSyncExternalStore(subscribe, () => state);

/**
 * iOS (Safari and the browsers on it) has no install prompt: the page is added from the share
 * menu. True there unless the page already runs from the home screen.
 */
export function needsIosInstallSteps(ua: string = navigator.userAgent, touch: number = navigator.maxTouchPoints ?? 0): boolean {
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && touch > 1);
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
  return ios && !standalone;
}

/** How to add the page to an iPhone's or iPad's home screen. */
function IosInstallSteps({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const dialog = useModal();
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="ios-install-title" onCancel={onClose}>
      <h2 id="ios-install-title">{t`Add EID to the home screen`}</h2>
      <ol>
        <li>
          <Trans>Tap the Share button (a square with an arrow pointing up) in the browser's bar.</Trans>
        </li>
        <li>
          <Trans>Scroll down and choose "Add to Home Screen".</Trans>
        </li>
        <li>
          <Trans>Tap "Add". EID then opens from its icon, like an app.</Trans>
        </li>
      </ol>
      <div className="dialog-buttons">
        <button type="button" className="button" onClick={onClose}>
          {t`Close`}
        </button>
      </div>
    </dialog>
  );
}

/** The browser's install prompt, offered as a button; on iOS the steps to add the page by hand. Nothing when neither applies. */
export function InstallButton() {
  const { installable } = usePwa();
  const [steps, setSteps] = useState(false);
  if (installable) {
    return (
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          const prompt = deferredPrompt;
          if (!prompt) return;
          deferredPrompt = null;
          set({ installable: false });
          void prompt.prompt();
        }}
      >
        <Trans>Install the app</Trans>
      </button>
    );
  }
  if (!needsIosInstallSteps()) return null;
  return (
    <>
      <button type="button" className="button button--secondary" aria-haspopup="dialog" onClick={() => setSteps(true)}>
        <Trans>Add to the home screen</Trans>
      </button>
      {steps ? <IosInstallSteps onClose={() => setSteps(false)} /> : null}
    </>
  );
}

/** The new-version reload dialog. */
export function UpdateDialog() {
  const { t } = useLingui();
  const { updateFound, requestRefresh } = usePwa();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (updateFound && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [updateFound]);
  if (!updateFound) return null;
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="update-title" data-testid="update-dialog">
      <h2 id="update-title">{t`A new version is available`}</h2>
      <p>
        <Trans>Reload the page to use it. What you have entered is kept.</Trans>
      </p>
      <div className="dialog-buttons">
        <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
          {t`Later`}
        </button>
        <button
          type="button"
          className="button"
          disabled={requestRefresh}
          onClick={() => {
            set({ requestRefresh: true });
            void activateUpdate();
          }}
        >
          {t`Reload`}
        </button>
      </div>
    </dialog>
  );
}
