import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/build-test-app.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

const clientLines = (ctx: Ctx) => ctx.logLines.filter((l) => l.name === 'client');

describe('POST /serveris/log, /log/warn, /log/error', () => {
  let ctx: Ctx;
  afterEach(async () => ctx.close());

  it.each([
    ['/serveris/log', 30],
    ['/serveris/log/warn', 40],
    ['/serveris/log/error', 50],
  ])('writes a message log posted to %s through pino at its level', async (url, level) => {
    ctx = await buildTestApp();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${url}?node_id=node-7`,
      payload: { src: 'wizard', message: 'ABC123-XYZ789 step 4 entered', data: '{"step":4}' },
    });
    expect(res.statusCode).toBe(204);
    const [line] = clientLines(ctx);
    expect(line).toMatchObject({
      level,
      nodeId: 'node-7',
      client: { src: 'wizard', message: 'ABC123-XYZ789 step 4 entered', data: '{"step":4}' },
    });
  });

  it('accepts the init-failure and uncaught-error shape on /log/error without node_id', async () => {
    ctx = await buildTestApp();
    const body = { src: 'js', msg: 'maps setup failed (attempt 2)', url: 'http://x/decla', line: -1, col: -1, error: 'TypeError' };
    const res = await ctx.app.inject({ method: 'POST', url: '/serveris/log/error', payload: body });
    expect(res.statusCode).toBe(204);
    expect(clientLines(ctx)[0]).toMatchObject({ level: 50, client: body });
  });

  it('accepts the framework-error shape on /log/error', async () => {
    ctx = await buildTestApp();
    const body = { src: 'react', error: 'Cannot read x', name: 'TypeError', data: '{"route":"/decla"}', stack: 'at A' };
    const res = await ctx.app.inject({ method: 'POST', url: '/serveris/log/error', payload: body });
    expect(res.statusCode).toBe(204);
    expect(clientLines(ctx)[0]).toMatchObject({ client: body });
  });

  it.each([
    ['an empty object', {}, 'src'],
    ['a missing message', { src: 'wizard' }, undefined],
    ['a non-string src', { src: 5, message: 'x' }, undefined],
    ['an over-long src', { src: 'x'.repeat(65), message: 'm' }, undefined],
    ['an over-long message', { src: 's', message: 'm'.repeat(4001) }, undefined],
    ['an array body', [1, 2], undefined],
  ])('refuses %s with 400 DATA_ERROR and writes nothing', async (_label, payload, path) => {
    ctx = await buildTestApp();
    const res = await ctx.app.inject({ method: 'POST', url: '/serveris/log/warn', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('DATA_ERROR');
    if (path) expect(res.json().path).toBe(path);
    expect(clientLines(ctx)).toHaveLength(0);
  });

  it('refuses the error-report shape on /log (info takes messages only)', async () => {
    ctx = await buildTestApp();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/serveris/log',
      payload: { src: 'js', msg: 'x', url: 'u', line: 1, col: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'DATA_ERROR' });
  });

  it('refuses a malformed node_id with DATA_ERROR', async () => {
    ctx = await buildTestApp();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/serveris/log?node_id=%3Cscript%3E',
      payload: { src: 's', message: 'm' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'DATA_ERROR', path: 'node_id' });
  });

  it('refuses broken JSON with DATA_ERROR and a non-JSON body with UNSUPPORTED_MEDIA_TYPE', async () => {
    ctx = await buildTestApp();
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/serveris/log',
      headers: { 'content-type': 'application/json' },
      payload: '{"src": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ code: 'DATA_ERROR' });
    const text = await ctx.app.inject({
      method: 'POST',
      url: '/serveris/log',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'src=a&message=b',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('refuses a 10 MB body with 413 PAYLOAD_TOO_LARGE', async () => {
    ctx = await buildTestApp();
    const huge = JSON.stringify({ src: 's', message: 'm', data: 'x'.repeat(10 * 1024 * 1024) });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/serveris/log/error',
      headers: { 'content-type': 'application/json' },
      payload: huge,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE' });
    expect(clientLines(ctx)).toHaveLength(0);
  });

  it('limits the calls per client and answers RATE_LIMITED past the limit', async () => {
    ctx = await buildTestApp({ EID_LOG_RATE_LIMIT: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: '/serveris/log', payload: { src: 's', message: `m${i}` } });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json()).toEqual({ code: 'RATE_LIMITED' });
    }
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
  });

  it('[FU7] the per-address counters are in the database: a restart does not give a client a fresh allowance', async () => {
    ctx = await buildTestApp({ EID_LOG_RATE_LIMIT: '2' });
    const post = (c: Ctx) => c.app.inject({ method: 'POST', url: '/serveris/log', remoteAddress: '203.0.113.9', payload: { src: 's', message: 'm' } });
    expect([(await post(ctx)).statusCode, (await post(ctx)).statusCode]).toEqual([204, 204]);
    await ctx.stop();
    ctx = await buildTestApp({ EID_LOG_RATE_LIMIT: '2' }, { dir: ctx.dir });
    expect((await post(ctx)).statusCode).toBe(429);
  });

  it('[FU7] a client cannot choose its address with X-Forwarded-For: without a trusted proxy the limit holds; behind a configured one the forwarded address counts', async () => {
    ctx = await buildTestApp({ EID_LOG_RATE_LIMIT: '2' });
    const post = (xff: string, remoteAddress = '203.0.113.7') =>
      ctx.app.inject({ method: 'POST', url: '/serveris/log', remoteAddress, headers: { 'x-forwarded-for': xff }, payload: { src: 's', message: 'm' } });
    const spoofed = [];
    for (let i = 0; i < 4; i++) spoofed.push((await post(`198.51.100.${i}`)).statusCode);
    expect(spoofed).toEqual([204, 204, 429, 429]);
    await ctx.close();

    ctx = await buildTestApp({ EID_LOG_RATE_LIMIT: '2', EID_TRUSTED_PROXIES: '10.0.0.0/8' });
    const viaProxy = [];
    for (let i = 0; i < 3; i++) viaProxy.push((await post(`198.51.100.${i}`, '10.1.2.3')).statusCode);
    expect(viaProxy).toEqual([204, 204, 204]);
    // An address that is not the proxy is not believed.
    const direct = [];
    for (let i = 0; i < 3; i++) direct.push((await post(`198.51.100.${i}`)).statusCode);
    expect(direct).toEqual([204, 204, 429]);
  });
});
