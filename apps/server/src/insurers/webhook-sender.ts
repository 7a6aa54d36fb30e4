/**
 * One webhook attempt over HTTP(S) (issue 36 item 4): a POST of the signed body, no redirect
 * followed, an answer awaited at most WEBHOOK_TIMEOUT_MS. The address is checked where the
 * connection is made: every address the name resolves to at that moment must be public (a name
 * that resolved elsewhere when it was registered, DNS rebinding, is refused here), unless the
 * configuration names the host as a local peer.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_TIMEOUT_MS } from '@eid/domain/insurer';
import { isPublicAddress } from './webhook-address.js';

export interface SendOutcome {
  readonly status: number | null;
  readonly error: string | null;
}

export type WebhookSend = (url: string, headers: Record<string, string>, body: string) => Promise<SendOutcome>;

/** A lookup that refuses any address outside the public range (the connection then fails with its error). */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) return callback(Object.assign(new Error(`${hostname} resolves to an address that is not public`), { code: 'EADDRNOTPUBLIC' }), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

export function webhookSender(localHosts: readonly string[]): WebhookSend {
  return (url, headers, body) =>
    new Promise<SendOutcome>((resolve) => {
      const target = new URL(url);
      const port = target.port || (target.protocol === 'https:' ? '443' : '80');
      const local = localHosts.includes(`${target.hostname.toLowerCase()}:${port}`);
      if (!local && target.protocol !== 'https:') return resolve({ status: null, error: 'not https' });
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'EID-webhooks/1' },
          timeout: WEBHOOK_TIMEOUT_MS,
          ...(local ? {} : { lookup: publicLookup }),
        },
        (res) => {
          // The answer's body is not read beyond what arrives; only its status counts.
          res.resume();
          resolve({ status: res.statusCode ?? null, error: null });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer in ${WEBHOOK_TIMEOUT_MS / 1000} s`)));
      req.on('error', (e: NodeJS.ErrnoException) => resolve({ status: null, error: (e.code ? `${e.code}: ` : '') + e.message.slice(0, 200) }));
      req.end(body);
    });
}
