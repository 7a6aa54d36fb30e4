// Builds what `npm start` serves: the TypeScript projects (incremental) and the web app
// (skipped when its inputs did not change since the last build).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, ensureNpmDependencies, log, run, treeDigest } from './lib/bootstrap.mjs';
import { ensureLtsNode } from './lib/runtime.mjs';

const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/shell',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite.shared.ts',
  'apps/web/vite.offline.ts',
  'apps/web/lingui.config.ts',
  'apps/web/package.json',
  'packages/domain',
  // Practice's in-page hub (src/practice/).
  'packages/hub',
  // The browser adapters (transport, practice backend, MSW handlers, address fixture ...).
  'adapters',
  'package-lock.json',
  // The version history page is built from it.
  'CHANGELOG.md',
];

export function build({ force = false } = {}) {
  ensureNpmDependencies();
  const tscMs = run('npx', ['tsc', '-b']);
  log(`server and packages compiled (${(tscMs / 1000).toFixed(1)} s)`);
  const stampFile = join(ROOT, 'apps/web/dist/.build-stamp');
  const digest = treeDigest(WEB_INPUTS, { ignore: ['routeTree.gen.ts'] });
  if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === digest) {
    log('web app is up to date');
    return;
  }
  // The service worker's build (workbox) leaves its sw.js in a temporary folder: the build's own, removed after.
  const buildTmp = join(ROOT, 'node_modules', '.cache', 'web-build-tmp');
  rmSync(buildTmp, { recursive: true, force: true });
  mkdirSync(buildTmp, { recursive: true });
  let viteMs;
  try {
    viteMs = run('npx', ['vite', 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn'], { env: { ...process.env, TMPDIR: buildTmp } });
  } finally {
    rmSync(buildTmp, { recursive: true, force: true });
  }
  writeFileSync(stampFile, digest);
  log(`web app built (${(viteMs / 1000).toFixed(1)} s)`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await ensureLtsNode();
  try {
    build({ force: process.argv.includes('--force') });
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(error.exitCode ?? 1);
  }
}
