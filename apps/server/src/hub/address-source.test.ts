import { describe, expect, it } from 'vitest';
import { addressSource } from './address-source.js';

describe('the source of a device (JN8)', () => {
  it.each([
    ['192.0.2.10', '192.0.2.10'],
    ['::ffff:192.0.2.10', '192.0.2.10'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0099', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('[JN8] %s counts as %s', (ip, source) => {
    expect(addressSource(ip)).toBe(source);
  });

  it('[JN8] two addresses of one IPv6 /64 are one source; of two /64s, two', () => {
    expect(addressSource('2001:db8:1:2::a')).toBe(addressSource('2001:db8:1:2:ffff::b'));
    expect(addressSource('2001:db8:1:2::a')).not.toBe(addressSource('2001:db8:1:3::a'));
  });
});
