import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_PRELOADS_FILE } from '@eid/domain/protocol';
import { buildTestApp } from '../testing/build-test-app.js';

/** A test app whose web build has this `page-preloads.json` (text as written). */
async function appWithPreloads(text: string) {
  const dir = mkdtempSync(join(tmpdir(), 'eid-server-'));
  mkdirSync(join(dir, 'web'), { recursive: true });
  writeFileSync(join(dir, 'web', PAGE_PRELOADS_FILE), text);
  return buildTestApp({}, { dir });
}

const PRELOADS = {
  catalogs: { lt: '/assets/messages-lt.js', en: '/assets/messages-en.js', pl: '/assets/messages-pl.js', de: '/assets/messages-de.js' },
  routes: [
    { path: '/', files: ['/assets/routes-home.js', '/assets/mode-1.js'] },
    { path: '/a/$suid', files: ['/assets/a._suid-1.js'] },
  ],
};
const links = (header: unknown) => String(header ?? '').split(', ').filter(Boolean);

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

  it.each([
    // The catalog of the page's language (the browser's first the service speaks, by preference), then its route's code.
    ['/', {}, ['/assets/messages-lt.js', '/assets/routes-home.js', '/assets/mode-1.js']],
    ['/', { 'accept-language': 'en-GB,en;q=0.9,lt;q=0.8' }, ['/assets/messages-en.js', '/assets/routes-home.js', '/assets/mode-1.js']],
    ['/', { 'accept-language': 'fr-FR, lt;q=0.3, de;q=0.7' }, ['/assets/messages-de.js', '/assets/routes-home.js', '/assets/mode-1.js']],
    ['/', { 'accept-language': 'fr, it;q=0.5' }, ['/assets/messages-lt.js', '/assets/routes-home.js', '/assets/mode-1.js']],
    // ST5: the language a link names comes before the browser's.
    ['/a/Zz9Yy8Xx7Ww6?lang=pl', { 'accept-language': 'en' }, ['/assets/messages-pl.js', '/assets/a._suid-1.js']],
    ['/a/Zz9Yy8Xx7Ww6?lang=xx', { 'accept-language': 'en' }, ['/assets/messages-en.js', '/assets/a._suid-1.js']],
    ['/no/such/page', { 'accept-language': 'pl-PL' }, ['/assets/messages-pl.js']],
    // Paths as people and odd links write them: the router matches them as these do.
    ['/A/Zz9Yy8Xx7Ww6/', {}, ['/assets/messages-lt.js', '/assets/a._suid-1.js']],
    ['/%61/Zz9Yy8Xx7Ww6?lang=en&lang=pl', {}, ['/assets/messages-en.js', '/assets/a._suid-1.js']],
    ['/a/Zz9Yy8Xx7Ww6?lang=%', { 'accept-language': 'pl' }, ['/assets/messages-pl.js', '/assets/a._suid-1.js']],
  ])('[issue 35] the page %s %j names its route code and catalog in its Link header', async (url, headers, files) => {
    ctx = await appWithPreloads(JSON.stringify(PRELOADS));
    const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'br', ...headers } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="app">');
    expect(links(res.headers.link)).toEqual(files.map((f) => `<${f}>; rel=modulepreload`));
    // The answer depends on the browser's languages.
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-language');
  });

  it.each([
    // A path the static files refuse (a doubled slash, a broken escape): a typed error, as before the Link header.
    ['//[/', 403],
    ['//x:99999/a', 403],
    ['/%', 400],
    ['/a/%zz', 400],
    // Odd queries and very long paths reach the page, whose Link header must not fail it.
    ['/?%', 200],
    ['/?lang', 200],
    ['/no/page?lang=%E0%A4%A&lang=de', 200],
    [`/${'a/'.repeat(2000)}`, 200],
  ] as const)('[issue 35] the odd path %s answers %i, never a server error', async (url, status) => {
    ctx = await appWithPreloads(JSON.stringify(PRELOADS));
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await ctx.app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(res.statusCode, `${method} ${url}`).toBe(status);
      if (status === 200) {
        expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^text\/html/);
        expect(links(res.headers.link)[0], `${method} ${url}`).toBe('</assets/messages-lt.js>; rel=modulepreload');
      } else if (method === 'GET') {
        expect(res.json(), url).toEqual({ code: 'DATA_ERROR' });
      }
    }
  });

  it('[issue 35] odd and oversized Accept-Language headers get the page, and its Link header names only the build\'s files', async () => {
    ctx = await appWithPreloads(JSON.stringify(PRELOADS));
    for (const value of ['', '*', ';;;,,,', 'en;q=abc', `${'x-'.repeat(4000)}en`, 'de;q=0, lt;q=0.1', '</evil.js>; rel=preload', 'pl'.padEnd(8000, ',')]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', 'accept-language': value } });
      expect(res.statusCode, value).toBe(200);
      for (const link of links(res.headers.link)) expect(link, value).toMatch(/^<\/assets\/[\w.-]+\.js>; rel=modulepreload$/);
    }
  });

  it.each([
    ['missing', null],
    ['not JSON', '{"catalogs":'],
    ['a file outside the build', JSON.stringify({ ...PRELOADS, catalogs: { lt: 'https://elsewhere.example/x.js' } })],
  ])('[issue 35] with the build\'s page preloads %s, pages are served without a Link header and the log says why', async (_case, text) => {
    ctx = text === null ? await buildTestApp() : await appWithPreloads(text);
    const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers.link).toBeUndefined();
    expect(ctx.logLines.some((l) => l.level === 40 && String(l.msg).includes('page preloads'))).toBe(true);
  });

  it('does not let a path escape the web folder', async () => {
    ctx = await buildTestApp();
    const res = await ctx.app.inject({ method: 'GET', url: '/..%2F..%2Fdata%2Feid.sqlite', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('SQLite');
  });
});
