/**
 * Developer mode (app-shell §6): on for localhost, the internal (private) IPv4 ranges, the test
 * host, host names containing "-ab", and — on hosts whose name contains "dev" or "test" — when the
 * developer-unlock flag is set in local storage. It enables console logging and the developer
 * toolbar. Not given by the spec: which internal IPs (the private ranges 10/8, 172.16/12,
 * 192.168/16 and loopback) and the test host's name (`TEST_HOST`).
 */

/** The bureau's test installation. */
export const TEST_HOST = 'test.eid.lt';
/** Value of the developer-unlock flag (`eidDevUnlock`) that unlocks dev/test hosts. */
export const DEV_UNLOCK_VALUE = '1';

function isInternalIpv4(host: string): boolean {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  if ([a, b, Number(m[3]), Number(m[4])].some((n) => n > 255)) return false;
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

export function isDeveloperMode(hostname: string, unlockFlag: string | null): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host === '::1') return true;
  if (isInternalIpv4(host)) return true;
  if (host === TEST_HOST) return true;
  if (host.includes('-ab')) return true;
  return (host.includes('dev') || host.includes('test')) && unlockFlag === DEV_UNLOCK_VALUE;
}

/**
 * A test installation (app-shell §2 "test-environment notice"): the test host, "-ab" hosts and
 * hosts whose name contains "test". Its pages say so, so nobody declares a real accident there.
 */
export function isTestEnvironment(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === TEST_HOST || host.includes('-ab') || host.includes('test');
}
