/**
 * The identity services' settings (issue 15): Smart-ID and Mobile-ID (SK's services, or `local`,
 * the demo services started beside the server) and the OpenID Connect providers. `local` is for a
 * local installation and the tests only: refused with NODE_ENV=production.
 */
import { resolve } from 'node:path';
import * as v from 'valibot';
import { ConfigError, read, required } from './config-read.js';

type Env = Record<string, string | undefined>;

/** An SK service's address (or `local`, or empty), the relying party registered with SK, and the CA files trusted. */
export interface SkServiceConfig {
  readonly url: string;
  readonly relyingPartyUUID: string;
  readonly relyingPartyName: string;
  readonly caFiles: readonly string[];
}

/** A configured OpenID Connect provider (`local`: the local provider started beside the server). */
export interface OidcProviderConfig {
  readonly id: string;
  readonly name: string;
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

function refuseLocalInProduction(env: Env, name: string): void {
  if (env.NODE_ENV === 'production') throw new ConfigError(`${name}=local is for a local installation only (its demo accounts sign anyone in), not with NODE_ENV=production`);
}

export function oidcConfig(env: Env): OidcProviderConfig[] {
  const ids = (env.EID_OIDC_PROVIDERS ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const because = `EID_OIDC_PROVIDERS=${env.EID_OIDC_PROVIDERS ?? ''}`;
  return ids.map((id) => {
    read(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,30}$/)), 'EID_OIDC_PROVIDERS', id, id);
    if (id === 'local') {
      refuseLocalInProduction(env, 'EID_OIDC_PROVIDERS');
      return { id, name: 'Local', issuer: '', clientId: '', clientSecret: '' };
    }
    const name = (part: string) => `EID_OIDC_${id.toUpperCase().replace(/-/g, '_')}_${part}`;
    const needed = (part: string) => required(env, name(part), because);
    return { id, name: needed('NAME'), issuer: read(v.pipe(v.string(), v.url(), v.regex(/^https:\/\//)), name('ISSUER'), needed('ISSUER'), ''), clientId: needed('CLIENT_ID'), clientSecret: needed('CLIENT_SECRET') };
  });
}

/** `EID_<prefix>_URL`, `_RP_UUID`, `_RP_NAME`, `_CA_FILES`; relative paths resolve against cwd. */
function skServiceConfig(env: Env, cwd: string, prefix: 'SMART_ID' | 'MOBILE_ID', demoUuid: string): SkServiceConfig {
  const name = (part: string) => `EID_${prefix}_${part}`;
  const url = read(v.union([v.literal(''), v.literal('local'), v.pipe(v.string(), v.url(), v.regex(/^https:\/\//))]), name('URL'), env[name('URL')], '');
  if (url === 'local') refuseLocalInProduction(env, name('URL'));
  const real = url !== '' && url !== 'local';
  const needed = (part: string) => required(env, name(part), `${name('URL')}=${url}`, real);
  return {
    url,
    relyingPartyUUID: needed('RP_UUID') || demoUuid,
    relyingPartyName: needed('RP_NAME') || 'DEMO',
    caFiles: needed('CA_FILES')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean)
      .map((f) => resolve(cwd, f)),
  };
}

export function smartIdConfig(env: Env, cwd: string): SkServiceConfig & { readonly schemeName: string } {
  const service = skServiceConfig(env, cwd, 'SMART_ID', '00000000-0000-4000-8000-000000000000');
  const real = service.url !== '' && service.url !== 'local';
  return { ...service, schemeName: read(v.picklist(['smart-id', 'smart-id-demo']), 'EID_SMART_ID_SCHEME', env.EID_SMART_ID_SCHEME, real ? 'smart-id' : 'smart-id-demo') };
}

export function mobileIdConfig(env: Env, cwd: string): SkServiceConfig {
  return skServiceConfig(env, cwd, 'MOBILE_ID', '00000000-0000-0000-0000-000000000000');
}
