import * as v from 'valibot';
import { LOCALES, type Locale } from '../rules/constants.js';

/**
 * Issue 35 item 7: what a page's first screen needs besides the scripts its HTML preloads — its
 * route's code and its language's catalog. The web build writes it (apps/web/vite.page-preloads.ts)
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

/** Whether a route's path (`/a/$suid`) matches a page's (`/a/Zz9…`): segment by segment, `$name` any one segment. */
export function routeMatches(routePath: string, pathname: string): boolean {
  const want = routePath.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  return want.length === have.length && want.every((segment, i) => segment.startsWith('$') || segment === have[i]);
}

/** The files a page at `pathname` in `locale` should start downloading with its HTML: its route's code, then its catalog. */
export function preloadsOfPage(preloads: PagePreloads, pathname: string, locale: Locale): string[] {
  const route = preloads.routes.find((r) => !r.path.includes('$') && routeMatches(r.path, pathname)) ?? preloads.routes.find((r) => routeMatches(r.path, pathname));
  const catalog = preloads.catalogs[locale];
  return [...(route?.files ?? []), ...(catalog ? [catalog] : [])];
}
