/**
 * The page's frame in the browser (SH7): the device's kind on <html data-device> (the stylesheet
 * frames the declaration in a 480 px column only on a desktop), the shell's sizes from the domain's
 * constants as CSS variables, and the window-height repair writing --app-height.
 */
import { MOBILE_APP_WIDTH_PX, SPINNER_SIZE_PX, SPINNER_WIDTH_PX } from '@eid/domain/constants';
import { deviceClass, windowHeightRepair } from '@eid/domain/shell';
import { windowTimers } from './browser';

export function setUpPageFrame(): void {
  const root = document.documentElement;
  root.dataset.device = deviceClass(navigator.userAgent, navigator.maxTouchPoints ?? 0);
  root.style.setProperty('--mobile-app-width', `${MOBILE_APP_WIDTH_PX}px`);
  root.style.setProperty('--spinner-size', `${SPINNER_SIZE_PX}px`);
  root.style.setProperty('--spinner-width', `${SPINNER_WIDTH_PX}px`);
  const repair = windowHeightRepair({ timers: windowTimers, measure: () => window.innerHeight, apply: (h) => root.style.setProperty('--app-height', `${h}px`) });
  for (const event of ['resize', 'orientationchange'] as const) window.addEventListener(event, () => repair.changed());
  window.visualViewport?.addEventListener('resize', () => repair.changed());
}
