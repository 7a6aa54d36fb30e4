import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { reactWithLingui } from './vite.shared.ts';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { HEALTH_PATH } from '../../packages/domain/src/protocol/paths.ts';
import { parameterPath } from '../../packages/domain/src/device/shell/api.ts';

const backend = process.env.EID_DEV_BACKEND ?? 'http://localhost:8080';

/**
 * Issue 35: what the first screen waits for starts with the HTML instead of after the scripts ran:
 * the default language's catalog (a module the start-up imports) and the start-up's two calls
 * (app-shell §4: the backend's readiness and the maps parameter; `fetchText` takes the preloaded
 * answers). A visitor in another language downloads the Lithuanian catalog too (2 KiB).
 */
function preloadFirstScreen(): Plugin {
  return {
    name: 'eid-preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const catalog = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/locales/lt/messages.po'));
        if (!catalog) throw new Error('the first screen\'s Lithuanian catalog is not a chunk of its own');
        return [
          { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${catalog.fileName}` }, injectTo: 'head' },
          ...[HEALTH_PATH, parameterPath('maps')].map((href) => ({ tag: 'link', attrs: { rel: 'preload', as: 'fetch', crossorigin: 'use-credentials', href }, injectTo: 'head' as const })),
        ];
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
    // Installable app (app-shell §1, §4): the shell precached for offline use; a new build waits
    // for the user's "reload" in the update dialog (prompt mode).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'robots.txt', 'browser-check.js', 'icons/*.png'],
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
        // The API, files and the socket are never answered from the cache.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/serveris/, /^\/getFile/],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        cleanupOutdatedCaches: true,
      },
    }),
    preloadFirstScreen(),
    precompress(),
  ],
  // Workspace packages as their sources; for the rest Vite's own conditions (ESM builds, not CJS).
  resolve: { conditions: ['@eid/source', ...defaultClientConditions] },
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
  },
});
