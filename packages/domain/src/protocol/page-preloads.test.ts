import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as v from 'valibot';
import { LOCALES, localeOfLanguages } from '../rules/constants.js';
import { PagePreloadsSchema, preloadsOfPage, routeMatches, type PagePreloads } from './page-preloads.js';

const preloads: PagePreloads = {
  catalogs: { lt: '/assets/messages-lt.js', en: '/assets/messages-en.js', pl: '/assets/messages-pl.js' },
  routes: [
    { path: '/', files: ['/assets/routes-home.js', '/assets/mode-1.js', '/assets/routes-home.js'] },
    { path: '/decla', files: ['/assets/decla-1.js', '/assets/mode-1.js'] },
    { path: '/a/$suid', files: ['/assets/a._suid-1.js'] },
    { path: '/accidents/$accidentId/statements/$statementId', files: ['/assets/statement-1.js'] },
    { path: '/user', files: [] },
  ],
};

describe('the language a page starts in, from the browser\'s languages', () => {
  it.each([
    [['en-GB', 'en'], 'en'],
    [['lt-LT', 'en-US'], 'lt'],
    [['fr-FR', 'de-AT'], 'de'],
    [['UK-ua'], 'uk'],
    [['*', 'pl'], 'pl'],
    [['fr-FR', 'it'], 'lt'],
    [[], 'lt'],
  ])('%j: %s', (tags, locale) => expect(localeOfLanguages(tags)).toBe(locale));
});

describe('page preloads (issue 35 item 7)', () => {
  it.each([
    // The catalog first, then the route's files, each once.
    ['/', 'lt', ['/assets/messages-lt.js', '/assets/routes-home.js', '/assets/mode-1.js']],
    ['/decla', 'en', ['/assets/messages-en.js', '/assets/decla-1.js', '/assets/mode-1.js']],
    ['/a/Zz9Yy8Xx7Ww6', 'pl', ['/assets/messages-pl.js', '/assets/a._suid-1.js']],
    ['/accidents/17/statements/4', 'lt', ['/assets/messages-lt.js', '/assets/statement-1.js']],
    // The router is not case-sensitive and decodes escapes; nor does a doubled or trailing slash change the page.
    ['/DECLA', 'lt', ['/assets/messages-lt.js', '/assets/decla-1.js', '/assets/mode-1.js']],
    ['/%64ecla/', 'lt', ['/assets/messages-lt.js', '/assets/decla-1.js', '/assets/mode-1.js']],
    ['//decla', 'lt', ['/assets/messages-lt.js', '/assets/decla-1.js', '/assets/mode-1.js']],
    ['/a/%zz', 'lt', ['/assets/messages-lt.js', '/assets/a._suid-1.js']],
    ['/%/decla', 'lt', ['/assets/messages-lt.js']],
    // An unknown page (the router shows its not-found screen) and one whose screen imports nothing more: the catalog alone.
    ['/no/such/page', 'lt', ['/assets/messages-lt.js']],
    ['/user', 'en', ['/assets/messages-en.js']],
    // A language the build has no catalog of: the route's code alone.
    ['/', 'de', ['/assets/routes-home.js', '/assets/mode-1.js']],
  ] as const)('%s in %s: %j', (path, locale, files) => expect(preloadsOfPage(preloads, path, locale)).toEqual(files));

  it('a route\'s path with its parameters filled in matches it, and no path of another length does, longer or shorter', () => {
    const segment = fc.stringMatching(/^[\w.~-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(fc.oneof(segment, segment.map((s) => `$${s}`)), { minLength: 1, maxLength: 5 }), fc.array(segment, { minLength: 5, maxLength: 5 }), fc.integer({ min: 1, max: 3 }), (route, values, extra) => {
        const filled = route.map((s, i) => (s.startsWith('$') ? values[i]! : s));
        expect(routeMatches(`/${route.join('/')}`, `/${filled.join('/')}`)).toBe(true);
        expect(routeMatches(`/${route.join('/')}`, `/${filled.join('/')}/`)).toBe(true);
        expect(routeMatches(`/${route.join('/')}`, `/${filled.join('/').toUpperCase()}`)).toBe(true);
        expect(routeMatches(`/${route.join('/')}`, `/${[...filled, ...values.slice(0, extra)].join('/')}`)).toBe(false);
        expect(routeMatches(`/${route.join('/')}`, `/${filled.slice(0, Math.max(0, filled.length - extra)).join('/')}`)).toBe(false);
      }),
    );
  });

  it('a fixed route wins over a parameter in the same place', () => {
    const both: PagePreloads = { catalogs: {}, routes: [{ path: '/a/$suid', files: ['/assets/param.js'] }, { path: '/a/new', files: ['/assets/fixed.js'] }] };
    expect(preloadsOfPage(both, '/a/new', 'lt')).toEqual(['/assets/fixed.js']);
    expect(preloadsOfPage(both, '/a/other', 'lt')).toEqual(['/assets/param.js']);
  });

  it('the build\'s file is checked: only the build\'s own scripts, known languages', () => {
    expect(v.is(PagePreloadsSchema, preloads)).toBe(true);
    for (const bad of [
      { ...preloads, catalogs: { fr: '/assets/messages-fr.js' } },
      { ...preloads, catalogs: { lt: 'https://elsewhere.example/x.js' } },
      { ...preloads, routes: [{ path: '/', files: ['/assets/a.js>; rel=preload, </evil.js'] }] },
      { ...preloads, routes: [{ path: 'no-slash', files: [] }] },
    ]) expect(v.is(PagePreloadsSchema, bad), JSON.stringify(bad)).toBe(false);
    expect(LOCALES.every((l) => v.is(PagePreloadsSchema, { catalogs: { [l]: `/assets/messages-${l}.js` }, routes: [] }))).toBe(true);
  });
});
