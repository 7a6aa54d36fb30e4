/**
 * One webhook attempt over HTTP(S) (issue 36 item 4): a POST of the signed body, no redirect
 * followed, and a hard limit on the whole attempt — connection, TLS, headers — of
 * WEBHOOK_TIMEOUT_MS (a receiver that trickles its answer byte by byte is cut off, not waited for).
 * Only the status counts: the answer's body is not read. The address is checked where the
 * connection is made: a literal address, and every address a name resolves to at that moment, must
 * be public (a name that resolved elsewhere when it was registered — DNS rebinding — is refused
 * here), unless the configuration names the host as a local peer.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
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

/** The sender; `timeoutMs` is the whole attempt's limit (tests shorten it). */
export function webhookSender(localHosts: readonly string[], timeoutMs: number = WEBHOOK_TIMEOUT_MS): WebhookSend {
  return (url, headers, body) =>
    new Promise<SendOutcome>((resolve) => {
      const target = new URL(url);
      const port = target.port || (target.protocol === 'https:' ? '443' : '80');
      const host = target.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
      const local = localHosts.includes(`${target.hostname.toLowerCase()}:${port}`);
      if (!local && target.protocol !== 'https:') return resolve({ status: null, error: 'not https' });
      // A literal address is never looked up: it is checked here.
      if (!local && isIP(host) !== 0 && !isPublicAddress(host)) return resolve({ status: null, error: 'EADDRNOTPUBLIC: the address is not public' });
      let settled = false;
      const settle = (outcome: SendOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve(outcome);
      };
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'EID-webhooks/1' },
          ...(local ? {} : { lookup: publicLookup }),
        },
        (res) => {
          settle({ status: res.statusCode ?? null, error: null });
          // Only the status counts: whatever body follows is not waited for.
          res.destroy();
        },
      );
      const deadline = setTimeout(() => {
        settle({ status: null, error: `no answer in ${timeoutMs / 1000} s` });
        req.destroy();
      }, timeoutMs);
      req.on('error', (e: NodeJS.ErrnoException) => settle({ status: null, error: (e.code ? `${e.code}: ` : '') + e.message.slice(0, 200) }));
      req.end(body);
    });
}
