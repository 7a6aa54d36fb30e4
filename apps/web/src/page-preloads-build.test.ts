// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@eid/domain/constants';
import { pagePreloads, routePathOfFile } from '../vite.page-preloads.ts';

type Emitted = { fileName: string; source: string };
/** Runs the plugin's bundle step over a bundle of these chunks (module id → file name) and returns what it emitted. */
function run(chunks: Record<string, string>): Emitted {
  const bundle: Record<string, unknown> = {
    'index.js': { type: 'chunk', fileName: 'assets/index.js', isEntry: true, facadeModuleId: '/r/apps/web/src/main.tsx', imports: [] },
  };
  for (const [id, fileName] of Object.entries(chunks)) bundle[fileName] = { type: 'chunk', fileName, isEntry: false, facadeModuleId: id, imports: [] };
  let emitted: Emitted | undefined;
  const hook = pagePreloads().generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
  hook.call({ emitFile: (file: Emitted) => (emitted = file) }, {}, bundle);
  if (!emitted) throw new Error('nothing emitted');
  return emitted;
}
const catalogs = Object.fromEntries(LOCALES.map((l) => [`/r/apps/web/src/locales/${l}/messages.po`, `assets/messages-${l}.js`]));
const home = { '/r/apps/web/src/routes/index.tsx?tsr-split=component': 'assets/routes-home.js' };

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

  it('writes each language\'s catalog and each route\'s own files', () => {
    const out = run({ ...catalogs, ...home, '/r/apps/web/src/routes/a.$suid.tsx?tsr-split=component': 'assets/a._suid.js' });
    const written = JSON.parse(out.source) as { catalogs: Record<string, string>; routes: Array<{ path: string; files: string[] }> };
    expect(Object.keys(written.catalogs).sort()).toEqual([...LOCALES].sort());
    expect(written.routes).toEqual([{ path: '/', files: ['/assets/routes-home.js'] }, { path: '/a/$suid', files: ['/assets/a._suid.js'] }]);
  });

  it('stops the build when a language has no catalog chunk of its own', () => {
    const withoutDe = Object.fromEntries(Object.entries(catalogs).filter(([id]) => !id.includes('/de/')));
    expect(() => run({ ...withoutDe, ...home })).toThrow(/no catalog of the shell for de/);
  });

  it('stops the build when the home route is not a chunk of its own', () => {
    expect(() => run(catalogs)).toThrow(/home route/);
  });
});
