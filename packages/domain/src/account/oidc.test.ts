import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { OidcProviderIdSchema, oidcLinkKey, safeNextPath } from './oidc.js';

describe('sign-in with a social account: the rules of our side', () => {
  it.each([
    ['/user', '/user'],
    ['/decla?x=1#y', '/decla?x=1#y'],
    ['//evil.example/', '/user'],
    ['/\\evil.example', '/user'],
    ['https://evil.example/', '/user'],
    ['user', '/user'],
    ['/a\nb', '/user'],
    [undefined, '/user'],
    [42, '/user'],
  ])('[OI2] after signing in, %j leads to %s (a path of this site only)', (next, path) => {
    expect(safeNextPath(next)).toBe(path);
  });

  it('[OI3] a social account is its issuer and subject: the same subject at two issuers is two accounts', () => {
    expect(oidcLinkKey('https://a.example', '1')).not.toBe(oidcLinkKey('https://b.example', '1'));
    expect(oidcLinkKey('https://a.example', '1')).toBe('https://a.example#1');
  });

  it.each([
    ['google', true],
    ['local', true],
    ['my-idp2', true],
    ['Google', false],
    ['../x', false],
    ['', false],
  ])('[OI1] a provider id %j is accepted in the paths: %s', (id, ok) => {
    expect(v.safeParse(OidcProviderIdSchema, id).success).toBe(ok);
  });
});
