/**
 * Where an insurer's webhook may point (issue 36): over https to a public address. An address in a
 * private, loopback, link-local or otherwise special range (ipaddr.js's ranges: anything but
 * `unicast`), a name that resolves to one, or this service's own host is refused, so that a client's
 * registration cannot make the service call into its own network (SSRF). The hosts the
 * configuration names (`EID_WEBHOOK_LOCAL_HOSTS`: a local peer) may be private and plain http.
 */
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import type { WebhookAddressPort, WebhookAddressRefusal } from '@eid/accounts';

export type Resolve = (host: string) => Promise<string[]>;

const resolveAll: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Is this IP address one the public internet routes to (not private, loopback, link-local, reserved ...)? */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.process(ip);
  // The deprecated IPv4-compatible form (::a.b.c.d, RFC 4291 §2.5.5.1) is "unicast" to ipaddr.js: refused.
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) return false;
  return address.range() === 'unicast';
}

export class WebhookAddressCheck implements WebhookAddressPort {
  private readonly self: string;

  constructor(
    private readonly options: { readonly publicUrl: string; readonly localHosts: readonly string[]; readonly resolve?: Resolve },
  ) {
    this.self = new URL(options.publicUrl).hostname.toLowerCase();
  }

  async check(text: string): Promise<WebhookAddressRefusal | null> {
    const url = new URL(text);
    const host = url.hostname.toLowerCase().replace(/\.$/, '');
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    if (this.options.localHosts.includes(`${host}:${port}`)) return null;
    if (url.protocol !== 'https:') return 'NOT_HTTPS';
    if (host === this.self || host === 'localhost' || host.endsWith('.localhost')) return 'SELF';
    const literal = host.replace(/^\[(.*)\]$/, '$1');
    let addresses: string[];
    if (ipaddr.isValid(literal)) addresses = [literal];
    else {
      try {
        addresses = await (this.options.resolve ?? resolveAll)(host);
      } catch {
        return 'UNRESOLVED';
      }
    }
    if (addresses.length === 0) return 'UNRESOLVED';
    return addresses.every(isPublicAddress) ? null : 'PRIVATE';
  }
}
