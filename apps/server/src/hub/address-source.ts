/**
 * The source a device asks from, for the limits that count per source (JN8): its address, with
 * an IPv4 address written as IPv6 (::ffff:a.b.c.d) taken as the IPv4 one, and an IPv6 address
 * taken by its /64 — one subscriber's network hands out a whole /64, so counting single IPv6
 * addresses would let one phone be thousands of sources.
 */
import ipaddr from 'ipaddr.js';

export function addressSource(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}
