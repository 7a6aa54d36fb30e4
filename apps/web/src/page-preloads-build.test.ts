// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@eid/domain/constants';
import { pagePreloads, routePathOfFile } from '../vite.page-preloads.ts';

type Emitted = { fileName: string; source: string };
type Chunk = string | { readonly fileName: string; readonly imports: readonly string[]; readonly moduleIds?: readonly string[] };
/** Runs the plugin's bundle step over a bundle of these chunks (module id → file name, or with its imports) and returns what it emitted. */
function run(chunks: Record<string, Chunk>, entryImports: readonly string[] = []): Emitted {
  const bundle: Record<string, unknown> = {
    'index.js': { type: 'chunk', fileName: 'assets/index.js', isEntry: true, facadeModuleId: '/r/apps/web/src/main.tsx', moduleIds: ['/r/apps/web/src/main.tsx'], imports: entryImports },
    // A library shared by the router's chunk and the pages' (no module of its own at its head).
    'assets/react-router.js': { type: 'chunk', fileName: 'assets/react-router.js', isEntry: false, facadeModuleId: null, moduleIds: ['/r/node_modules/x/index.js'], imports: [] },
  };
  for (const [id, chunk] of Object.entries(chunks)) {
    const { fileName, imports, moduleIds = [] } = typeof chunk === 'string' ? { fileName: chunk, imports: [] } : chunk;
    bundle[fileName] = { type: 'chunk', fileName, isEntry: false, facadeModuleId: id, moduleIds: [id, ...moduleIds], imports };
  }
  let emitted: Emitted | undefined;
  const hook = pagePreloads().generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
  hook.call({ emitFile: (file: Emitted) => (emitted = file) }, {}, bundle);
  if (!emitted) throw new Error('nothing emitted');
  return emitted;
}
const catalogs = Object.fromEntries(LOCALES.map((l) => [`/r/apps/web/src/locales/${l}/messages.po`, `assets/messages-${l}.js`]));
/** The router's chunk: src/router.tsx among its modules (with the router's libraries, vite.config.ts); the drivers' frame's. */
const router = {
  '/r/apps/web/src/router.tsx': { fileName: 'assets/router.js', imports: ['assets/react-router.js'] },
  '/r/apps/web/src/shell/drivers-frame.tsx': { fileName: 'assets/frame.js', imports: ['assets/switcher.js'] },
  '/r/apps/web/src/i18n/language-switcher.tsx': 'assets/switcher.js',
};

describe('the build\'s page preloads (issue 35)', () => {
  it('maps every route file of the app to its path', () => {
    // The route files as the build sees them (Vite's glob: names only, nothing loaded).
    const files = Object.keys(import.meta.glob('./routes/*.tsx')).map((f) => f.slice('./routes/'.length, -'.tsx'.length)).filter((f) => !f.startsWith('__'));
    expect(files.length).toBeGreaterThan(10);
    const paths = files.map(routePathOfFile);
    expect(paths).toContain('/');
    expect(paths).toContain('/a/$suid');
    expect(paths).toContain('/accidents/$accidentId/statements/$statementId');
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(['_layout.settings', 'posts.(group)', '-private', 'files.$', 'a[.]b', 'a..b', 'posts.index', 'posts.route'])('stops the build at the route file %s, whose path it cannot tell', (file) => {
    expect(() => routePathOfFile(file)).toThrow(/not a plain path/);
  });

  it('writes each language\'s catalog and each route\'s files: the drivers\' frame\'s and the router\'s first, then its own, each once', () => {
    const suid = { fileName: 'assets/a._suid.js', imports: ['assets/react-router.js', 'assets/statement.js'] };
    const console = { fileName: 'assets/console.js', imports: ['assets/react-router.js', 'assets/switcher.js'] };
    const out = run({
      ...catalogs,
      ...router,
      '/r/apps/web/src/routes/a.$suid.tsx?tsr-split=component': suid,
      '/r/apps/web/src/statement/page.tsx': 'assets/statement.js',
      '/r/apps/web/src/routes/console.tsx?tsr-split=component': console,
    });
    const written = JSON.parse(out.source) as { catalogs: Record<string, string>; routes: Array<{ path: string; files: string[] }> };
    expect(Object.keys(written.catalogs).sort()).toEqual([...LOCALES].sort());
    const frame = ['/assets/frame.js', '/assets/switcher.js'];
    expect(written.routes).toEqual([
      { path: '/a/$suid', files: [...frame, '/assets/router.js', '/assets/react-router.js', '/assets/a._suid.js', '/assets/statement.js'] },
      // The console draws its own frame: the drivers' is not named.
      { path: '/console', files: ['/assets/router.js', '/assets/react-router.js', '/assets/console.js', '/assets/switcher.js'] },
      // The first screen's pages: the frame alone (the router comes after their paint).
      { path: '/', files: frame },
      { path: '/decla', files: frame },
    ]);
  });

  it('gives a route without a component (a redirect) the drivers\' frame and the router, and none to the root or the first screen\'s options', () => {
    const routes = ['notifSettings', 'a.$suid', 'index', 'decla', '__root'].map((f) => `/r/apps/web/src/routes/${f}.tsx`);
    const out = run({
      ...catalogs,
      ...router,
      '/r/apps/web/src/router.tsx': { fileName: 'assets/router.js', imports: ['assets/react-router.js'], moduleIds: routes },
      '/r/apps/web/src/routes/a.$suid.tsx?tsr-split=component': 'assets/a._suid.js',
    });
    const written = JSON.parse(out.source) as { routes: Array<{ path: string; files: string[] }> };
    const frame = ['/assets/frame.js', '/assets/switcher.js'];
    expect(written.routes).toEqual([
      { path: '/a/$suid', files: [...frame, '/assets/router.js', '/assets/react-router.js', '/assets/a._suid.js'] },
      { path: '/notifSettings', files: [...frame, '/assets/router.js', '/assets/react-router.js'] },
      { path: '/', files: frame },
      { path: '/decla', files: frame },
    ]);
  });

  it('stops the build when a language has no catalog chunk of its own', () => {
    const withoutDe = Object.fromEntries(Object.entries(catalogs).filter(([id]) => !id.includes('/de/')));
    expect(() => run({ ...withoutDe, ...router })).toThrow(/no catalog of the shell for de/);
  });

  it('stops the build when the router or the drivers\' frame is not a chunk of its own, or the HTML\'s scripts import it', () => {
    const [routerChunk, frameChunk] = Object.entries(router);
    expect(() => run({ ...catalogs, [frameChunk![0]]: frameChunk![1] })).toThrow(/router is not a chunk of its own/);
    expect(() => run({ ...catalogs, ...router }, ['assets/router.js'])).toThrow(/router is not a chunk of its own/);
    expect(() => run({ ...catalogs, [routerChunk![0]]: routerChunk![1] })).toThrow(/frame is not a chunk of its own/);
    expect(() => run({ ...catalogs, ...router }, ['assets/frame.js'])).toThrow(/frame is not a chunk of its own/);
  });

  it.each(['index', 'decla'])('stops the build when the first screen\'s route %s has a component (the shell draws it)', (file) => {
    expect(() => run({ ...catalogs, ...router, [`/r/apps/web/src/routes/${file}.tsx?tsr-split=component`]: `assets/${file}.js` })).toThrow(/has a route component, but the shell draws it/);
  });
});
