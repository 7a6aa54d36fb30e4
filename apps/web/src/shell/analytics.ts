/**
 * The page's analytics (app-shell §5, §7) over the domain's `Analytics` queue: consent from
 * `gaAllowed` (T/N) and `cookiesAgreed`; the real tag script (GA4) is loaded only when the server
 * has a measurement id (`/serveris/parametrai/ga4`) and consent is T. Its loading retries with the
 * doubling delay from 256 ms; a failure is logged with src js, line -1, col -1.
 */
import { ANALYTICS_CONSENT, ANALYTICS_RETRY_START_MS, STORAGE_KEYS } from '@eid/domain/constants';
import { Analytics, Loader, type AnalyticsConsent, type AnalyticsPort } from '@eid/domain/shell';
import { readStored, writeStored } from '../storage';
import { logErrorReport } from './client-log';
import { loadScript, readParameter, windowTimers } from './browser';

export function storedConsent(): AnalyticsConsent | null {
  const v = readStored(STORAGE_KEYS.gaAllowed);
  return v === ANALYTICS_CONSENT.allowed || v === ANALYTICS_CONSENT.denied ? v : null;
}

export const analytics = new Analytics(storedConsent());

/** Whether the visitor has answered the cookie question. */
export function consentAnswered(): boolean {
  return readStored(STORAGE_KEYS.cookiesAgreed) !== null && storedConsent() !== null;
}

let started = false;

/** The visitor's answer: stored, applied to the queue, and (T) the tag loaded if configured. */
export function setAnalyticsConsent(consent: AnalyticsConsent): void {
  writeStored(STORAGE_KEYS.cookiesAgreed, 'T');
  writeStored(STORAGE_KEYS.gaAllowed, consent);
  analytics.setConsent(consent);
  if (consent === 'T') startAnalytics();
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

async function loadTag(): Promise<void> {
  const id = await readParameter('ga4');
  // Not configured: no tag, nothing leaves the page (events stay in the bounded queue).
  if (id === '') return;
  await loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`);
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag(...args: unknown[]) {
    window.dataLayer!.push(args);
  };
  window.gtag('js', new Date());
  window.gtag('config', id, { send_page_view: false, anonymize_ip: true });
  const port: AnalyticsPort = {
    event: (name, params) => window.gtag?.('event', name, params),
    // The redacted route is also the page's location for every later event (the address bar may hold a view link).
    pageView: (path, title) => {
      window.gtag?.('set', { page_location: `${location.origin}${path}` });
      window.gtag?.('event', 'page_view', { page_path: path, page_title: title });
    },
  };
  analytics.initialised(port);
}

/** Starts the tag's loader once, when consent is T. */
export function startAnalytics(): void {
  if (started || storedConsent() !== 'T') return;
  started = true;
  new Loader({
    name: 'analytics',
    startMs: ANALYTICS_RETRY_START_MS,
    task: loadTag,
    report: (f) => logErrorReport({ src: 'js', msg: `analytics init failed (try ${f.tries}${f.willRetry ? ', will retry' : ''}): ${f.error}`, line: -1, col: -1 }),
    timers: windowTimers,
  }).start();
}
