import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { NOTICES_WAITING_MAX, PgNotices } from './notices.js';

/** A pool whose statements answer when the test says, recording what each sent. */
function fakePool() {
  const statements: Array<{ channels: string[]; payloads: string[]; answer: (error?: Error) => void }> = [];
  const pool = {
    query: (_text: string, [channels, payloads]: [string[], string[]]) =>
      new Promise<void>((resolve, reject) => statements.push({ channels, payloads, answer: (error) => (error ? reject(error) : resolve()) })),
  };
  return { pool: pool as unknown as pg.Pool, statements };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('notices after the commit (issue 35 item 5)', () => {
  it('one alone goes at once; those that come while it is on its way go together next, in the order sent', async () => {
    const { pool, statements } = fakePool();
    const notices = new PgNotices(pool);
    const first = notices.send('changes', 'v1');
    expect(statements.map((s) => s.payloads)).toEqual([['v1']]);
    const later = [notices.send('changes', 'v2'), notices.send('presence', 'p1', 'd1'), notices.send('changes', 'v3')];
    expect(statements).toHaveLength(1);
    statements[0]!.answer();
    await first;
    await tick();
    expect(statements[1]).toMatchObject({ channels: ['changes', 'presence', 'changes'], payloads: ['v2', 'p1', 'v3'] });
    statements[1]!.answer();
    await Promise.all(later);
    expect(notices.statementsSent).toBe(2);
  });

  it('a notice with a key replaces the one of its key still waiting; both callers are answered', async () => {
    const { pool, statements } = fakePool();
    const notices = new PgNotices(pool);
    const first = notices.send('presence', 'A+B', 'd0');
    const older = notices.send('presence', 'A', 'd1');
    const other = notices.send('presence', 'B', 'd2');
    const newer = notices.send('presence', 'none', 'd1');
    statements[0]!.answer();
    await tick();
    expect(statements[1]!.payloads).toEqual(['none', 'B']);
    statements[1]!.answer();
    await expect(Promise.all([first, older, other, newer])).resolves.toHaveLength(4);
  });

  it('a statement that fails refuses its notices to their callers, is told once with how many it lost, and the next statement still goes', async () => {
    const { pool, statements } = fakePool();
    const told: Array<[string, number]> = [];
    const notices = new PgNotices(pool, (error, lost) => told.push([String(error), lost]));
    const lost = notices.send('changes', 'v1');
    const next = notices.send('changes', 'v2');
    statements[0]!.answer(new Error('connection lost'));
    await expect(lost).rejects.toThrow('connection lost');
    expect(told).toEqual([['Error: connection lost', 1]]);
    await tick();
    expect(statements[1]!.payloads).toEqual(['v2']);
    statements[1]!.answer();
    await expect(next).resolves.toBeUndefined();
  });

  it('past a thousand waiting, a statement takes the first thousand and the next the rest', async () => {
    const { pool, statements } = fakePool();
    const notices = new PgNotices(pool);
    const all = [notices.send('c', 'first'), ...Array.from({ length: 1500 }, (_, i) => notices.send('c', `n${i}`))];
    statements[0]!.answer();
    await tick();
    expect(statements[1]!.payloads).toHaveLength(1000);
    expect(statements[1]!.payloads[0]).toBe('n0');
    statements[1]!.answer();
    await tick();
    expect(statements[2]!.payloads).toEqual(Array.from({ length: 500 }, (_, i) => `n${1000 + i}`));
    statements[2]!.answer();
    await expect(Promise.all(all)).resolves.toHaveLength(1501);
  });

  it('a database that does not answer holds at most NOTICES_WAITING_MAX: the oldest waiting is refused', async () => {
    const { pool, statements } = fakePool();
    const notices = new PgNotices(pool);
    const stuck = notices.send('c', 'in flight');
    const waiting = Array.from({ length: NOTICES_WAITING_MAX + 2 }, (_, i) => notices.send('c', `n${i}`));
    await expect(waiting[0]).rejects.toThrow(/too many notices waiting/);
    await expect(waiting[1]).rejects.toThrow(/too many notices waiting/);
    statements[0]!.answer();
    await stuck;
    await tick();
    expect(statements[1]!.payloads[0]).toBe('n2');
  });
});
