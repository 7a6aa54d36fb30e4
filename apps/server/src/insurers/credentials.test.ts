import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NodeCredentials } from './credentials.js';
import { isPublicAddress, WebhookAddressCheck } from './webhook-address.js';

describe('the insurers\' credentials (node:crypto)', () => {
  const credentials = new NodeCredentials('an installation secret of at least 32 characters');

  it('a client secret matches only its own hash; secrets are new each time', () => {
    const a = credentials.newClientSecret();
    const b = credentials.newClientSecret();
    expect(a).not.toBe(b);
    expect(credentials.secretMatches(a, credentials.hashSecret(a))).toBe(true);
    expect(credentials.secretMatches(b, credentials.hashSecret(a))).toBe(false);
    expect(credentials.secretMatches(a, 'not hex')).toBe(false);
  });

  it('a sealed webhook secret opens only with the same installation secret, and not once changed', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 12, maxLength: 80 }), (secret) => {
        const sealed = credentials.seal(secret);
        expect(sealed).not.toContain(secret);
        expect(credentials.open(sealed)).toBe(secret);
      }),
    );
    const sealed = credentials.seal(credentials.newWebhookSecret());
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.at(-1);
    expect(() => credentials.open(flipped)).toThrow();
    expect(() => new NodeCredentials('another installation secret, also long enough').open(sealed)).toThrow();
  });
});

describe('where a webhook may point', () => {
  it.each([
    ['93.184.215.14', true],
    ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', true],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.0.1', false],
    ['127.0.0.1', false],
    ['0.0.0.0', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['fc00::1', false],
    ['fe80::1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:93.184.215.14', true],
    ['not an address', false],
  ])('%s is public: %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });

  const check = (resolve: (host: string) => Promise<string[]>) => new WebhookAddressCheck({ publicUrl: 'https://eid.lrdb.lt', localHosts: ['127.0.0.1:4999'], resolve });

  it('a name is checked by every address it resolves to; a name that does not resolve is refused', async () => {
    expect(await check(async () => ['93.184.215.14']).check('https://claims.ergo.lt/eid')).toBeNull();
    expect(await check(async () => ['93.184.215.14', '10.0.0.5']).check('https://claims.ergo.lt/eid')).toBe('PRIVATE');
    expect(await check(async () => []).check('https://claims.ergo.lt/eid')).toBe('UNRESOLVED');
    expect(
      await check(async () => {
        throw new Error('ENOTFOUND');
      }).check('https://claims.ergo.lt/eid'),
    ).toBe('UNRESOLVED');
  });

  it('the service itself, plain http and a private host are refused; a configured local host is allowed as it is', async () => {
    const never = async (): Promise<string[]> => {
      throw new Error('not asked');
    };
    expect(await check(never).check('https://eid.lrdb.lt/serveris/health')).toBe('SELF');
    expect(await check(never).check('https://EID.lrdb.lt./x')).toBe('SELF');
    expect(await check(async () => ['93.184.215.14']).check('http://claims.ergo.lt/eid')).toBe('NOT_HTTPS');
    expect(await check(never).check('http://127.0.0.1:4999/hook')).toBeNull();
    expect(await check(never).check('http://127.0.0.1:5000/hook')).toBe('NOT_HTTPS');
    expect(await check(never).check('https://127.0.0.1:5000/hook')).toBe('PRIVATE');
  });
});
