/**
 * What the shell's start-up, loaders and analytics share in the browser: the window's timers as
 * the domain's TimersPort, reading a parameter call (app-shell §7), and loading a third-party script.
 */
import { isParameterFailure, parameterPath, type ParameterName, type TimersPort } from '@eid/domain/shell';

export const windowTimers: TimersPort = {
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (id) => window.clearTimeout(id as number),
};

/** A plain-text answer of the backend; rejects on a network failure or an error status. */
export async function fetchText(path: string): Promise<string> {
  // The server answers these no-store; the default cache mode lets the start-up's two calls take
  // the responses the HTML preloaded (issue 35; a no-store request would not match them).
  const res = await fetch(path, { credentials: 'include' });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return res.text();
}

/**
 * GET {backend}/parametrai/{name}, trimmed; empty means "not configured". A gtm or ga4 reply with a
 * space is the backend's "unreachable" (app-shell §7) and rejects, so the loader tries again.
 */
export async function readParameter(name: ParameterName): Promise<string> {
  const value = (await fetchText(parameterPath(name))).trim();
  if ((name === 'gtm' || name === 'ga4') && isParameterFailure(value)) throw new Error(`${name} parameter: backend unreachable`);
  return value;
}

/** Appends an async script; resolves when it has loaded. */
export function loadScript(src: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`the script ${new URL(src).pathname} did not load`));
    document.head.append(script);
  });
}
