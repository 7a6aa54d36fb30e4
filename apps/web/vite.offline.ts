import type { ManifestTransform } from 'workbox-build';
import type { Plugin } from 'vite';

/**
 * Issue 35 item 7: what the service worker downloads on a first visit. It precached the whole build
 * (174 files, 949 KiB gzip): at the roadside, on 1.6 Mbit/s, about five seconds of a phone's link
 * taken from the first screen and the photos, for files most drivers never open — the console, the
 * signed-in pages, practice's in-page server, five more languages. The offline set is what a driver
 * needs to go on with a declaration without a connection: the shell, the declaration's steps and
 * the Lithuanian and English catalogs of both. Anything else is cached as it is first used
 * (vite.config.ts, `runtimeCaching`). docs/decisions/app-shell.md.
 */
const OFFLINE_LANGUAGES: readonly string[] = ['lt', 'en'];

/** Catalogs by folder: the shell's (`src/locales`) and the declaration's are offline; the account's, help pages' and console's are not. */
const CATALOG = /\/src\/(?:(decla|account|content|console)\/)?locales\/([a-z]{2})\/messages\.po$/;

/** Source folders whose code is used only online: signed in, the staff console, practice's in-page server, the captcha. */
const ONLINE_ONLY = [
  /\/apps\/web\/src\/(console|account|statement|email|practice|captcha)\//,
  // A route's own code (its split component), not its definition: the definitions are the router's chunk, which every page needs.
  /\/apps\/web\/src\/routes\/(console|user|ei|eiPreview|claims?|chat|reply|documents|liabilities|information|messages|correspconfirm|confirm|a\.\$suid|accidents\.)[^/?]*\?tsr-split/,
  /\/packages\/domain\/src\/(console|account|claim|chat|bureau)\//,
  /\/node_modules\/(msw|altcha|altcha-lib|ibantools|i18n-iso-countries|diacritics|@mswjs|@bundled-es-modules|outvariant|set-cookie-parser|headers-polyfill|strict-event-emitter|graphql|path-to-regexp|tough-cookie|cookie)\//,
];

/** The router's chunk (src/router.tsx). */
const ROUTER = /\/apps\/web\/src\/router\.tsx$/;

/**
 * Whether a built chunk is one of the offline set's own: a catalog of the shell or the declaration in
 * an offline language, or a chunk without a module of an online-only part. `offlineSet` adds the
 * page's entry and whatever a kept chunk imports statically (the start's chunks whatever they hold; a
 * declaration step that imports the captcha's machine loads it offline too).
 */
function isOfflineChunk(chunk: { readonly facadeModuleId: string | null; readonly moduleIds: readonly string[] }): boolean {
  // The router and its route tree (issue 35 item 2): every page but the first screen's needs it to be drawn at all, and
  // the route tree names every route's loader (the console's catalog among them).
  if (chunk.moduleIds.some((id) => ROUTER.test(id))) return true;
  const catalog = chunk.facadeModuleId ? CATALOG.exec(chunk.facadeModuleId) : null;
  if (catalog) {
    const [, area, language] = catalog;
    return (area === undefined || area === 'decla') && OFFLINE_LANGUAGES.includes(language!);
  }
  return !chunk.moduleIds.some((id) => ONLINE_ONLY.some((pattern) => pattern.test(id)));
}

/**
 * A build plugin that learns the offline set's chunks, and the service worker's manifest transform
 * that keeps, of the built scripts, only those. Files that are not scripts (the page, styles, icons,
 * the manifest) and scripts that are not the bundler's chunks all stay.
 */
export function offlineSet(): { plugin: Plugin; manifestTransform: ManifestTransform } {
  /** The bundler's chunks of the build, and of them the offline set with everything it imports statically. */
  const chunks = new Set<string>();
  const kept = new Set<string>();
  const plugin: Plugin = {
    name: 'eid-offline-set',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, readonly string[]>();
      for (const output of Object.values(bundle)) if (output.type === 'chunk') imports.set(output.fileName, output.imports);
      const keep = (fileName: string) => {
        if (kept.has(fileName)) return;
        kept.add(fileName);
        for (const imported of imports.get(fileName) ?? []) keep(imported);
      };
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.add(output.fileName);
        if (output.isEntry || isOfflineChunk(output)) keep(output.fileName);
      }
    },
  };
  const manifestTransform: ManifestTransform = (entries) => {
    if (chunks.size === 0) throw new Error('the offline set: no chunk was seen (eid-offline-set must run in the same build)');
    const manifest = entries.filter((entry) => !chunks.has(entry.url) || kept.has(entry.url));
    return { manifest, warnings: [] };
  };
  return { plugin, manifestTransform };
}
