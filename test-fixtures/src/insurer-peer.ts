/**
 * An insurer's system, as the tests run it (issue 36 item 6): an HTTP receiver on loopback that
 * verifies each webhook with the Standard Webhooks reference library (`standardwebhooks`: the
 * signature over id, timestamp and body, and a timestamp within five minutes), answers 2xx to
 * what verifies and 401 to what does not, takes each webhook id once (a repeat is acknowledged but
 * not new), and can be taken down (503) and brought back. Pulling and registering a claim number
 * are the test's, with the peer's token.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  readonly id: string;
  readonly payload: { readonly type: string; readonly timestamp: string; readonly data: { readonly id: string; readonly version: string; readonly href: string } };
  readonly receivedAt: number;
}

export class InsurerPeer {
  /** The webhooks taken, each id once, in the order they came. */
  readonly received: ReceivedWebhook[] = [];
  /** Webhooks refused: the signature or the timestamp did not verify. */
  readonly refused: string[] = [];
  /** Repeats of an id already taken (acknowledged, not new). */
  repeats = 0;
  /** Attempts answered 503 while down. */
  missed = 0;
  /** While true, the receiver answers 503 (a system being restarted). */
  down = false;
  /** The webhook secret the bureau gave (`whsec_…`), set once the client is registered. */
  secret = '';
  private waiters: Array<() => void> = [];

  private constructor(private readonly server: Server, readonly url: string) {}

  /** Listens on loopback: on `port` (0: any free one), webhooks taken at `path`. */
  static async start(path = '/eid/webhooks', port = 0): Promise<InsurerPeer> {
    let peer: InsurerPeer | null = null;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const status = peer ? peer.take(req.url ?? '', req.headers, Buffer.concat(chunks).toString('utf8'), path) : 503;
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    const bound = (server.address() as AddressInfo).port;
    peer = new InsurerPeer(server, `http://127.0.0.1:${bound}${path}`);
    return peer;
  }

  /** `host:port`, as EID_WEBHOOK_LOCAL_HOSTS names it. */
  get hostPort(): string {
    return new URL(this.url).host;
  }

  private take(url: string, headers: Record<string, string | string[] | undefined>, body: string, path: string): number {
    if (url !== path) return 404;
    if (this.down) {
      this.missed += 1;
      return 503;
    }
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) if (typeof v === 'string') flat[k] = v;
    let payload: ReceivedWebhook['payload'];
    try {
      payload = new Webhook(this.secret).verify(body, flat) as ReceivedWebhook['payload'];
    } catch {
      this.refused.push(flat['webhook-id'] ?? '');
      return 401;
    }
    const id = flat['webhook-id']!;
    if (this.received.some((r) => r.id === id)) this.repeats += 1;
    else this.received.push({ id, payload, receivedAt: Date.now() });
    for (const w of this.waiters.splice(0)) w();
    return 204;
  }

  /** Resolves when `count` webhooks have been taken (a test's wait for an event, not for time). */
  async until(count: number): Promise<void> {
    while (this.received.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
