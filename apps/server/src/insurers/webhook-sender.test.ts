/**
 * One webhook attempt (issue 36 item 4): a receiver that never answers, or trickles its answer, is
 * cut off at the attempt's limit; an answer's body is not waited for; an address that is not public
 * — a literal one, or a name that resolves to one at connect time — is not called unless it is a
 * configured local peer.
 */
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { webhookSender } from './webhook-sender.js';
import { isPublicAddress } from './webhook-address.js';

const servers: Array<Server | NetServer> = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

async function listen<S extends Server | NetServer>(server: S): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('a webhook attempt', () => {
  it('a receiver that takes the connection and never answers is cut off at the limit', async () => {
    const port = await listen(createNetServer((socket) => void sockets.push(socket)));
    const send = webhookSender([`127.0.0.1:${port}`], 300);
    const started = Date.now();
    const outcome = await send(`http://127.0.0.1:${port}/hook`, {}, '{}');
    expect(outcome).toEqual({ status: null, error: 'no answer in 0.3 s' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a receiver trickling its headers a byte at a time is cut off at the limit too', async () => {
    const port = await listen(
      createNetServer((socket) => {
        sockets.push(socket);
        const text = 'HTTP/1.1 200 OK\r\nX-Slow: ' + 'a'.repeat(1000);
        let i = 0;
        const tick = setInterval(() => (i < text.length && !socket.destroyed ? socket.write(text[i++]!) : clearInterval(tick)), 20);
        socket.on('close', () => clearInterval(tick));
      }),
    );
    const outcome = await webhookSender([`127.0.0.1:${port}`], 400)(`http://127.0.0.1:${port}/hook`, {}, '{}');
    expect(outcome).toEqual({ status: null, error: 'no answer in 0.4 s' });
  });

  it('only the status counts: an answer whose body never ends is not waited for', async () => {
    const port = await listen(
      createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('still going ');
      }),
    );
    expect(await webhookSender([`127.0.0.1:${port}`], 1000)(`http://127.0.0.1:${port}/hook`, {}, '{}')).toEqual({ status: 200, error: null });
  });

  it('an address that is not public is not called, literal or by name, unless it is a local peer; plain http is only for a local peer', async () => {
    let called = 0;
    const port = await listen(createServer((_req, res) => void (called += 1, res.writeHead(204).end())));
    const send = webhookSender([]);
    expect((await send(`https://127.0.0.1:${port}/hook`, {}, '{}')).error).toMatch(/^EADDRNOTPUBLIC/);
    expect((await send(`https://[::ffff:127.0.0.1]:${port}/hook`, {}, '{}')).error).toMatch(/^EADDRNOTPUBLIC/);
    // A name resolved at connect time: localhost is 127.0.0.1.
    expect((await send(`https://localhost:${port}/hook`, {}, '{}')).error).toMatch(/^EADDRNOTPUBLIC/);
    expect(await send(`http://127.0.0.1:${port}/hook`, {}, '{}')).toEqual({ status: null, error: 'not https' });
    expect(called).toBe(0);
    expect(await webhookSender([`127.0.0.1:${port}`])(`http://127.0.0.1:${port}/hook`, {}, '{}')).toEqual({ status: 204, error: null });
    expect(called).toBe(1);
  });

  it.each(['::127.0.0.1', '::10.0.0.1', '::', '64:ff9b::7f00:1', '2002:7f00:1::1'])('%s is not a public address', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });
});
