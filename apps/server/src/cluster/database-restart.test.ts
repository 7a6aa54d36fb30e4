import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPostgres } from '../../../../scripts/lib/postgres.mjs';
import { buildTestApp } from '../testing/build-test-app.js';
import { value, WsDriver } from '../testing/ws-driver.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * The database restarts under two running nodes (its own PostgreSQL: the test stops it). Meanwhile
 * the nodes answer typed errors and say they are not ready; afterwards their pools and their
 * change feed come back by themselves, with nothing restarted but the database.
 */
describe('a database restart under two nodes', () => {
  let pg: Awaited<ReturnType<typeof startPostgres>>;
  let dir: string;
  const nodes: Ctx[] = [];
  const drivers: WsDriver[] = [];

  beforeAll(async () => {
    pg = await startPostgres();
    dir = mkdtempSync(join(tmpdir(), 'eid-dbrestart-'));
    for (const name of ['one', 'two']) {
      const ctx = await buildTestApp({ EID_DATABASE_URL: pg.url, EID_SECRET: 'a-secret-the-nodes-share-0123456789abcdef' }, { dir: mkdtempSync(join(dir, name)) });
      await ctx.listen();
      nodes.push(ctx);
    }
  }, 30_000);

  afterAll(async () => {
    for (const d of drivers) await d.close();
    for (const n of nodes) await n.stop().catch(() => undefined);
    pg?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('[CL8] while PostgreSQL is down the nodes answer SERVER_ERROR and are not ready (never a crash); when it is back they serve again and the change feed resumes', async () => {
    const [one, two] = nodes as [Ctx, Ctx];
    const a = await WsDriver.open(one.app);
    const b = await WsDriver.open(two.app);
    drivers.push(a, b);
    value(await a.connect('KLM123', 'HBN512'));
    value(await b.joinConfirmedBy(a, 'HBN512', 'KLM123'));

    const stopped = pg.restart(2500);
    // While it is down (restart() resolves when it is up again).
    await vi.waitFor(async () => expect((await one.app.inject({ method: 'GET', url: '/serveris/ready' })).statusCode).toBe(503), { timeout: 5000, interval: 100 });
    expect((await one.app.inject({ method: 'GET', url: '/serveris/health' })).statusCode).toBe(200);
    expect(await a.call('eid-comment', { text: 'while down' })).toMatchObject({ ok: false, code: 'SERVER_ERROR' });
    await stopped;

    // Back: both nodes ready again (pools reconnected, the listener back after its back-off).
    for (const node of [one, two]) {
      await vi.waitFor(async () => expect((await node.app.inject({ method: 'GET', url: '/serveris/ready' })).statusCode).toBe(200), { timeout: 20_000, interval: 100 });
    }
    value(await a.call('eid-comment', { text: 'after the restart' }));
    await b.waitForView((d) => d.parties.A.comment === 'after the restart', 5000);
    // Both processes lived through it.
    expect(one.app.server.listening && two.app.server.listening).toBe(true);
  }, 60_000);
});
