import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// Source strings are written in English in the code; Lithuanian is the default UI language
// (app-shell §9: default and fallback locale lt). LINGUI_CATALOG_DIR lets the i18n check
// extract into a scratch copy and compare it with the committed catalogs.
const dir = process.env.LINGUI_CATALOG_DIR ?? '<rootDir>/src/locales';
// The server's texts (SMS, e-mails, photo legends, the declaration PDF) are a catalog of their own
// (adapters/texts-catalog), extracted and checked by the same commands; the server reads it at run time.
const serverDir = process.env.LINGUI_SERVER_CATALOG_DIR ?? '<rootDir>/../../adapters/texts-catalog/locales';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['lt', 'en'],
  fallbackLocales: { default: 'lt' },
  catalogs: [
    {
      path: `${dir}/{locale}/messages`,
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.*', '**/routeTree.gen.ts'],
    },
    {
      path: `${serverDir}/{locale}/messages`,
      include: ['<rootDir>/../server/src/messages', '<rootDir>/../../adapters/document-pdf/src'],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
