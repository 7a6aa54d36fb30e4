import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/build-test-app.js';
import { DEV_OUTBOX_PATH } from './dev-outbox.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

describe('the local outbox page', () => {
  let ctx: Ctx;
  afterEach(async () => ctx.close());

  it('[FU7] does not exist unless EID_DEV_OUTBOX=on, not even for this machine', async () => {
    ctx = await buildTestApp();
    const res = await ctx.app.inject({ method: 'GET', url: DEV_OUTBOX_PATH, remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'ROUTE_NOT_FOUND' });
  });

  it.each([
    ['another machine', '203.0.113.7', {}],
    ['this machine through a proxy (X-Forwarded-For)', '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }],
    ['this machine through a proxy (Forwarded)', '127.0.0.1', { forwarded: 'for=203.0.113.7' }],
  ])('[FU7] switched on, it answers this machine only: %s gets 404', async (_label, remoteAddress, headers) => {
    ctx = await buildTestApp({ EID_DEV_OUTBOX: 'on' });
    expect((await ctx.app.inject({ method: 'GET', url: DEV_OUTBOX_PATH, remoteAddress, headers })).statusCode).toBe(404);
    const local = await ctx.app.inject({ method: 'GET', url: DEV_OUTBOX_PATH, remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.json()).toEqual({ messages: [] });
  });
});
