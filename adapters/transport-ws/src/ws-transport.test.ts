import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { ServerMessage } from '@eid/domain/protocol';
import { hubUrl, WsTransport, type WebSocketLike } from './ws-transport.adapter.js';

const factory = (u: string) => new WebSocket(u) as unknown as WebSocketLike;

async function server() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const port = (wss.address() as { port: number }).port;
  return { wss, url: `ws://127.0.0.1:${port}/serveris/ws-interface` };
}

function listen() {
  const events: Array<{ e: 'opened' | 'closed' } | { e: 'message'; m: ServerMessage }> = [];
  let resolveNext: (() => void) | null = null;
  const push = (x: (typeof events)[number]) => {
    events.push(x);
    resolveNext?.();
  };
  return {
    events,
    listener: { opened: () => push({ e: 'opened' }), closed: () => push({ e: 'closed' }), message: (m: ServerMessage) => push({ e: 'message', m }) },
    until: (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => (events.length >= n ? resolve() : (resolveNext = check));
        check();
      }),
  };
}

describe('WebSocket transport', () => {
  const servers: WebSocketServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
  });

  it('[CX1] sends frames as JSON and hands over only frames that parse as hub messages; closed is reported once', async () => {
    const { wss, url } = await server();
    servers.push(wss);
    const received: unknown[] = [];
    wss.on('connection', (socket) => {
      socket.on('message', (data) => {
        received.push(JSON.parse(data.toString()));
        socket.send('not json');
        socket.send(JSON.stringify({ t: 'mystery' }));
        socket.send(JSON.stringify({ t: 'result', id: 1, ok: true, r: { hello: 'world' } }));
        socket.send(JSON.stringify({ t: 'presence', A: true, B: false }));
        setTimeout(() => socket.close(), 20);
      });
    });
    const l = listen();
    const link = new WsTransport(url, factory).open(l.listener);
    await l.until(1);
    link.send({ t: 'call', id: 1, op: 'test-connection' });
    await l.until(4);
    expect(received).toEqual([{ t: 'call', id: 1, op: 'test-connection' }]);
    expect(l.events).toEqual([
      { e: 'opened' },
      { e: 'message', m: { t: 'result', id: 1, ok: true, r: { hello: 'world' } } },
      { e: 'message', m: { t: 'presence', A: true, B: false } },
      { e: 'closed' },
    ]);
  });

  it('[CX6] a hub that cannot be reached is reported closed, never opened; a close asked by the device is not reported', async () => {
    const l = listen();
    new WsTransport('ws://127.0.0.1:1/serveris/ws-interface', factory).open(l.listener);
    await l.until(1);
    expect(l.events).toEqual([{ e: 'closed' }]);

    const { wss, url } = await server();
    servers.push(wss);
    const l2 = listen();
    // The socket the transport opens, watched from outside: its close is what the transport would report.
    let socket: WebSocket | null = null;
    const watched = (u: string) => (socket = new WebSocket(u)) as unknown as WebSocketLike;
    const link = new WsTransport(() => url, watched).open(l2.listener);
    await l2.until(1);
    const socketClosed = new Promise((resolve) => socket!.once('close', resolve));
    link.close();
    await socketClosed;
    expect(l2.events).toEqual([{ e: 'opened' }]);
  });

  it('maps the page origin to the hub URL (http → ws, https → wss)', () => {
    expect(hubUrl('https://eid.lt', '/serveris/ws-interface')).toBe('wss://eid.lt/serveris/ws-interface');
    expect(hubUrl('http://localhost:8080', '/serveris/ws-interface')).toBe('ws://localhost:8080/serveris/ws-interface');
  });
});
