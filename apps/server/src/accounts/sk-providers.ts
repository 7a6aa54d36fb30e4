/**
 * The providers of this installation that verify a person (SPEC ID1-ID8): SK's Smart-ID RP API v3
 * and Mobile-ID MID REST at the configured addresses with the configured CA files, or — `local` —
 * the local services with SK's demo accounts started on loopback beside the server (their test
 * CAs the only anchors). An empty address: the method is not offered.
 */
import { readFileSync } from 'node:fs';
import { FakeMobileId, FakeSmartId, MobileIdClient, SmartIdClient } from '@eid/adapter-identity-sk';
import type { IdentityProviders } from '@eid/accounts';
import type { ServerConfig } from '../config.js';

const anchorsOf = (files: readonly string[]) => files.map((f) => readFileSync(f, 'utf8'));

export async function skProviders(config: Pick<ServerConfig, 'smartId' | 'mobileId'>): Promise<{ readonly providers: IdentityProviders; close(): Promise<void> }> {
  const providers: { -readonly [K in keyof IdentityProviders]: IdentityProviders[K] } = {};
  const closing: Array<() => Promise<void>> = [];
  const { smartId, mobileId } = config;
  if (smartId.url === 'local') {
    const local = await FakeSmartId.start({ relyingPartyUUID: smartId.relyingPartyUUID, relyingPartyName: smartId.relyingPartyName, schemeName: smartId.schemeName });
    closing.push(() => local.close());
    providers.smartid = new SmartIdClient({ ...smartId, baseUrl: local.baseUrl, trustAnchors: local.trustAnchors });
  } else if (smartId.url !== '') {
    providers.smartid = new SmartIdClient({ ...smartId, baseUrl: smartId.url, trustAnchors: anchorsOf(smartId.caFiles) });
  }
  if (mobileId.url === 'local') {
    const local = await FakeMobileId.start({ relyingPartyUUID: mobileId.relyingPartyUUID, relyingPartyName: mobileId.relyingPartyName });
    closing.push(() => local.close());
    providers.mobileid = new MobileIdClient({ ...mobileId, baseUrl: local.baseUrl, trustAnchors: local.trustAnchors });
  } else if (mobileId.url !== '') {
    providers.mobileid = new MobileIdClient({ ...mobileId, baseUrl: mobileId.url, trustAnchors: anchorsOf(mobileId.caFiles) });
  }
  return { providers, close: async () => void (await Promise.all(closing.map((c) => c()))) };
}
