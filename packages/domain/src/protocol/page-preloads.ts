import * as v from 'valibot';
import { LOCALES, type Locale } from '../rules/constants.js';

/**
 * Issue 35 item 7: what a page's first screen needs besides the scripts its HTML preloads — its
 * route's code (with the router's, on a page the router draws: issue 35 item 2) and its language's catalog. The web build writes it (apps/web/vite.page-preloads.ts)
 * beside index.html; the server names a page's files in its `Link` header, so they download with
 * the entry's scripts, not one round trip each after them.
 */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

const file = v.pipe(v.string(), v.regex(/^\/assets\/[\w.-]+\.js$/));

export const PagePreloadsSchema = v.object({
  /** The shell's catalog of each language the build has. */
  catalogs: v.record(v.picklist(LOCALES), file),
  /** Each route (the router's path, `$name` for a parameter) and the chunks its screen imports that the HTML does not preload. */
  routes: v.array(v.object({ path: v.pipe(v.string(), v.startsWith('/')), files: v.array(file) })),
});
export type PagePreloads = v.InferOutput<typeof PagePreloadsSchema>;

/** A path segment as the router compares it: percent-decoded (a malformed escape kept as written), any case. */
function segmentOf(raw: string): string {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // `%zz` or a lone `%`: the router shows such a page as written; it matches no fixed segment but its own.
  }
  return decoded.toLowerCase();
}

/** A path's segments as the router compares them (empty ones, from doubled or trailing slashes, dropped). */
const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean).map(segmentOf);

/** Whether a route's path matches a page's segments: `$name` any one segment, a fixed one as `segmentOf` reads it. */
function matches(routePath: string, have: readonly string[]): boolean {
  const want = routePath.split('/').filter(Boolean);
  return want.length === have.length && want.every((segment, i) => segment.startsWith('$') || segmentOf(segment) === have[i]);
}

/**
 * Whether a route's path (`/a/$suid`) matches a page's (`/a/Zz9…`): segment by segment, `$name` any
 * one segment, a fixed one in any case and percent-encoding (the router is not case-sensitive).
 */
export function routeMatches(routePath: string, pathname: string): boolean {
  return matches(routePath, segmentsOf(pathname));
}

/**
 * The files a page at `pathname` in `locale` should start downloading with its HTML: its catalog
 * first (small, and every screen waits for it), then its route's code. The page's path is read once.
 */
export function preloadsOfPage(preloads: PagePreloads, pathname: string, locale: Locale): string[] {
  const have = segmentsOf(pathname);
  const route = preloads.routes.find((r) => !r.path.includes('$') && matches(r.path, have)) ?? preloads.routes.find((r) => matches(r.path, have));
  const catalog = preloads.catalogs[locale];
  return [...new Set([...(catalog ? [catalog] : []), ...(route?.files ?? [])])];
}

