import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { reactWithLingui } from './vite.shared.ts';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { offlineSet } from './vite.offline.ts';
import { pagePreloads } from './vite.page-preloads.ts';
import { HEALTH_PATH } from '../../packages/domain/src/protocol/paths.ts';
import { parameterPath } from '../../packages/domain/src/device/shell/api.ts';

const backend = process.env.EID_DEV_BACKEND ?? 'http://localhost:8080';
const offline = offlineSet();

/**
 * Issue 35: the start-up's two calls (app-shell §4: the backend's readiness and the maps parameter)
 * start with the HTML instead of after the scripts ran (`fetchText` takes the preloaded answers). The
 * page's route code and language catalog are named by the server in the page's `Link` header
 * (vite.page-preloads.ts).
 */
function preloadFirstScreen(): Plugin {
  return {
    name: 'eid-preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler() {
        return [HEALTH_PATH, parameterPath('maps')].map((href) => ({ tag: 'link', attrs: { rel: 'preload', as: 'fetch', crossorigin: 'use-credentials', href }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * Issue 35 item 7: the page's two files that are not the bundler's (the classic unsupported-browser
 * script and the icon, `shell/`) under names made of their content, in `/assets/` (cached for good):
 * under fixed names the service worker had to download them again (`cache: 'reload'`) after the page had.
 */
function hashedShellFiles(): Plugin {
  const files = ['browser-check.js', 'favicon.svg'].map((name) => {
    const source = readFileSync(join(import.meta.dirname, 'shell', name));
    const dot = name.lastIndexOf('.');
    const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
    const type = name.endsWith('.svg') ? 'image/svg+xml' : 'text/javascript; charset=utf-8';
    return { path: `/${name}`, fileName: `assets/${name.slice(0, dot)}-${hash}${name.slice(dot)}`, source, type };
  });
  let building = true;
  return {
    name: 'eid-hashed-shell-files',
    configResolved(config) {
      building = config.command === 'build';
    },
    // The development server serves them under their own names (and reads them again: they may be edited).
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = files.find((f) => f.path === request.url);
        if (!file) return next();
        response.setHeader('content-type', file.type);
        response.end(readFileSync(join(import.meta.dirname, 'shell', file.path.slice(1))));
      });
    },
    buildStart() {
      if (building) for (const { fileName, source } of files) this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!building) return html;
        return files.reduce((page, { path, fileName }) => {
          if (!page.includes(`"${path}"`)) throw new Error(`index.html no longer refers to ${path}`);
          return page.replaceAll(`"${path}"`, `"/${fileName}"`);
        }, html);
      },
    },
  };
}

/**
 * Brotli and gzip copies of the built text files, written once at build time: the server sends
 * them to browsers that accept them (no compression work per request).
 */
function precompress(): Plugin {
  const TEXT = /\.(js|css|html|svg|webmanifest|json|txt)$/;
  return {
    name: 'eid-precompress',
    apply: 'build',
    enforce: 'post',
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(join(import.meta.dirname, 'dist'))) {
        if (!TEXT.test(file) || statSync(file).size < 1024) continue;
        const bytes = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    // One lazily loaded chunk per route (app-shell §2).
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: `${import.meta.dirname}/src/routes`,
      generatedRouteTree: `${import.meta.dirname}/src/routeTree.gen.ts`,
    }),
    ...reactWithLingui(),
    offline.plugin,
    // Installable app (app-shell §1, §4): the shell precached for offline use; a new build waits
    // for the user's "reload" in the update dialog (prompt mode).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['robots.txt', 'icons/*.png'],
      manifest: {
        name: 'EID – elektroninė eismo įvykio deklaracija',
        short_name: 'EID',
        description: 'Elektroninė eismo įvykio deklaracija: du vairuotojai pildo vieną deklaraciją kartu.',
        lang: 'lt',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0b5394',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // What a driver needs offline, not the whole build (vite.offline.ts); the rest is cached when first used.
        manifestTransforms: [offline.manifestTransform],
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'eid-assets', expiration: { maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 60 } },
          },
        ],
        // The API, files and the socket are never answered from the cache.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/serveris/, /^\/getFile/],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        cleanupOutdatedCaches: true,
      },
    }),
    preloadFirstScreen(),
    pagePreloads(),
    hashedShellFiles(),
    precompress(),
  ],
  // Workspace packages as their sources; for the rest Vite's own conditions (ESM builds, not CJS).
  resolve: {
    conditions: ['@eid/source', ...defaultClientConditions],
    // XState's and TanStack Store's React bindings ask for the shim of useSyncExternalStore (for React before 18);
    // React 19 has the hook: its own, and the selector helper without the shim (issue 35 item 3).
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./src/shell/use-sync-external-store-shim.ts', import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/serveris': { target: backend, ws: true, changeOrigin: false },
      '/getFile': { target: backend },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Issue 35 item 7: what the first screen imports is one file with the entry, not 25 small ones
        // (121.9 → 113.8 KiB gzip; on HTTP/1.1 six at a time, each a round trip of 150 ms on the roadside
        // profile). Lazy parts import what they share with it from the entry (docs/decisions/app-shell.md).
        // Issue 35 item 2: the router's libraries (none of them in the first screen of / and /decla) one
        // file too: split by the shared-import rule into six, they were 3 KiB more gzip and six requests on
        // every other page. Only the libraries: a group takes its modules' imports with it, and the route
        // tree's (the login dialog's host, the catalogs' loaders) are the drivers' frame's too.
        codeSplitting: {
          groups: [
            // First: a group takes its modules' imports with it, and the entry's stay the entry's.
            { name: 'start', tags: ['$initial'], priority: 10 },
            // Not use-sync-external-store's selector helper: XState's binding uses it too, and the wizard would wait for the router.
            { name: 'tanstack-router', test: /[\\/]node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/ },
            // What the drivers' frame shares with the console (the language picker) and with the route tree (the catalogs'
            // loaders), then the frame itself with the rest of what it imports: three files on a drivers' page, not eight
            // (/ 91.6 → 90.5 KiB gzip; the console's sign-in 119.3 → 119.1).
            { name: 'language-switcher', test: /[\\/]apps[\\/]web[\\/]src[\\/](i18n[\\/]language-switcher\.tsx|shell[\\/]use-modal\.ts)$/, priority: 3 },
            { name: 'catalogs', test: /[\\/]apps[\\/]web[\\/]src[\\/]((decla|account)[\\/]catalog|shell[\\/](query|login-request))\.ts$/, priority: 2 },
            { name: 'drivers-frame', test: /[\\/]apps[\\/]web[\\/]src[\\/]shell[\\/]drivers-frame\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
});
