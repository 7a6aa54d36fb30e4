/**
 * The page's frame (app-shell §9: "Mobile-app width 480 for the desktop frame"; "Window-height
 * repair delays 128, 256, 512 ms (initial 256 ms)"): which kind of device the page runs on (only a
 * desktop gets the 480 px framed column; a phone and a tablet use their whole screen), and the
 * window-height repair: a phone's browser bars change the visible height after a load, a rotation
 * or the keyboard, so the height is measured again after each change, at those delays.
 */
import { WINDOW_HEIGHT_REPAIR_INITIAL_MS, WINDOW_HEIGHT_REPAIR_RETRIES_MS } from '../../rules/constants.js';
import type { TimersPort } from './timers.js';

export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|KFAPWI|Nexus (7|9|10)|SM-T\d|Android(?!.*Mobi)/i;
const MOBILE = /Mobi|iPhone|iPod|Windows Phone|IEMobile|Opera Mini|BlackBerry|BB10/i;

/** From the browser's user agent and touch points: an iPad that calls itself a Mac has touch. */
export function deviceClass(userAgent: string, maxTouchPoints: number): DeviceClass {
  if (TABLET.test(userAgent)) return 'tablet';
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'tablet';
  if (MOBILE.test(userAgent)) return 'mobile';
  return 'desktop';
}

export interface WindowHeightPorts {
  readonly timers: TimersPort;
  /** The visible height now (window.innerHeight). */
  measure(): number;
  /** Gives the page the height (a CSS variable). */
  apply(heightPx: number): void;
}

/**
 * Measures once after the initial delay, then after every `changed()` at each repair delay (a
 * later change cancels the repairs still waiting). Answers `changed` and `stop`.
 */
export function windowHeightRepair(ports: WindowHeightPorts): { changed(): void; stop(): void } {
  let waiting: unknown[] = [];
  const clear = () => {
    for (const id of waiting) ports.timers.clearTimeout(id);
    waiting = [];
  };
  const measureAt = (ms: number) => waiting.push(ports.timers.setTimeout(() => ports.apply(ports.measure()), ms));
  measureAt(WINDOW_HEIGHT_REPAIR_INITIAL_MS);
  return {
    changed() {
      clear();
      for (const ms of WINDOW_HEIGHT_REPAIR_RETRIES_MS) measureAt(ms);
    },
    stop: clear,
  };
}
