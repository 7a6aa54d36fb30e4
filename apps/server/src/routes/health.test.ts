import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/build-test-app.js';

describe('GET /serveris/health and /serveris/ready', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  afterEach(async () => ctx.close());

  it('[CL6] health answers 200 while the process lives; ready names what it checked', async () => {
    ctx = await buildTestApp();
    const health = await ctx.app.inject({ method: 'GET', url: '/serveris/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/serveris/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok' });
  });

  it('[CL6] ready answers 503 when the database does not, while health still answers 200', async () => {
    ctx = await buildTestApp();
    ctx.sqlite?.close();
    const ready = await ctx.app.inject({ method: 'GET', url: '/serveris/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'degraded', database: 'down' });
    expect((await ctx.app.inject({ method: 'GET', url: '/serveris/health' })).statusCode).toBe(200);
  });

  it('refuses other methods with a typed code, not a 500', async () => {
    ctx = await buildTestApp();
    const res = await ctx.app.inject({ method: 'POST', url: '/serveris/health', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'ROUTE_NOT_FOUND' });
  });
});
