import { describe, expect, it } from 'vitest';
import { FixedClock } from '@eid/test-fixtures';
import { POLICY_VIOLATION, SocketGuard, type GuardedSocket } from './socket-guard.js';

class FakeSocket implements GuardedSocket {
  bufferedAmount = 0;
  pings = 0;
  terminated = false;
  closedWith: number | null = null;
  ping() {
    this.pings += 1;
  }
  terminate() {
    this.terminated = true;
  }
  close(code?: number) {
    this.closedWith = code ?? 1000;
  }
}

function guard(overrides: Partial<ConstructorParameters<typeof SocketGuard>[0]> = {}) {
  const clock = new FixedClock(0);
  const logged: string[] = [];
  const g = new SocketGuard({
    maxConnections: 3,
    maxPerIp: 2,
    maxQueuedFrames: 4,
    maxBufferedBytes: 1000,
    unboundIdleMs: 60_000,
    clock,
    log: (reason) => void logged.push(reason),
    ...overrides,
  });
  return { g, clock, logged };
}

describe('the declaration sockets’ guard', () => {
  it('[FU3] caps sockets per address and in all; a closed one frees its place', () => {
    const { g } = guard();
    const [s1, s2, s3] = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    g.opened(s1, '198.51.100.1');
    g.opened(s2, '198.51.100.1');
    expect(g.admits('198.51.100.1')).toEqual({ status: 429, code: 'RATE_LIMITED' });
    expect(g.admits('198.51.100.2')).toBeNull();
    g.opened(s3, '198.51.100.2');
    expect(g.admits('198.51.100.3')).toEqual({ status: 503, code: 'SERVER_BUSY' });
    g.closed(s1);
    expect(g.admits('198.51.100.1')).toBeNull();
    expect(g.size).toBe(2);
  });

  it('[FU2] a socket with too many frames waiting is closed; handled frames free the queue', () => {
    const { g, logged } = guard();
    const s = new FakeSocket();
    g.opened(s, '198.51.100.1');
    for (let i = 0; i < 4; i++) expect(g.enqueue(s)).toBe(true);
    g.done(s);
    expect(g.enqueue(s)).toBe(true);
    expect(g.enqueue(s)).toBe(false);
    expect(s.closedWith).toBe(POLICY_VIOLATION);
    expect(logged).toEqual(['too many frames waiting']);
  });

  it('[FU2] a socket that stopped reading (unsent bytes over the limit) is dropped, not buffered further', () => {
    const { g, logged } = guard();
    const s = new FakeSocket();
    g.opened(s, '198.51.100.1');
    s.bufferedAmount = 1000;
    expect(g.writable(s)).toBe(true);
    s.bufferedAmount = 1001;
    expect(g.writable(s)).toBe(false);
    expect(s.terminated).toBe(true);
    expect(logged).toEqual(['a device stopped reading']);
  });

  it('[FU3] pings every round; a socket that did not answer the last ping is dropped; one without a declaration after the idle time is closed', () => {
    const { g, clock } = guard();
    const [answering, silent, unbound] = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    for (const s of [answering, silent, unbound]) g.opened(s, '198.51.100.1' + String([answering, silent, unbound].indexOf(s)));
    const attached = (s: GuardedSocket) => s !== unbound;
    g.tick(attached);
    expect([answering.pings, silent.pings, unbound.pings]).toEqual([1, 1, 1]);
    g.pong(answering);
    g.pong(unbound);
    clock.advance(60_000);
    g.tick(attached);
    expect(silent.terminated).toBe(true);
    expect(unbound.closedWith).toBe(POLICY_VIOLATION);
    expect([answering.terminated, answering.closedWith, answering.pings]).toEqual([false, null, 2]);
  });
});
