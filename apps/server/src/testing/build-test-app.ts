import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { ClockPort, IdPort } from '@eid/domain';
import { CryptoIds, SystemClock } from '@eid/adapter-system';
import { openStorage } from '../storage/index.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { privateLogOptions } from '../log-privacy.js';
import { DevClock } from '../dev-clock.js';

/**
 * Builds the real app on a temporary data folder and a fake built web app, capturing the log
 * lines so tests can check what was written. Used by the route tests only.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  deps: { clock?: ClockPort; ids?: IdPort; dir?: string } = {},
) {
  const dir = deps.dir ?? mkdtempSync(join(tmpdir(), 'eid-server-'));
  const webDist = join(dir, 'web');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><body><div id="app"></div></body></html>');
  writeFileSync(join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(join(webDist, 'robots.txt'), 'User-agent: *');
  const config = loadConfig({ EID_DATA_DIR: join(dir, 'data'), EID_WEB_DIST: webDist, EID_BACKGROUND_JOBS: 'off', EID_CAPTCHA_COST: '1', ...env }, dir);
  const clock = config.devClock ? new DevClock(deps.clock ?? new SystemClock()) : (deps.clock ?? new SystemClock());
  const ids = deps.ids ?? new CryptoIds();
  const storage = await openStorage(config, clock, ids, () => {});
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  let app;
  try {
    app = await buildApp({ config, storage, logger: pino(privateLogOptions('info'), sink), clock, ids });
  } catch (error) {
    await storage.close();
    throw error;
  }
  return {
    app,
    config,
    logLines: lines,
    dir,
    storage,
    /** The raw SQLite connection, for tests that break the store on purpose (null on PostgreSQL). */
    sqlite: storage.sqlite,
    /** Listens on an ephemeral loopback port (for real WebSocket clients). */
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      return app;
    },
    /** Stops the process's app but keeps its data folder, as a crash or a restart would. */
    async stop() {
      await app.close();
      await storage.close();
    },
    async close() {
      await app.close();
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
