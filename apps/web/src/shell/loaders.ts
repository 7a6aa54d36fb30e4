/**
 * The tag-manager and captcha loaders of app-shell §4 step 3: started once, when the start-up's
 * attempt has succeeded (they are not on the first screen's path), each retrying itself with a doubling delay (1256 ms and 1000 ms) until the delay
 * exceeds the cap. The tag manager reads its id (`/serveris/parametrai/gtm`; a reply with a space
 * is "DMZ unreachable") and, only with a configured id and the visitor's consent, loads its
 * script. The captcha loader reads the captcha parameter: this installation's captcha is
 * self-hosted (ALTCHA), so a reachable backend is all it needs. Failures go to the server log.
 */
import { CAPTCHA_LOADER_RETRY_START_MS, STORAGE_KEYS, TAG_MANAGER_RETRY_START_MS } from '@eid/domain/constants';
import { Loader } from '@eid/domain/shell';
import { readStored } from '../storage';
import { log } from './client-log';
import { loadScript, readParameter, windowTimers as timers } from './browser';

async function loadTagManager(): Promise<void> {
  const id = await readParameter('gtm');
  if (id === '' || readStored(STORAGE_KEYS.gaAllowed) !== 'T') return;
  await loadScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`);
}

async function loadCaptcha(): Promise<void> {
  await readParameter('recaptcha');
}

let started = false;

/** Starts both loaders once. */
export function startLoaders(): void {
  if (started) return;
  started = true;
  new Loader({
    name: 'tag-manager',
    startMs: TAG_MANAGER_RETRY_START_MS,
    task: loadTagManager,
    timers,
    report: (f) => log('warn', 'startup', `tag manager: ${f.error} (try ${f.tries}${f.willRetry ? ', will retry' : ', gave up'})`),
  }).start();
  new Loader({
    name: 'captcha',
    startMs: CAPTCHA_LOADER_RETRY_START_MS,
    task: loadCaptcha,
    timers,
    report: (f) => log('warn', 'startup', `captcha init failed: ${f.error} (try ${f.tries}${f.willRetry ? ', will retry' : ', gave up'})`),
  }).start();
}
