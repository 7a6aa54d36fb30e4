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
  const live = new FixedClock(0);
  const logged: string[] = [];
  const g = new SocketGuard({
    maxConnections: 3,
    maxPerIp: 2,
    maxQueuedFrames: 4,
    maxBufferedBytes: 1000,
    unboundIdleMs: 60_000,
    silentMs: 6_000,
    clock,
    liveClock: live,
    log: (reason) => void logged.push(reason),
    ...overrides,
  });
  return { g, clock, live, logged };
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

  it('[FU3] a quiet socket is pinged each round; one quiet for 6 s (no frame, no pong) is dropped; one without a declaration after the idle time is closed', () => {
    const { g, clock, live } = guard();
    const [answering, silent, unbound] = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    for (const s of [answering, silent, unbound]) g.opened(s, '198.51.100.1' + String([answering, silent, unbound].indexOf(s)));
    const attached = (s: GuardedSocket) => s !== unbound;
    live.advance(2_000);
    g.tick(attached, 2_000);
    expect([answering.pings, silent.pings, unbound.pings]).toEqual([1, 1, 1]);
    g.pong(answering);
    g.pong(unbound);
    live.advance(2_000);
    g.tick(attached, 2_000);
    expect(silent.terminated).toBe(false);
    g.pong(answering);
    g.pong(unbound);
    // Silent for 6 s: its network is gone (the other driver is told within a round or two).
    live.advance(2_000);
    g.tick(attached, 2_000);
    expect(silent.terminated).toBe(true);
    clock.advance(60_000);
    g.tick(attached, 2_000);
    expect(unbound.closedWith).toBe(POLICY_VIOLATION);
    expect([answering.terminated, answering.closedWith]).toEqual([false, null]);
  });

  it('[FU3] issue 34: a device that sends its heartbeats is heard by them and costs no ping; a test clock moved forward drops nobody', () => {
    const { g, clock, live } = guard();
    const beating = new FakeSocket();
    g.opened(beating, '198.51.100.9');
    for (let round = 0; round < 10; round += 1) {
      live.advance(1_000);
      expect(g.enqueue(beating)).toBe(true);
      g.done(beating);
      live.advance(1_000);
      g.tick(() => true, 2_000);
    }
    expect([beating.pings, beating.terminated]).toEqual([0, false]);
    // The installation's clock (a test's, moved a day forward) is not the clock of liveness.
    clock.advance(86_400_000);
    g.tick(() => true, 2_000);
    expect(beating.terminated).toBe(false);
  });

  it('[FU3] issue 34: a seated device whose frames stop is gone after 6 s although its browser answers pings; one waiting to be let in lives by its pongs', () => {
    const { g, live } = guard();
    const [seatedOne, waiting] = [new FakeSocket(), new FakeSocket()];
    g.opened(seatedOne, '198.51.100.7');
    g.opened(waiting, '198.51.100.8');
    const seated = (s: GuardedSocket) => s === seatedOne;
    for (let round = 1; round <= 3; round += 1) {
      live.advance(2_000);
      g.tick(() => true, 2_000, seated);
      // Both answer every ping: the network layer does, whatever the page.
      g.pong(seatedOne);
      g.pong(waiting);
    }
    expect(seatedOne.terminated).toBe(true);
    expect(waiting.terminated).toBe(false);
  });
});
