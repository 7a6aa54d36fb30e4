/**
 * The tag-manager and captcha loaders of app-shell §4 step 3: started once with the start-up's
 * first attempt, each retrying itself with a doubling delay (1256 ms and 1000 ms) until the delay
 * exceeds the cap. The tag manager reads its id (`/serveris/parametrai/gtm`; a reply with a space
 * is "DMZ unreachable") and, only with a configured id and the visitor's consent, loads its
 * script. The captcha loader reads the captcha parameter: this installation's captcha is
 * self-hosted (ALTCHA), so a reachable backend is all it needs. Failures go to the server log.
 */
import { CAPTCHA_LOADER_RETRY_START_MS, STORAGE_KEYS, TAG_MANAGER_RETRY_START_MS } from '@eid/domain/constants';
import { Loader, parameterPath, type ParameterName } from '@eid/domain/shell';
import { readStored } from '../storage';
import { log } from './client-log';

const timers = { setTimeout: (fn: () => void, ms: number) => window.setTimeout(fn, ms), clearTimeout: (id: unknown) => window.clearTimeout(id as number) };

async function parameter(name: ParameterName): Promise<string> {
  const res = await fetch(parameterPath(name), { cache: 'no-store', credentials: 'include' });
  if (!res.ok) throw new Error(`${name} parameter: HTTP ${res.status}`);
  const value = (await res.text()).trim();
  if (value.includes(' ')) throw new Error(`${name} parameter: DMZ unreachable`);
  return value;
}

async function loadTagManager(): Promise<void> {
  const id = await parameter('gtm');
  if (id === '' || readStored(STORAGE_KEYS.gaAllowed) !== 'T') return;
  await new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('tag manager init failed: the script did not load'));
    document.head.append(script);
  });
}

async function loadCaptcha(): Promise<void> {
  await parameter('recaptcha');
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
