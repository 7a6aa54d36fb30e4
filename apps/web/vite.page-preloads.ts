import type { Plugin, Rollup } from 'vite';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '../../packages/domain/src/protocol/page-preloads.ts';
import { LOCALES, isLocale } from '../../packages/domain/src/rules/constants.ts';
import { CONSOLE_PAGE_PATH, FIRST_SCREEN_PATHS } from './src/shell/first-screen.ts';

type OutputChunk = Rollup.OutputChunk;

/** The shell's catalog of a language (`src/locales/<locale>/messages.po`: the first screen's texts). */
const SHELL_CATALOG = /\/apps\/web\/src\/locales\/([a-z]{2})\/messages\.po$/;
/** A route's own code, split off by the router's plugin (`src/routes/<file>.tsx?tsr-split=component`). */
const ROUTE_COMPONENT = /\/apps\/web\/src\/routes\/([^/]+)\.tsx\?tsr-split=component$/;

/** A route file among the router's modules (its options; its component, when it has one, is split off). */
const ROUTE_FILE = /\/apps\/web\/src\/routes\/([^/_][^/]*)\.tsx$/;

/** The router and its route tree (src/router.tsx): a chunk of its own, which every page but the first screen's needs at once. */
const ROUTER = /\/apps\/web\/src\/router\.tsx$/;

/** The drivers' frame (src/shell/drivers-frame.tsx): a chunk of its own, which every page but the console's needs before its first render. */
const DRIVERS_FRAME = /\/apps\/web\/src\/shell\/drivers-frame\.tsx$/;

/** A flat route file's name this plugin can map: plain segments and `$name` parameters, dot-separated. */
const PLAIN_ROUTE_FILE = /^\$?[A-Za-z0-9]+(\.\$?[A-Za-z0-9]+)*$/;

/**
 * A flat route file's path: `index` → `/`, `a.$suid` → `/a/$suid` (the router's file naming). A name
 * with the router's other marks (`_layout`, `(group)`, `-private`, `[.]`, a splat) would map to a wrong
 * path, and a wrong path's page would preload another's code: the build stops instead.
 */
export function routePathOfFile(file: string): string {
  // `x.index` and `x.route` are the router's names for `/x` itself: not a segment.
  const marks = file !== 'index' && file.split('.').some((segment) => segment === 'index' || segment === 'route');
  if (!PLAIN_ROUTE_FILE.test(file) || marks) throw new Error(`page preloads: the route file "${file}" is not a plain path; teach vite.page-preloads.ts its path`);
  return file === 'index' ? '/' : `/${file.split('.').join('/')}`;
}

/**
 * Issue 35 item 7: what a page's first screen needs besides the entry's own scripts (which the HTML
 * preloads) — its route's code, the router's (issue 35 item 2: on every page but the first screen's,
 * src/shell/first-screen.ts, which the shell draws before the router) and its language's catalog — found in the build and written to
 * `page-preloads.json`, from which the server names them in the page's `Link` header: they download
 * with the entry's instead of one round trip each after it ran (180 ms each on the roadside profile).
 */
export function pagePreloads(): Plugin {
  return {
    name: 'eid-page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { readonly imports: readonly string[] }>();
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
      const closure = (roots: readonly string[]): Set<string> => {
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
        };
        roots.forEach(visit);
        return seen;
      };
      const entries = Object.values(bundle).filter((o) => o.type === 'chunk' && o.isEntry).map((o) => o.fileName);
      const preloadedByHtml = closure(entries);
      const router = Object.values(bundle).find((o): o is OutputChunk => o.type === 'chunk' && o.moduleIds.some((id) => ROUTER.test(id)));
      if (!router || preloadedByHtml.has(router.fileName)) throw new Error('page preloads: the router is not a chunk of its own (src/router.tsx), so the first screen would wait for it');
      const routerFiles = [...closure([router.fileName])].filter((f) => !preloadedByHtml.has(f));
      const frame = Object.values(bundle).find((o) => o.type === 'chunk' && o.moduleIds.some((id) => DRIVERS_FRAME.test(id)));
      if (!frame || preloadedByHtml.has(frame.fileName)) throw new Error('page preloads: the drivers\' frame is not a chunk of its own (src/shell/drivers-frame.tsx)');
      const frameFiles = [...closure([frame.fileName])].filter((f) => !preloadedByHtml.has(f));
      const firstScreen = new Set<string>(FIRST_SCREEN_PATHS);
      const result: { catalogs: Record<string, string>; routes: Array<{ path: string; files: string[] }> } = { catalogs: {}, routes: [] };
      /**
       * What a page needs before its first render, in order: the drivers' frame (not the console's page), the router (not
       * the first screen's, which the shell draws before it), then its route's own code.
       */
      const filesOf = (path: string, own: readonly string[] = []): string[] =>
        [...new Set([...(path === CONSOLE_PAGE_PATH ? [] : frameFiles), ...(firstScreen.has(path) ? [] : routerFiles), ...own])].map((f) => `/${f}`);
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !output.facadeModuleId) continue;
        const locale = SHELL_CATALOG.exec(output.facadeModuleId)?.[1];
        if (isLocale(locale)) result.catalogs[locale] = `/${output.fileName}`;
        const file = ROUTE_COMPONENT.exec(output.facadeModuleId)?.[1];
        if (file !== undefined) {
          const path = routePathOfFile(file);
          result.routes.push({ path, files: filesOf(path, [...closure([output.fileName])].filter((f) => !preloadedByHtml.has(f))) });
        }
      }
      // A route without a component (a redirect: /notifSettings) is the router's alone: its page needs the frame and the
      // router before it moves on.
      const named = new Set(result.routes.map((r) => r.path));
      for (const id of router.moduleIds) {
        const file = ROUTE_FILE.exec(id)?.[1];
        if (file === undefined) continue;
        const path = routePathOfFile(file);
        if (!named.has(path) && !firstScreen.has(path)) result.routes.push({ path, files: filesOf(path) });
      }
      const drawnByRouter = result.routes.filter((r) => firstScreen.has(r.path)).map((r) => r.path);
      if (drawnByRouter.length > 0) throw new Error(`page preloads: the first screen's ${drawnByRouter.join(', ')} has a route component, but the shell draws it (src/shell/app.tsx)`);
      // The first screen's pages: the frame, which draws them (the router comes after their paint).
      for (const path of FIRST_SCREEN_PATHS) result.routes.push({ path, files: filesOf(path) });
      const missing = LOCALES.filter((locale) => !result.catalogs[locale]);
      if (missing.length > 0) throw new Error(`page preloads: no catalog of the shell for ${missing.join(', ')} was found in the build`);
      // Matched in any case (as the router does), so two paths that differ only in case are one.
      const paths = result.routes.map((r) => r.path.toLowerCase());
      if (new Set(paths).size !== paths.length) throw new Error(`page preloads: two route files map to one path (${paths.join(', ')})`);
      const preloads: PagePreloads = result;
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 1)}\n` });
    },
  };
}
