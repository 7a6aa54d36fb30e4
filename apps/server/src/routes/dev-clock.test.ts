import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { buildTestApp } from '../testing/build-test-app.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

describe("a test installation's clock (EID_DEV_CLOCK)", () => {
  const open: Ctx[] = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });

  it('moves the service\'s clock forward for this machine only, never back; absent unless asked for; refused in production', async () => {
    const ctx = await buildTestApp({ EID_DEV_CLOCK: 'on' });
    open.push(ctx);
    const before = ctx.app.clock.now();
    const moved = await ctx.app.inject({ method: 'POST', url: '/serveris/dev/clock', payload: { advanceMs: 60_000 }, remoteAddress: '127.0.0.1' });
    expect(moved.statusCode).toBe(200);
    expect(ctx.app.clock.now() - before).toBeGreaterThanOrEqual(60_000);
    expect((await ctx.app.inject({ method: 'POST', url: '/serveris/dev/clock', payload: { advanceMs: 60_000 }, remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: '/serveris/dev/clock', payload: { advanceMs: -5 }, remoteAddress: '127.0.0.1' })).json()).toEqual({ code: 'DATA_ERROR', path: 'advanceMs' });

    const plain = await buildTestApp();
    open.push(plain);
    expect((await plain.app.inject({ method: 'POST', url: '/serveris/dev/clock', payload: { advanceMs: 1 }, remoteAddress: '127.0.0.1' })).json()).toEqual({ code: 'ROUTE_NOT_FOUND' });
    expect(() => loadConfig({ EID_DEV_CLOCK: 'on', NODE_ENV: 'production', EID_SECRET: 'x'.repeat(40) }, '/tmp')).toThrow(ConfigError);
  });
});
