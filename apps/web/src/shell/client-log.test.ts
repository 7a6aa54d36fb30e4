import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientErrorReportSchema, ClientFrameworkErrorSchema, ClientMessageLogSchema, LogQuerySchema } from '@eid/domain/protocol';
import { instanceId, log, logErrorReport, logFrameworkError } from './client-log';
import { rewriteQuery, takeQueryParam } from './query';

type Call = { url: string; body: unknown };

describe('client logger (app-shell §7)', () => {
  let calls: Call[];
  beforeEach(() => {
    calls = [];
    localStorage.clear();
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return Promise.resolve(new Response(null, { status: 204 }));
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('[SH4] a message goes to /serveris/log* with node_id and the instance-id prefix, in the shape the server accepts', () => {
    log('warn', 'wizard', 'step failed', { step: 5 });
    const id = instanceId();
    expect(localStorage.getItem('instanceID')).toBe(id);
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.pathname).toBe('/serveris/log/warn');
    expect(v.is(LogQuerySchema, { node_id: url.searchParams.get('node_id') })).toBe(true);
    expect(url.searchParams.get('node_id')).toBe(id);
    expect(v.is(ClientMessageLogSchema, calls[0]!.body)).toBe(true);
    // What the page adds goes as text: the server bounds it like the message (FU13).
    expect(calls[0]!.body).toMatchObject({ src: 'wizard', message: `[${id}] step failed`, data: '{"step":5}' });
  });

  it('[SH4] with a declaration in progress the prefix is the plates pair', () => {
    localStorage.setItem('eidPlates', JSON.stringify({ own: { plate: 'KLM123' }, other: { plate: 'HBN512' }, oneDevice: false }));
    log('info', 'hub', 'connected');
    expect(calls[0]!.body).toMatchObject({ message: '[KLM123-HBN512] connected' });
  });

  it('uncaught errors and init failures in the report shape (init without node_id); framework errors in theirs', () => {
    logErrorReport({ src: 'window', msg: 'x is undefined', url: 'http://h/assets/a.js', line: 3, col: 14, error: 'TypeError: x is undefined\n at a.js:3:14' });
    logErrorReport({ src: 'init', msg: 'catalog failed' }, true);
    logFrameworkError(new RangeError('bad index'), { componentStack: 'in Step' });
    expect(calls.map((c) => new URL(c.url, 'http://x').pathname)).toEqual(['/serveris/log/error', '/serveris/log/error', '/serveris/log/error']);
    expect(calls[0]!.url).toContain('node_id=');
    expect(calls[1]!.url).not.toContain('node_id=');
    expect(v.is(ClientErrorReportSchema, calls[0]!.body)).toBe(true);
    expect(v.is(ClientErrorReportSchema, calls[1]!.body)).toBe(true);
    expect(calls[1]!.body).toMatchObject({ line: -1, col: -1 });
    expect(v.is(ClientFrameworkErrorSchema, calls[2]!.body)).toBe(true);
    expect(calls[2]!.body).toMatchObject({ src: 'react', error: 'bad index', name: 'RangeError' });
  });

  it('[RT4] an error report says the route where it happened, never a view-link id nor a query value', () => {
    window.history.replaceState(null, '', '/accidents/AbCdEfGhIjKlMnOpQrStUvWxYz012345/statements/ZyXwVuTsRqPoNmLkJiHgFeDcBa987654?lang=lt');
    logErrorReport({ src: 'window', msg: 'boom' });
    logErrorReport({ src: 'window', msg: 'boom', url: `${location.origin}/a/Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp` });
    const urls = calls.map((c) => (c.body as { url: string }).url);
    expect(urls).toEqual(['/accidents/:accidentId/statements/:statementId?lang=…', '/a/:suid']);
    window.history.replaceState(null, '', '/');
  });

  it('a failing network never throws from a log call', () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    expect(() => log('error', 'x', 'y')).not.toThrow();
  });
});

describe('query-string helpers (app-shell §2)', () => {
  it('reads a parameter and removes it from the address without a reload; rewrites the query in place', () => {
    window.history.replaceState(null, '', '/userSettings?s=M&t=abc#top');
    const before = window.history.length;
    expect(takeQueryParam('t')).toBe('abc');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/userSettings?s=M#top');
    expect(takeQueryParam('t')).toBeNull();
    rewriteQuery({ s: 'C', page: '2' });
    expect(window.location.search).toBe('?s=C&page=2');
    rewriteQuery({ page: null });
    expect(window.location.search).toBe('?s=C');
    expect(window.history.length).toBe(before);
  });
});
