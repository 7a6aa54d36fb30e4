import { parseServerMessage, type ClientFrame, type TransportLink, type TransportListener, type TransportPort } from '@eid/domain/protocol';

/** The part of the WebSocket API the transport uses (the browser's, or `ws` in Node tests). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type WebSocketFactory = (url: string) => WebSocketLike;

const OPEN = 1;

/**
 * The live link to the hub at `/serveris/ws-interface`. Frames are JSON; a frame that does not
 * parse as a hub message is dropped (the device does not trust what it cannot read). A frame sent
 * before the socket is open is refused loudly: the connection machine only sends once opened.
 */
export class WsTransport implements TransportPort {
  constructor(
    private readonly url: string | (() => string),
    private readonly create: WebSocketFactory = (u) => new WebSocket(u) as unknown as WebSocketLike,
  ) {}

  open(listener: TransportListener): TransportLink {
    let done = false;
    let socket: WebSocketLike;
    const finish = () => {
      if (done) return;
      done = true;
      listener.closed();
    };
    try {
      socket = this.create(typeof this.url === 'function' ? this.url() : this.url);
    } catch {
      // An invalid URL or a blocked socket: report the link closed, after the caller has it.
      void Promise.resolve().then(finish);
      return { send: () => {}, close: () => {} };
    }
    socket.onopen = () => {
      if (!done) listener.opened();
    };
    socket.onmessage = (event) => {
      if (done || typeof event.data !== 'string') return;
      let raw: unknown;
      try {
        raw = JSON.parse(event.data);
      } catch {
        return;
      }
      const message = parseServerMessage(raw);
      if (message) listener.message(message);
    };
    socket.onclose = finish;
    socket.onerror = finish;
    return {
      send(frame: ClientFrame) {
        if (done) return;
        if (socket.readyState !== OPEN) throw new Error('WsTransport: send before the socket is open');
        socket.send(JSON.stringify(frame));
      },
      close() {
        if (done) return;
        done = true;
        socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
        try {
          socket.close(1000, 'bye');
        } catch {
          // already closing
        }
      },
    };
  }
}

/** The hub's WebSocket URL for a page served at `origin` (http → ws, https → wss). */
export function hubUrl(origin: string, path: string): string {
  const u = new URL(path, origin);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  return u.toString();
}
