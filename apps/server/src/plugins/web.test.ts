import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/build-test-app.js';

describe('web app serving', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  afterEach(async () => ctx.close());

  it('serves index.html at / with security headers', async () => {
    ctx = await buildTestApp();
    const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="app">');
    const csp = res.headers['content-security-policy'] as string;
    // ASVS 3.4.3 and 3.4.6: no plugins, no <base> redirection, no framing.
    for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends the build\'s brotli or gzip copy of a file when the browser accepts it, the file itself otherwise', async () => {
    ctx = await buildTestApp();
    const js = 'console.log("a rather long line of the built app");\n'.repeat(40);
    writeFileSync(join(ctx.dir, 'web', 'assets', 'app-1.js'), js);
    writeFileSync(join(ctx.dir, 'web', 'assets', 'app-1.js.gz'), gzipSync(js));
    writeFileSync(join(ctx.dir, 'web', 'assets', 'app-1.js.br'), brotliCompressSync(js));
    const br = await ctx.app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    const gz = await ctx.app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('allows the analytics tag in the content security policy only when a measurement id is configured', async () => {
    ctx = await buildTestApp();
    const plain = (await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).headers['content-security-policy'] as string;
    expect(plain).toContain("script-src 'self';");
    expect(plain).not.toContain('googletagmanager');
    await ctx.close();
    ctx = await buildTestApp({ EID_GA4_ID: 'G-TEST123' });
    const withTag = (await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).headers['content-security-policy'] as string;
    expect(withTag).toContain("script-src 'self' https://www.googletagmanager.com;");
    expect(withTag).toMatch(/connect-src 'self' [^;]*google-analytics\.com/);
  });

  it.each(['/decla', '/duk', '/a/abcdef', '/accidents/1/statements/2', '/no/such/page'])(
    'answers the history-mode path %s with index.html',
    async (url) => {
      ctx = await buildTestApp();
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="app">');
    },
  );

  it('serves hashed assets as immutable and other files as revalidated', async () => {
    ctx = await buildTestApp();
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown API paths and missing assets with 404 ROUTE_NOT_FOUND in JSON, never index.html', async () => {
    ctx = await buildTestApp();
    for (const url of ['/serveris/nothing', '/serveris', '/assets/missing.js', '/getFile/x']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: url.startsWith('/assets') ? '*/*' : 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: 'ROUTE_NOT_FOUND' });
    }
    // The file route itself is API: without its query it is a data error in JSON, not the app's page.
    const bare = await ctx.app.inject({ method: 'GET', url: '/getFile', headers: { accept: 'text/html' } });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({ code: 'DATA_ERROR', path: 'cuid' });
  });

  it('does not let a path escape the web folder', async () => {
    ctx = await buildTestApp();
    const res = await ctx.app.inject({ method: 'GET', url: '/..%2F..%2Fdata%2Feid.sqlite', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('SQLite');
  });
});
