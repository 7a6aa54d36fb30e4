/**
 * The Smart-ID provider of this installation (SPEC ID1-ID7): SK's RP API v3 at the configured
 * address with the configured CA files, or — `EID_SMART_ID_URL=local` — the local service with
 * SK's demo accounts started on loopback beside the server (its test CA the only anchor).
 */
import { readFileSync } from 'node:fs';
import { FakeSmartId, SmartIdClient } from '@eid/adapter-identity-sk';
import type { ServerConfig } from '../config.js';

export async function smartIdProvider(config: ServerConfig['smartId']): Promise<{ readonly client: SmartIdClient; close(): Promise<void> } | null> {
  if (config.url === '') return null;
  if (config.url === 'local') {
    const local = await FakeSmartId.start({ relyingPartyUUID: config.relyingPartyUUID, relyingPartyName: config.relyingPartyName, schemeName: config.schemeName });
    const client = new SmartIdClient({ ...config, baseUrl: local.baseUrl, trustAnchors: local.trustAnchors });
    return { client, close: () => local.close() };
  }
  const client = new SmartIdClient({ ...config, baseUrl: config.url, trustAnchors: config.caFiles.map((f) => readFileSync(f, 'utf8')) });
  return { client, close: async () => undefined };
}
