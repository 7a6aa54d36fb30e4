/**
 * Analytics behind a port (app-shell §7): events and page views are queued until the tag is
 * initialised, then replayed in order; consent "N" clears the queue and disables tracking for good
 * (until consent is given again); event names are lower-cased with spaces, hyphens and asterisks
 * turned into underscores. Nothing is sent without consent "T".
 */
import { redactUrl } from '../../protocol/log-url.js';

export type AnalyticsConsent = 'T' | 'N';

/** The tag itself (gtag / GA4 in the browser, a recorder in tests). */
export interface AnalyticsPort {
  event(name: string, params: Readonly<Record<string, string | number | boolean>>): void;
  pageView(path: string, title: string): void;
}

export type AnalyticsItem =
  | { readonly kind: 'event'; readonly name: string; readonly params: Readonly<Record<string, string | number | boolean>> }
  | { readonly kind: 'pageView'; readonly path: string; readonly title: string };

/** Lower case; spaces, hyphens and asterisks to underscores (app-shell §7). */
export function normaliseEventName(name: string): string {
  return name.toLowerCase().replace(/[\s\-*]/g, '_');
}

/** At most this many items wait for the tag (a page left open without consent must not grow). */
export const ANALYTICS_QUEUE_LIMIT = 200;

export class Analytics {
  private queue: AnalyticsItem[] = [];
  private port: AnalyticsPort | null = null;
  private consent: AnalyticsConsent | null;

  constructor(consent: AnalyticsConsent | null = null) {
    this.consent = consent;
  }

  /** Whether items are being collected (no refusal). */
  get enabled(): boolean {
    return this.consent !== 'N';
  }

  /** Items waiting for the tag (for tests and the developer toolbar). */
  get pending(): readonly AnalyticsItem[] {
    return this.queue;
  }

  event(name: string, params: Readonly<Record<string, string | number | boolean>> = {}): void {
    this.push({ kind: 'event', name: normaliseEventName(name), params });
  }

  /** A page view under its route: view-link ids and query values never reach the statistics (RT4). */
  pageView(path: string, title: string): void {
    this.push({ kind: 'pageView', path: redactUrl(path), title });
  }

  /** The user's choice: N clears what waits and stops tracking; T lets a ready tag receive the queue. */
  setConsent(consent: AnalyticsConsent): void {
    this.consent = consent;
    if (consent === 'N') {
      this.queue = [];
      this.port = null;
    } else this.flush();
  }

  /** The tag is initialised: what waited is replayed in order (when consent is T). */
  initialised(port: AnalyticsPort): void {
    if (this.consent === 'N') return;
    this.port = port;
    this.flush();
  }

  private push(item: AnalyticsItem): void {
    if (this.consent === 'N') return;
    if (this.port && this.consent === 'T') {
      this.send(this.port, item);
      return;
    }
    if (this.queue.length >= ANALYTICS_QUEUE_LIMIT) this.queue.shift();
    this.queue.push(item);
  }

  private flush(): void {
    const port = this.port;
    if (!port || this.consent !== 'T') return;
    const items = this.queue;
    this.queue = [];
    for (const item of items) this.send(port, item);
  }

  private send(port: AnalyticsPort, item: AnalyticsItem): void {
    if (item.kind === 'event') port.event(item.name, item.params);
    else port.pageView(item.path, item.title);
  }
}
