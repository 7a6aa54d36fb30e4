/**
 * Issue 30 item 3: the logs cannot be flooded. Measured before: 20,000 frames of 42 bytes on one
 * socket without a captcha or a seat made 13,404 warning lines (1.9 MiB, 2.4 times the bytes sent),
 * and again on each new socket. A socket closed for its frames is one line; what one address can
 * make the log say has a budget.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { WS_PATH } from '@eid/domain/protocol';
import { FixedClock } from '@eid/test-fixtures';
import { buildTestApp } from '../testing/build-test-app.js';
import { LogBudget } from './log-budget.js';
import { REQUEST_LINES_PER_MINUTE } from './request-log.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/** Opens a socket as a browser of this site would, sends `count` copies of `frame` as fast as it can, and resolves when the server closed it (or it took them all). */
async function flood(port: number, frame: string, count: number): Promise<{ closedBy: number | null }> {
  const url = `ws://127.0.0.1:${port}${WS_PATH}`;
  const socket = new WebSocket(url, { origin: `http://127.0.0.1:${port}` });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  for (let i = 0; i < count && socket.readyState === socket.OPEN; i++) socket.send(frame);
  // Everything sent; a socket the server did not close is closed by us once its answers came back.
  const closedBy = await Promise.race([closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), 3_000))]);
  if (closedBy === null) {
    socket.close();
    await closed;
  }
  return { closedBy };
}

const warnings = (ctx: Ctx) => ctx.logLines.filter((l) => (l.level as number) >= 40);
const bytes = (lines: readonly Record<string, unknown>[]) => lines.reduce((n, l) => n + JSON.stringify(l).length + 1, 0);

describe('the log cannot be flooded (issue 30 item 3)', () => {
  const open: Ctx[] = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });

  it('[FU12] 20,000 small frames on one socket, then again on 10 new sockets of the same address: one line per closed socket at most, and a budget for the address', async () => {
    const ctx = await buildTestApp();
    open.push(ctx);
    const { port } = (await ctx.listen()).server.address() as { port: number };
    const frame = JSON.stringify({ t: 'call', id: 1, op: 'test-connection' });
    expect(frame.length).toBe(42);

    const first = await flood(port, frame, 20_000);
    // The socket sent far more than may wait: the server closed it, for policy.
    expect(first.closedBy).toBe(1008);
    const afterOne = warnings(ctx);
    expect(afterOne.filter((l) => String(l.msg).startsWith('declaration socket closed'))).toHaveLength(1);
    expect(afterOne.length).toBeLessThanOrEqual(2);

    for (let i = 0; i < 10; i++) await flood(port, frame, 20_000);
    const all = warnings(ctx);
    // Eleven closed sockets of one address: the address's budget of lines, and one line saying how many were left out.
    expect(all.length).toBeLessThanOrEqual(12);
    expect(all.some((l) => String(l.msg).includes('log lines') && String(l.msg).includes('left out'))).toBe(true);
    // What was written is a small fraction of what was sent (before: 2.4 times it).
    expect(bytes(all)).toBeLessThan(0.01 * 11 * 20_000 * 42);
  });

  it('[FU12] 2,000 requests of one address (refused ones too) write the address\'s budget of lines, not two or three a request; another address is not held back', async () => {
    // The clock stands still: the budget does not refill during the flood.
    const ctx = await buildTestApp({}, { clock: new FixedClock(Date.UTC(2026, 10, 26, 9)) });
    open.push(ctx);
    for (let i = 0; i < 2_000; i++) await ctx.app.inject({ method: 'GET', url: `/serveris/no-such-call-${i}`, remoteAddress: '198.51.100.9' });
    const ofFlood = ctx.logLines.filter((l) => JSON.stringify(l).includes('198.51.100.9') || l.msg === 'request refused');
    expect(ofFlood.length).toBeLessThanOrEqual(REQUEST_LINES_PER_MINUTE + 1);
    expect(ctx.logLines.some((l) => String(l.msg).includes('left out'))).toBe(true);
    const before = ctx.logLines.length;
    await ctx.app.inject({ method: 'GET', url: '/serveris/health', remoteAddress: '203.0.113.50' });
    expect(ctx.logLines.slice(before).filter((l) => l.msg === 'request completed')).toHaveLength(1);
  });
});

describe('a log budget (FU12)', () => {
  function budget() {
    const clock = new FixedClock(0);
    const notices: string[] = [];
    const b = new LogBudget({ burst: 3, perMinute: 6, clock, notice: (m) => void notices.push(m) });
    let written = 0;
    const write = (address: string) => b.line(address, () => void (written += 1));
    return { clock, notices, write, written: () => written, b };
  }

  it('[FU12] a burst, then the steady rate; the first line left out is said once, and how many when the address writes again', () => {
    const { clock, notices, write, written } = budget();
    for (let i = 0; i < 10; i++) write('a');
    expect(written()).toBe(3);
    expect(notices).toEqual(['log lines of one address are left out until its budget refills']);
    // 6 a minute: one line back every 10 s.
    clock.advance(9_999);
    write('a');
    expect(written()).toBe(3);
    clock.advance(1);
    write('a');
    expect(written()).toBe(4);
    // Notices come at most once a minute: the count waits for the minute to pass.
    expect(notices).toHaveLength(1);
    clock.advance(60_000);
    write('a');
    expect(notices.at(-1)).toBe('8 log lines of one address were left out');
    expect(written()).toBe(5);
  });

  it('[FU12] each address has its own budget', () => {
    const { write, written } = budget();
    for (let i = 0; i < 10; i++) write('a');
    for (let i = 0; i < 2; i++) write('b');
    expect(written()).toBe(5);
  });

  it('[FU12] the table of addresses stays bounded however many addresses write', () => {
    const { write, b, clock } = budget();
    for (let i = 0; i < 30_000; i++) write(`10.0.${Math.floor(i / 256)}.${i % 256}`);
    expect(b.size).toBeLessThanOrEqual(10_000);
    clock.advance(60_000);
    write('after');
    expect(b.size).toBeLessThanOrEqual(1_024);
  });
});
