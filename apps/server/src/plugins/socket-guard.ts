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
 * - **Liveness**: a seated device sends its heartbeat every 2 s: its socket is alive while its
 *   frames come, and one without a frame for `silentMs` is gone — the other driver sees it leave
 *   within seconds of its network dropping (issue 34: the phone that lost its network said so
 *   after 4 s while the other still said "connected"; a browser's network layer goes on answering
 *   pings for a page that no longer talks). A socket without a seat (one waiting to be let in
 *   sends no heartbeat) is alive by its frames or its pongs. Each round pings the sockets quiet
 *   since the last one. A socket that holds no seat (and waits for no admission) after
 *   `unboundIdleMs` is closed.
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
  /** Quiet this long (no frame, no pong), a socket is dropped. */
  readonly silentMs: number;
  readonly clock: ClockPort;
  /** The clock of liveness: the machine's own (a test installation's clock moved forward must not make every socket quiet). */
  readonly liveClock: ClockPort;
  readonly log: (reason: string, data: Record<string, unknown>) => void;
}

/** Closes for policy reasons use 1008; a server too full to take a socket answers 1013 (try again later). */
export const POLICY_VIOLATION = 1008;

interface Tracked {
  readonly ip: string;
  readonly openedAt: number;
  /** When a frame last came. */
  framedAt: number;
  /** When a frame or a pong last came. */
  heardAt: number;
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
    const live = this.options.liveClock.now();
    this.sockets.set(socket, { ip, openedAt: this.options.clock.now(), framedAt: live, heardAt: live, queued: 0, closing: false });
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
    t.framedAt = t.heardAt = this.options.liveClock.now();
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
    if (t) t.heardAt = this.options.liveClock.now();
  }

  /**
   * The periodic round (every `roundMs`): drops sockets quiet for `silentMs` (a seated one by its
   * frames only) or unbound too long, pings those quiet since the last round (a device that sends
   * its heartbeats costs no ping).
   */
  tick(attached: (socket: GuardedSocket) => boolean, roundMs: number, seated: (socket: GuardedSocket) => boolean = () => false): void {
    const now = this.options.clock.now();
    const live = this.options.liveClock.now();
    for (const [socket, t] of this.sockets) {
      const quiet = live - (seated(socket) ? t.framedAt : t.heardAt);
      if (quiet >= this.options.silentMs) {
        socket.terminate();
        continue;
      }
      if (now - t.openedAt >= this.options.unboundIdleMs && !attached(socket)) {
        socket.close(POLICY_VIOLATION, 'no declaration');
        continue;
      }
      if (quiet >= roundMs) socket.ping();
    }
  }

  get size(): number {
    return this.sockets.size;
  }
}
