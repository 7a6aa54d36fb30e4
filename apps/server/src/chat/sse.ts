/**
 * A server-sent-event stream of chat changes (CH6) for one key (an account, or the console): each
 * change is `event: chat` with the chat's id ('' means "look again"); a comment every 25 s keeps
 * proxies from closing it and checks that the session still lives, else the stream ends.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChatEvents } from './chat-events.js';

export const SSE_KEEPALIVE_MS = 25_000;

export function openChatStream(events: ChatEvents, key: string, request: FastifyRequest, reply: FastifyReply, stillAllowed: () => Promise<boolean>): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write('retry: 3000\n\n');
  const send = (chatId: string) => res.write(`event: chat\ndata: ${JSON.stringify({ chatId })}\n\n`);
  const unsubscribe = events.subscribe(key, send);
  const untrack = events.track(() => res.end());
  const keepAlive = setInterval(() => {
    void stillAllowed().then(
      (ok) => (ok ? res.write(': keep-alive\n\n') : res.end()),
      () => res.end(),
    );
  }, SSE_KEEPALIVE_MS);
  keepAlive.unref();
  const close = () => {
    clearInterval(keepAlive);
    unsubscribe();
    untrack();
  };
  request.raw.on('close', close);
  res.on('close', close);
}
