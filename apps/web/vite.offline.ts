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
export const OFFLINE_LANGUAGES = ['lt', 'en'] as const;

/** Catalogs by folder: the shell's (`src/locales`) and the declaration's are offline; the account's, help pages' and console's are not. */
const CATALOG = /\/src\/(?:(decla|account|content|console)\/)?locales\/([a-z]{2})\/messages\.po$/;

/** Source folders whose code is used only online: signed in, the staff console, practice's in-page server, the captcha. */
const ONLINE_ONLY = [
  /\/apps\/web\/src\/(console|account|statement|email|practice|captcha)\//,
  /\/apps\/web\/src\/routes\/(console|user|ei|eiPreview|claims?|chat|reply|documents|liabilities|information|messages|correspconfirm|confirm|a\.\$suid|accidents\.)/,
  /\/packages\/domain\/src\/(console|account|claim|chat|bureau)\//,
  /\/node_modules\/(msw|altcha|altcha-lib|ibantools|i18n-iso-countries|diacritics|@mswjs|@bundled-es-modules|outvariant|set-cookie-parser|headers-polyfill|strict-event-emitter|graphql|path-to-regexp|tough-cookie|cookie)\//,
];

export interface ChunkFacts {
  fileName: string;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  /** The page's entry or a chunk it imports statically: always offline, whatever it holds. */
  start: boolean;
}

/**
 * Whether a built chunk is one of the offline set's own. A chunk with a module of an online-only
 * part is not; the start's chunks always are; and `offlineSet` adds whatever a kept chunk imports
 * statically (a declaration step that imports the captcha's machine loads it offline too).
 */
export function isOfflineChunk(chunk: ChunkFacts): boolean {
  const catalog = chunk.facadeModuleId ? CATALOG.exec(chunk.facadeModuleId) : null;
  if (catalog) {
    const [, area, language] = catalog;
    return (area === undefined || area === 'decla') && (OFFLINE_LANGUAGES as readonly string[]).includes(language!);
  }
  if (chunk.start) return true;
  return !chunk.moduleIds.some((id) => ONLINE_ONLY.some((pattern) => pattern.test(id)));
}

/**
 * A build plugin that learns each chunk's modules, and the service worker's manifest transform that
 * keeps, of the built scripts, only the offline set's. Files that are not scripts (the page, styles,
 * icons, the manifest) all stay.
 */
export function offlineSet(): { plugin: Plugin; manifestTransform: ManifestTransform } {
  const chunks = new Map<string, ChunkFacts>();
  /** Files of the build that are not the bundler's chunks (the classic unsupported-browser script): kept. */
  const assets = new Set<string>();
  /** The offline set's chunks with everything they import statically. */
  const kept = new Set<string>();
  const plugin: Plugin = {
    name: 'eid-offline-set',
    apply: 'build',
    generateBundle(_options, bundle) {
      const built = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const start = new Set<string>();
      const visit = (fileName: string) => {
        if (start.has(fileName)) return;
        start.add(fileName);
        for (const imported of built.find((c) => c.fileName === fileName)?.imports ?? []) visit(imported);
      };
      for (const chunk of built) if (chunk.isEntry) visit(chunk.fileName);
      for (const output of Object.values(bundle)) if (output.type === 'asset') assets.add(output.fileName);
      for (const chunk of built) chunks.set(chunk.fileName, { fileName: chunk.fileName, facadeModuleId: chunk.facadeModuleId, moduleIds: chunk.moduleIds, start: start.has(chunk.fileName) });
      // What a kept chunk imports statically is loaded with it: kept too, whatever it holds.
      const keep = (fileName: string) => {
        if (kept.has(fileName)) return;
        kept.add(fileName);
        for (const imported of built.find((c) => c.fileName === fileName)?.imports ?? []) keep(imported);
      };
      for (const chunk of built) if (isOfflineChunk(chunks.get(chunk.fileName)!)) keep(chunk.fileName);
    },
  };
  const manifestTransform: ManifestTransform = (entries) => {
    if (chunks.size === 0) throw new Error('the offline set: no chunk was seen (eid-offline-set must run in the same build)');
    const warnings: string[] = [];
    const manifest = entries.filter((entry) => {
      if (!entry.url.endsWith('.js') || !entry.url.startsWith('assets/')) return true;
      const chunk = chunks.get(entry.url);
      if (assets.has(entry.url)) return true;
      if (!chunk) {
        warnings.push(`the offline set: ${entry.url} is not a chunk of this build; precached`);
        return true;
      }
      return kept.has(chunk.fileName);
    });
    return { manifest, warnings };
  };
  return { plugin, manifestTransform };
}
