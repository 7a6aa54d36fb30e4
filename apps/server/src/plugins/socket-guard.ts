/**
 * Fair use of the declaration sockets (FU2, FU3): what one socket may cost the others.
 *
 * - **Connections**: at most `maxConnections` in all and `maxPerIp` from one address (carrier NAT
 *   puts many phones behind one address: generous); past either, the handshake is refused.
 * - **Queue**: at most `maxQueuedFrames` frames of one socket wait to be handled; a socket that
 *   sends more is closed (the token bucket of the hub already refuses fast senders cheaply).
 * - **Back-pressure**: a socket whose unsent bytes pass `maxBufferedBytes` has stopped reading:
 *   it is closed instead of growing the server's memory.
 * - **Log**: a socket the guard closes is one line, whatever arrives after (FU12).
 * - **Liveness**: every `pingMs` a ping; a socket that did not answer the previous one is gone. A
 *   socket that holds no seat (and waits for no admission) after `unboundIdleMs` is closed.
 */
import type { ClockPort } from '@eid/domain';

/** The part of a ws socket the guard uses. */
export interface GuardedSocket {
  readonly bufferedAmount: number;
  ping(): void;
  terminate(): void;
  close(code?: number, reason?: string): void;
}

export interface SocketGuardOptions {
  readonly maxConnections: number;
  readonly maxPerIp: number;
  readonly maxQueuedFrames: number;
  readonly maxBufferedBytes: number;
  readonly unboundIdleMs: number;
  readonly clock: ClockPort;
  readonly log: (reason: string, data: Record<string, unknown>) => void;
}

/** Closes for policy reasons use 1008; a server too full to take a socket answers 1013 (try again later). */
export const POLICY_VIOLATION = 1008;

interface Tracked {
  readonly ip: string;
  readonly openedAt: number;
  alive: boolean;
  queued: number;
  /** Closed by the guard: the frames still arriving until it is gone are dropped without a word (FU12). */
  closing: boolean;
}

export class SocketGuard {
  private readonly sockets = new Map<GuardedSocket, Tracked>();
  private readonly perIp = new Map<string, number>();

  constructor(private readonly options: SocketGuardOptions) {}

  /** May another socket open from `ip`? Null when yes, else the refusal's HTTP status and code. */
  admits(ip: string): { readonly status: number; readonly code: 'SERVER_BUSY' | 'RATE_LIMITED' } | null {
    if (this.sockets.size >= this.options.maxConnections) return { status: 503, code: 'SERVER_BUSY' };
    if ((this.perIp.get(ip) ?? 0) >= this.options.maxPerIp) return { status: 429, code: 'RATE_LIMITED' };
    return null;
  }

  opened(socket: GuardedSocket, ip: string): void {
    this.sockets.set(socket, { ip, openedAt: this.options.clock.now(), alive: true, queued: 0, closing: false });
    this.perIp.set(ip, (this.perIp.get(ip) ?? 0) + 1);
  }

  closed(socket: GuardedSocket): void {
    const t = this.sockets.get(socket);
    if (!t) return;
    this.sockets.delete(socket);
    const left = (this.perIp.get(t.ip) ?? 1) - 1;
    if (left <= 0) this.perIp.delete(t.ip);
    else this.perIp.set(t.ip, left);
  }

  /** A frame arrived: false (and the socket closed, said once) when too many of its frames already wait. */
  enqueue(socket: GuardedSocket): boolean {
    const t = this.sockets.get(socket);
    if (!t || t.closing) return false;
    if (t.queued >= this.options.maxQueuedFrames) {
      t.closing = true;
      this.options.log('too many frames waiting', { ip: t.ip, queued: t.queued });
      socket.close(POLICY_VIOLATION, 'too many frames');
      return false;
    }
    t.queued += 1;
    return true;
  }

  /** A frame of the socket was handled. */
  done(socket: GuardedSocket): void {
    const t = this.sockets.get(socket);
    if (t && t.queued > 0) t.queued -= 1;
  }

  /** Before sending: false (and the socket dropped, said once) when it has stopped reading. */
  writable(socket: GuardedSocket): boolean {
    const t = this.sockets.get(socket);
    if (t?.closing) return false;
    if (socket.bufferedAmount <= this.options.maxBufferedBytes) return true;
    if (t) t.closing = true;
    this.options.log('a device stopped reading', { ip: t?.ip, buffered: socket.bufferedAmount });
    socket.terminate();
    return false;
  }

  pong(socket: GuardedSocket): void {
    const t = this.sockets.get(socket);
    if (t) t.alive = true;
  }

  /** The periodic round: drops sockets that did not answer the last ping or sit unbound too long, pings the rest. */
  tick(attached: (socket: GuardedSocket) => boolean): void {
    const now = this.options.clock.now();
    for (const [socket, t] of this.sockets) {
      if (!t.alive) {
        socket.terminate();
        continue;
      }
      if (now - t.openedAt >= this.options.unboundIdleMs && !attached(socket)) {
        socket.close(POLICY_VIOLATION, 'no declaration');
        continue;
      }
      t.alive = false;
      socket.ping();
    }
  }

  get size(): number {
    return this.sockets.size;
  }
}
