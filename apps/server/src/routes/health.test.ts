import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/build-test-app.js';

describe('GET /serveris/health', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  afterEach(async () => ctx.close());

  it('answers 200 with the database state when the database is open', async () => {
    ctx = await buildTestApp();
    const res = await ctx.app.inject({ method: 'GET', url: '/serveris/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('refuses other methods with a typed code, not a 500', async () => {
    ctx = await buildTestApp();
    const res = await ctx.app.inject({ method: 'POST', url: '/serveris/health', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'ROUTE_NOT_FOUND' });
  });
});
